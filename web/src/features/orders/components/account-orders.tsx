import { Link } from 'react-router-dom';
import { useAccountOrders } from '../api/order-lists';
import { orderNumber } from '../../../lib/orders/order-status-text';
import { OrderCard } from './order-card';
import '../../../components/orders/order-lists.css';

// The "Your orders" section of /account: the signed-in shopper's orders, newest first, with
// pictures, status, amounts, refunds and tracking links (GET /api/orders).

export function AccountOrders({ uid }: { uid: string }) {
  const { data: orders, isPending, error, refetch } = useAccountOrders(uid);
  return (
    <section className="account-orders" aria-labelledby="account-orders-title">
      <h2 id="account-orders-title">Your orders</h2>
      {isPending && <p>Loading your orders...</p>}
      {error && (
        <div className="callout callout--error" role="alert">
          <p>Your orders could not be loaded: {error.message}</p>
          <button type="button" className="button button--ghost button--small" onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      )}
      {orders && orders.length === 0 && (
        <p>
          No orders yet. <Link to="/store">Visit the store</Link>
        </p>
      )}
      {orders && orders.length > 0 && (
        <ul className="order-cards">
          {orders.map((order) => (
            <li key={order.id} data-testid="account-order">
              <OrderCard order={{ ...order, number: orderNumber(order) }} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
