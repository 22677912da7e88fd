import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { closingDayWords, TEAM_ORDER_STATE_WORDS } from '@shop/shared/domain/team-order';
import { useMyTeamOrders } from '../api/team-order-api';
import { ACCOUNT_TEAM_ORDERS_ANCHOR, TEAM_ORDER_START_PATH, teamOrderLeadPath } from '../team-order-paths';
import '../team-order.css';

// The "Your team orders" section of /account (GET /api/team-orders): a lead finds each team order
// they started again, one tap from the account menu, and opens its page to see the list, close it
// or pay. Nothing is shown to a shopper who never started one.

export function AccountTeamOrders({ uid }: { uid: string }) {
  const { data, error, refetch } = useMyTeamOrders(uid);
  const orders = data?.teamOrders ?? [];
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  const shown = orders.length > 0;
  // From the menu's "Team orders": the list arrives after the page, so it is brought into view then.
  useEffect(() => {
    if (shown && hash === `#${ACCOUNT_TEAM_ORDERS_ANCHOR}`) {
      section.current?.scrollIntoView({ block: 'start' });
      section.current?.focus({ preventScroll: true });
    }
  }, [shown, hash]);
  if (!error && !shown) {
    return hash === `#${ACCOUNT_TEAM_ORDERS_ANCHOR}` && data ? (
      <section id={ACCOUNT_TEAM_ORDERS_ANCHOR} aria-labelledby="account-team-orders-title">
        <h2 id="account-team-orders-title">Your team orders</h2>
        <p>
          None yet. <Link to={TEAM_ORDER_START_PATH}>Start a team order</Link>: one link, everyone picks a size, one
          payment.
        </p>
      </section>
    ) : null;
  }
  return (
    <section
      ref={section}
      id={ACCOUNT_TEAM_ORDERS_ANCHOR}
      className="account-team-orders"
      aria-labelledby="account-team-orders-title"
      tabIndex={-1}
    >
      <h2 id="account-team-orders-title">Your team orders</h2>
      {error && (
        <div className="callout callout--error" role="alert">
          <p>Your team orders could not be loaded: {error.message}</p>
          <button type="button" className="button button--ghost button--small" onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      )}
      {orders.length > 0 && (
        <ul className="team-order__list">
          {orders.map((order) => (
            <li key={order.id} data-testid="account-team-order">
              <span className="team-order__member">
                <Link to={teamOrderLeadPath(order.id)}>
                  <strong>{order.title}</strong>
                </Link>{' '}
                {TEAM_ORDER_STATE_WORDS[order.state]}: {order.memberCount} of {order.maxMembers} people
              </span>
              {order.state === 'open' && <span>closes at the end of {closingDayWords(order.closesOn)}</span>}
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to={TEAM_ORDER_START_PATH}>Start another team order</Link>
      </p>
    </section>
  );
}
