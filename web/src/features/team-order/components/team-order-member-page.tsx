import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { TEAM_ORDER_EMAIL_MAX_LENGTH, TEAM_ORDER_NAME_MAX_LENGTH } from '@shop/shared';
import { closingDayWords } from '@shop/shared/domain/team-order';
import { teamMemberChoiceSchema, type TeamOrderLinkView } from '@shop/shared/schemas';
import { PICTURE_SIZES } from '@shop/shared/pictures';
import { formatPrice } from '../../../lib/catalog/format-price';
import { ProductPicture } from '../../../components/ui/product-picture';
import { isApiError } from '../../../lib/api-client';
import { forgetMemberPass, readMemberPass, useMemberLine, useTeamLink, type MemberPass } from '../api/team-order-api';
import { teamOrderLeadPath } from '../team-order-paths';
import { useAuthState } from '../../../lib/auth/auth-session';
import { LeftNotice, MyLine } from './member-notices';
import '../../../components/ui/option-picker.css';
import '../team-order.css';

// /store/team/:token (docs/rules.md#team-orders): what anyone with the link sees, without an
// account: the products, a size and colour, their name; then their own line, which they may change
// or withdraw until the order closes. A closed, expired or revoked link says so kindly.

export function TeamOrderMemberPage({ token }: { token: string }) {
  const [pass, setPass] = useState<MemberPass | null>(() => readMemberPass(token));
  // Said once the colleague withdrew, until they join again.
  const [left, setLeft] = useState(false);
  const auth = useAuthState();
  const link = useTeamLink(token, pass, auth.status === 'signed-in' ? auth.user.uid : null);
  const view = link.data;

  // A kept pass whose line the lead removed is forgotten, so the form offers to join again.
  const gone = Boolean(view && pass && !view.me);
  const linePass = gone ? null : pass;
  useEffect(() => {
    if (gone) forgetMemberPass(token);
  }, [gone, token]);

  if (link.isPending) return <p className="container page">Loading the team order...</p>;
  if (link.error || !view) {
    const linkGone = isApiError(link.error) && (link.error.status === 404 || link.error.status === 400);
    return (
      <section className="container page team-order" aria-labelledby="team-order-gone">
        <h1 id="team-order-gone">{linkGone ? 'This link no longer works' : 'The team order could not be loaded'}</h1>
        <div className="callout" role="status">
          <p>{link.error?.message}</p>
        </div>
        {!linkGone && (
          <button type="button" className="button button--ghost" onClick={() => void link.refetch()}>
            Try again
          </button>
        )}
        <p>
          <Link to="/store">Visit the store</Link>
        </p>
      </section>
    );
  }

  // The lead who opens the link they shared gets their own page: the list, close, pay.
  if (view.leadOrderId) return <Navigate to={teamOrderLeadPath(view.leadOrderId)} replace />;

  return (
    <section className="container page team-order" aria-labelledby="team-order-title">
      <p className="eyebrow">Team order from {view.leadName}</p>
      <h1 id="team-order-title">{view.title}</h1>
      <p className="team-order__facts">
        {view.state === 'open'
          ? `Closes at the end of ${closingDayWords(view.closesOn)}. ${view.memberCount} of ${view.maxMembers} places taken.`
          : `${view.memberCount} people joined.`}{' '}
        {view.leadName} pays for everyone; you pay nothing here.
      </p>
      {view.notice && (
        <div className="callout" role="status" data-testid="team-order-notice">
          <p>{view.notice}</p>
        </div>
      )}
      {view.me && <MyLine view={view} />}
      {left && !view.me && <LeftNotice view={view} />}
      {view.state === 'open' && (
        <ChoiceForm
          key={view.me?.updatedAt ?? 'new'}
          token={token}
          view={view}
          pass={linePass}
          onPass={(next) => {
            setPass(next);
            setLeft(next === null);
          }}
        />
      )}
    </section>
  );
}

