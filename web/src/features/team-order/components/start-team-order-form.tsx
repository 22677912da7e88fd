import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { TEAM_ORDER_MAX_MEMBERS, TEAM_ORDER_NAME_MAX_LENGTH } from '@shop/shared';
import { closingDateProblem, latestClosingDate } from '@shop/shared/domain/team-order';
import { studioDate } from '@shop/shared/domain/time';
import { createTeamOrderBodySchema } from '@shop/shared/schemas';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import { useStudioTimeZone } from '../../../lib/studio-time';
import { useAuthState } from '../../../lib/auth/auth-session';
import { useStartTeamOrder } from '../api/team-order-api';
import { teamOrderLeadPath } from '../team-order-paths';
import { TeamOrderProductPicker } from './team-order-product-picker';
import '../team-order.css';

// The lead's form (docs/rules.md#team-orders): the products offered (the one the lead came from is
// chosen already; the picker adds more), a colour fixed for everyone or not, the closing day and
// how many people may join.

export function StartTeamOrderForm({
  catalogue,
  initialProductId,
}: {
  catalogue: readonly StorefrontProduct[];
  initialProductId: string | null;
}) {
  const zone = useStudioTimeZone();
  const today = studioDate(new Date(), zone);
  const navigate = useNavigate();
  const start = useStartTeamOrder();
  const first = catalogue.find((p) => p.id === initialProductId) ?? null;
  const [productIds, setProductIds] = useState<string[]>(first ? [first.id] : []);
  const [color, setColor] = useState('');
  const [closesOn, setClosesOn] = useState(() => defaultClosing(today));
  const [maxMembers, setMaxMembers] = useState('20');
  const [title, setTitle] = useState('');
  const auth = useAuthState();
  const [leadName, setLeadName] = useState(() => (auth.user?.displayName ?? '').slice(0, TEAM_ORDER_NAME_MAX_LENGTH));
  const [problem, setProblem] = useState<string | null>(null);
  /** The products' own problem (none chosen), shown at the picker rather than above the form. */
  const [productsProblem, setProductsProblem] = useState<string | null>(null);
  const search = useRef<HTMLInputElement>(null);

  const chosen = productIds.map((id) => catalogue.find((p) => p.id === id)).filter((p) => p !== undefined);
  // Only colours every chosen product is made in can be fixed for everyone.
  const colours = chosen.length
    ? [...new Set(chosen[0].variants.map((v) => v.color))].filter((c) =>
        chosen.every((p) => p.variants.some((v) => v.color === c)),
      )
    : [];
  // A colour fixed before a product without it was added is no longer on offer.
  const fixedColour = colours.includes(color) ? color : '';
  const choose = (ids: string[]) => {
    setProductIds(ids);
    if (ids.length > 0) setProductsProblem(null);
  };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setProductsProblem(null);
    const parsed = createTeamOrderBodySchema.safeParse({
      title: title.trim() || undefined,
      leadName: leadName.trim() || undefined,
      productIds,
      color: fixedColour || undefined,
      closesOn,
      maxMembers: Number(maxMembers),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue?.path[0] === 'productIds') {
        // Everything else typed stays; the lead is taken to where a product is added.
        setProblem(null);
        setProductsProblem(issue.message);
        search.current?.focus();
        return;
      }
      return setProblem(issue?.message ?? 'Check the form');
    }
    const dateProblem = closingDateProblem(closesOn, today);
    if (dateProblem) return setProblem(dateProblem);
    setProblem(null);
    start.mutate(parsed.data, { onSuccess: (order) => navigate(teamOrderLeadPath(order.id)) });
  }

  const error = problem ?? (start.error ? start.error.message : null);
  return (
    <form className="team-order-form" noValidate onSubmit={onSubmit}>
      {error && (
        <div className="callout callout--error" role="alert">
          <p>{error}</p>
        </div>
      )}
      <TeamOrderProductPicker
        catalogue={catalogue}
        productIds={productIds}
        onChange={choose}
        searchRef={search}
        error={productsProblem}
      />
      <div className="field">
        <label htmlFor="team-order-colour">Colour</label>
        <select id="team-order-colour" value={fixedColour} onChange={(e) => setColor(e.target.value)}>
          <option value="">Everyone chooses their colour</option>
          {colours.map((c) => (
            <option key={c} value={c}>
              {c} for everyone
            </option>
          ))}
        </select>
      </div>
      <div className="form-row">
        <div className="field">
          <label htmlFor="team-order-closes">Closes at the end of</label>
          <input
            id="team-order-closes"
            type="date"
            min={today}
            max={latestClosingDate(today)}
            value={closesOn}
            onChange={(e) => setClosesOn(e.target.value)}
            required
          />
        </div>
        <div className="field">
          <label htmlFor="team-order-max">People, at most</label>
          <input
            id="team-order-max"
            type="number"
            inputMode="numeric"
            min={1}
            max={TEAM_ORDER_MAX_MEMBERS}
            value={maxMembers}
            onChange={(e) => setMaxMembers(e.target.value)}
            required
          />
        </div>
      </div>
      <div className="field">
        <label htmlFor="team-order-title">
          Name of the order <span className="field__optional">(optional)</span>
        </label>
        <input
          id="team-order-title"
          type="text"
          maxLength={TEAM_ORDER_NAME_MAX_LENGTH}
          placeholder="Platform team hoodies"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="team-order-lead-name">
          Your name, as your team knows you <span className="field__optional">(optional)</span>
        </label>
        <input
          id="team-order-lead-name"
          type="text"
          autoComplete="name"
          maxLength={TEAM_ORDER_NAME_MAX_LENGTH}
          value={leadName}
          onChange={(e) => setLeadName(e.target.value)}
        />
        <p className="field__hint">Everyone with the link sees it, so they know who is ordering.</p>
      </div>
      <div className="form-actions">
        <button type="submit" className="button button--primary button--large" disabled={start.isPending}>
          {start.isPending ? 'Starting...' : 'Start and get the link'}
        </button>
      </div>
    </form>
  );
}

/** A week from today, the default closing day (well within the 60 days allowed). */
function defaultClosing(today: string): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
}
