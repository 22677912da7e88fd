import { Link } from 'react-router-dom';
import { useAuthState } from '../../../lib/auth/auth-session';
import '../team-order.css';

// The product page's and the cart's way into a team order (docs/rules.md#team-orders): a signed-in
// shopper starts one for this product (on the cart, choosing the products on the next page);
// anyone else is told that signing in offers it.

export const teamOrderStartPath = (productId?: string) =>
  productId ? `/store/team/start?product=${encodeURIComponent(productId)}` : '/store/team/start';

export function StartTeamOrderEntry({ productId }: { productId?: string }) {
  const auth = useAuthState();
  return (
    <aside className="team-order-entry" aria-labelledby="team-order-entry-title">
      <h2 id="team-order-entry-title" className="team-order-entry__title">
        Ordering for a team?
      </h2>
      {auth.status === 'signed-in' ? (
        <p>
          Share one link: everyone picks their own size and writes their name, and you pay once.{' '}
          <Link className="button button--ghost button--small" to={teamOrderStartPath(productId)}>
            Start a team order
          </Link>
        </p>
      ) : (
        <p>
          <Link to="/login" state={{ from: teamOrderStartPath(productId) }}>
            Sign in
          </Link>{' '}
          to start a team order: one link, everyone picks a size, one payment.
        </p>
      )}
    </aside>
  );
}