function ChoiceForm({
  token,
  view,
  pass,
  onPass,
}: {
  token: string;
  view: TeamOrderLinkView;
  pass: MemberPass | null;
  onPass: (pass: MemberPass | null) => void;
}) {
  const { save, withdraw } = useMemberLine(token, pass, onPass);
  const available = view.products.filter((p) => !p.unavailable);
  const [productId, setProductId] = useState(view.me?.productId ?? available[0]?.id ?? '');
  const product = available.find((p) => p.id === productId) ?? available[0];
  const colours = [...new Set((product?.variants ?? []).map((v) => v.color))];
  const [color, setColor] = useState(view.me?.color ?? view.color ?? (colours.length === 1 ? colours[0] : ''));
  const sizes = (product?.variants ?? []).filter((v) => !color || v.color === color).map((v) => v.size);
  const [size, setSize] = useState(view.me?.size ?? '');
  const [name, setName] = useState(view.me?.name ?? '');
  const [email, setEmail] = useState(view.me?.email ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const full = !view.me && view.memberCount >= view.maxMembers;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!size) return setProblem('Choose a size');
    if (!color) return setProblem('Choose a colour');
    const parsed = teamMemberChoiceSchema.safeParse({ name, productId: product?.id, size, color, email });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Check your choice');
    setProblem(null);
    save.mutate(parsed.data);
  }

  const error = problem ?? save.error?.message ?? withdraw.error?.message ?? null;
  if (full) {
    return (
      <div className="callout" role="status">
        <p>This team order is full. Ask {view.leadName} whether they can start another.</p>
      </div>
    );
  }
  return (
    <form
      className="team-order-form"
      noValidate
      onSubmit={onSubmit}
      aria-label={view.me ? 'Change your choice' : 'Join'}
    >
      <h2>{view.me ? 'Change your choice' : 'Choose yours'}</h2>
      {error && (
        <div className="callout callout--error" role="alert">
          <p>{error}</p>
        </div>
      )}
      {available.length > 1 && (
        <fieldset className="field field--group">
          <legend>Product</legend>
          {available.map((p) => (
            <label key={p.id} className="checkbox">
              <input
                type="radio"
                name="team-order-product"
                checked={product?.id === p.id}
                onChange={() => {
                  setProductId(p.id);
                  setSize('');
                }}
              />{' '}
              {p.title} ({formatPrice(p.price)})
            </label>
          ))}
        </fieldset>
      )}
      {product && (
        <div className="team-order__product">
          {product.imageUrl && (
            <ProductPicture
              url={product.imageUrl}
              sizes={PICTURE_SIZES.teamOrder}
              box={96}
              fallbackWidth={96}
              alt=""
              loading="lazy"
            />
          )}
          <p>
            <strong>{product.title}</strong>
            <br />
            {formatPrice(product.price)}, paid by {view.leadName}
          </p>
        </div>
      )}
      {view.color ? (
        <p>Colour: {view.color} for everyone.</p>
      ) : (
        <fieldset className="option-group">
          <legend>Colour</legend>
          <div className="option-list">
            {colours.map((c) => (
              <label key={c} className="option">
                <input
                  type="radio"
                  name="team-order-colour"
                  checked={color === c}
                  onChange={() => {
                    setColor(c);
                    setSize('');
                  }}
                />
                <span>{c}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <fieldset className="option-group">
        <legend>Size</legend>
        <div className="option-list">
          {[...new Set(sizes)].map((s) => (
            <label key={s} className="option">
              <input type="radio" name="team-order-size" checked={size === s} onChange={() => setSize(s)} />
              <span>{s}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor="team-order-name">Your name</label>
        <input
          id="team-order-name"
          type="text"
          autoComplete="name"
          maxLength={TEAM_ORDER_NAME_MAX_LENGTH}
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
        />
        <p className="field__hint">Printed on the packing list so the lead knows whose it is.</p>
      </div>
      <div className="field">
        <label htmlFor="team-order-email">Your e-mail, to hear when it ships (optional)</label>
        <input
          id="team-order-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={TEAM_ORDER_EMAIL_MAX_LENGTH}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-describedby="team-order-email-hint"
        />
        <p className="field__hint" id="team-order-email-hint">
          Used only to tell you when the parcel ships. {view.leadName} sees your name and size, never your address.
          {view.me?.email ? ' Empty the field and save to remove it.' : ''}
        </p>
      </div>
      <div className="form-actions">
        <button type="submit" className="button button--primary button--large" disabled={save.isPending}>
          {view.me ? 'Save my change' : 'Join the team order'}
        </button>
        {view.me && !asking && (
          <button type="button" className="button button--ghost" onClick={() => setAsking(true)}>
            Withdraw
          </button>
        )}
      </div>
      {view.me && asking && (
        <div className="callout team-order__confirm" role="group" aria-labelledby="team-order-withdraw-question">
          <p id="team-order-withdraw-question">
            <strong>Leave the team order?</strong> Your line is taken off {view.leadName}&apos;s list.
          </p>
          <div className="form-actions">
            <button
              type="button"
              className="button button--primary"
              disabled={withdraw.isPending}
              onClick={() => withdraw.mutate(undefined, { onSettled: () => setAsking(false) })}
            >
              Yes, withdraw
            </button>
            <button type="button" className="button button--ghost" onClick={() => setAsking(false)}>
              Stay in
            </button>
          </div>
        </div>
      )}
    </form>
  );
}
