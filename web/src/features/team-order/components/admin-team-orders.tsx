import { Link } from 'react-router-dom';
import { closingDayWords, TEAM_ORDER_STATE_WORDS } from '@shop/shared/domain/team-order';
import { useAllTeamOrders } from '../api/team-order-api';
import { teamOrderLeadPath } from '../team-order-paths';
import '../team-order.css';

// The studio's list of team orders (docs/rules.md#team-orders): newest first, each opening its
// list of names and sizes (read-only for the studio: only the lead changes a team order).

export function AdminTeamOrders() {
  const { data, isPending, error } = useAllTeamOrders();
  if (isPending) return <p>Loading team orders...</p>;
  if (error) {
    return (
      <div className="callout callout--error" role="alert">
        <p>{error.message}</p>
      </div>
    );
  }
  if (data.teamOrders.length === 0) return <p>No team orders yet.</p>;
  return (
    <ul className="team-order__list" data-testid="admin-team-orders">
      {data.teamOrders.map((order) => (
        <li key={order.id}>
          <span className="team-order__member">
            <Link to={teamOrderLeadPath(order.id)}>
              <strong>{order.title}</strong>
            </Link>{' '}
            by {order.leadName}: {order.memberCount} of {order.maxMembers} people, {TEAM_ORDER_STATE_WORDS[order.state]}
          </span>
          <span>closes at the end of {closingDayWords(order.closesOn)}</span>
        </li>
      ))}
    </ul>
  );
}
