import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MESSAGES } from '@shop/shared';
import { closingDayWords, TEAM_ORDER_STATE_WORDS } from '@shop/shared/domain/team-order';
import type { TeamOrderLeadView } from '@shop/shared/schemas';
import { useFillTeamCart, useLeadAction, useLeadTeamOrder, useLiveTeamOrder } from '../api/team-order-api';
import { ACCOUNT_TEAM_ORDERS_PATH, teamOrderLinkPath } from '../team-order-paths';
import '../team-order.css';
import { variantWords } from '@shop/shared/domain/product';

// The lead's page (docs/rules.md#team-orders): the link to share, the list as it fills (live, over
// the team order's event stream), how many of each size, and the lead's actions: remove a line,
// close, revoke the link, and once closed, pay once through the usual cart and checkout. The studio
// (an admin who is not the lead) reads the same page without the lead's buttons.

export function TeamOrderLeadPage({ id, signedIn }: { id: string; signedIn: boolean }) {
  const query = useLeadTeamOrder(id, signedIn);
  const view = query.data;
  const live = useLiveTeamOrder(id, signedIn && Boolean(view) && view?.state !== 'paid');
  if (!signedIn) return null;
  if (query.isPending) return <p className="container page">Loading your team order...</p>;
  if (!view) {
    return (
      <section className="container page team-order">
        <h1>Team order</h1>
        <div className="callout callout--error" role="alert">
          <p>{query.error?.message}</p>
        </div>
        <p>
          <Link to="/store">Back to the store</Link>
        </p>
      </section>
    );
  }
  const lead = view.viewer === 'lead';
  return (
    <section className="container page team-order" aria-labelledby="team-order-title">
      <p className="eyebrow">
        {lead ? 'Your team order' : `Team order by ${view.leadName}`} · {TEAM_ORDER_STATE_WORDS[view.state]}
      </p>
      <h1 id="team-order-title">{view.title}</h1>
      {!lead && (
        <div className="callout" role="note" data-testid="team-order-studio-note">
          <p>{MESSAGES.teamOrderStudioView}</p>
        </div>
      )}
      <p className="team-order__facts">
        {view.members.length} of {view.maxMembers} people.{' '}
        {view.state === 'open'
          ? `Closes at the end of ${closingDayWords(view.closesOn)}.`
          : 'Closed: nobody can join or change any more.'}
        {view.color ? ` Everyone gets ${view.color}.` : ''}
      </p>
      {view.state !== 'paid' && live === 'reconnecting' && (
        <p className="field__hint" role="status" data-testid="team-order-live">
          {MESSAGES.teamOrderLiveReconnecting}
        </p>
      )}
      <ShareLink view={view} />
      <Counts view={view} />
      <Members view={view} />
      {lead && <LeadActions view={view} />}
      {lead && (
        <p>
          <Link to={ACCOUNT_TEAM_ORDERS_PATH}>All your team orders</Link>
        </p>
      )}
    </section>
  );
}

function ShareLink({ view }: { view: TeamOrderLeadView }) {
  const action = useLeadAction(view.id);
  const [copied, setCopied] = useState(false);
  const url = view.linkToken ? new URL(teamOrderLinkPath(view.linkToken), window.location.origin).href : null;
  return (
    <div className="team-order__share">
      <h2>The link to share</h2>
      {url ? (
        <>
          <p className="team-order__link">
            <input
              aria-label="Team order link"
              readOnly
              value={url}
              data-testid="team-order-link"
              onFocus={(e) => e.target.select()}
            />
            <button
              type="button"
              className="button button--primary button--small"
              onClick={() =>
                void navigator.clipboard?.writeText(url).then(
                  () => setCopied(true),
                  () => setCopied(false),
                )
              }
            >
              {copied ? 'Copied' : 'Copy link'}
            </button>
          </p>
          <p className="field__hint">
            {view.state === 'open'
              ? 'Anyone with this link can join; no account needed.'
              : 'Closed: the link now tells whoever opens it that the order has closed.'}
          </p>
          {view.state === 'open' && view.viewer === 'lead' && (
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={action.isPending}
              onClick={() => action.mutate({ kind: 'revoke' })}
            >
              Revoke the link
            </button>
          )}
        </>
      ) : (
        <>
          <p>The link is revoked: it no longer works for anyone.</p>
          {view.state === 'open' && view.viewer === 'lead' && (
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={action.isPending}
              onClick={() => action.mutate({ kind: 'renew' })}
            >
              Make a new link
            </button>
          )}
        </>
      )}
    </div>
  );
}

function Counts({ view }: { view: TeamOrderLeadView }) {
  if (view.counts.length === 0) return null;
  return (
    <div className="team-order__counts">
      <h2>How many of each</h2>
      <ul data-testid="team-order-counts">
        {view.counts.map((line) => (
          <li key={`${line.productId}|${line.size}|${line.color}`}>
            <strong>{line.count}</strong> × {line.title}, {variantWords(line)}
            {line.unavailable && <span className="team-order__flag"> no longer sold: left out when you pay</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Members({ view }: { view: TeamOrderLeadView }) {
  const action = useLeadAction(view.id);
  return (
    <div className="team-order__members">
      <h2>Who joined</h2>
      {view.members.length === 0 ? (
        <p>Nobody yet. The list fills here as people join, without reloading.</p>
      ) : (
        <ul className="team-order__list" data-testid="team-order-members">
          {view.members.map((member) => (
            <li key={member.id}>
              <span className="team-order__member">
                <strong>{member.name}</strong> {member.productTitle}, {variantWords(member)}
                {member.unavailable && <span className="team-order__flag"> no longer sold</span>}
              </span>
              {view.state !== 'paid' && view.viewer === 'lead' && (
                <button
                  type="button"
                  className="button button--ghost button--small"
                  aria-label={`Remove ${member.name}`}
                  disabled={action.isPending}
                  onClick={() => action.mutate({ kind: 'remove', memberId: member.id })}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function LeadActions({ view }: { view: TeamOrderLeadView }) {
  const action = useLeadAction(view.id);
  const fill = useFillTeamCart(view.id);
  const navigate = useNavigate();
  const error = action.error?.message ?? fill.error?.message ?? null;
  const leftOut = view.counts.filter((line) => line.unavailable);
  return (
    <div className="team-order__actions">
      {error && (
        <div className="callout callout--error" role="alert">
          <p>{error}</p>
        </div>
      )}
      {view.state === 'open' && (
        <button
          type="button"
          className="button button--ghost"
          disabled={action.isPending}
          onClick={() => action.mutate({ kind: 'close' })}
        >
          Close it now
        </button>
      )}
      {view.state === 'closed' && view.members.length > 0 && (
        <>
          {leftOut.length > 0 && (
            <div className="callout" role="status">
              <p>
                Some choices are no longer sold and will be left out:{' '}
                {leftOut.map((l) => `${l.count} × ${l.title} (${variantWords(l)})`).join('; ')}. Tell the people
                concerned before you pay.
              </p>
            </div>
          )}
          <p>Your cart will hold these lines instead of what it holds now; then pay as usual, once.</p>
          <button
            type="button"
            className="button button--primary button--large"
            disabled={fill.isPending}
            onClick={() => fill.mutate(undefined, { onSuccess: () => navigate('/store/cart') })}
          >
            Put it in my cart and pay
          </button>
        </>
      )}
    </div>
  );
}
