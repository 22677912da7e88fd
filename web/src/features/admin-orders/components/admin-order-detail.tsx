import { useState } from 'react';
import { Link } from 'react-router-dom';
import { orderNumber } from '../../../lib/orders/order-status-text';
import { useAdminOrder } from '../api/admin-orders-api';
import { CancelRequest } from './cancel-request';
import { HoldControls } from './hold-controls';
import { OrderChanges } from './order-changes';
import { OrderFacts } from './order-facts';
import { OrderHistoryItems } from './order-history-items';
import { RefundForm } from './refund-form';
import { ResendButton } from './resend-button';
import { RetryButton } from './retry-button';
import '../../../components/orders/order-lists.css';
import '../admin-order-list.css';

// /admin/orders/:orderId: one order in full for the studio, with its two actions. The refund is
// asked of Stripe; the order shows it once Stripe's event has come back through the webhook and
// the worker (docs/rules.md#after-payment), so the page reads the order again until it does.
export function AdminOrderDetailPage({ orderId }: { orderId: string }) {
  // The refund just made: the order is read again until it carries it.
  const [awaiting, setAwaiting] = useState<string | null>(null);
  const { data: order, isPending, error } = useAdminOrder(orderId, awaiting);
  return (
    <div className="container admin-section">
      <p>
        <Link to="/admin/orders">← All orders</Link>
      </p>
      {isPending && <p>Loading the order...</p>}
      {error && (
        <div className="callout callout--error" role="alert">
          <p>The order could not be loaded: {error.message}</p>
        </div>
      )}
      {order && (
        <div className="page-layout page-columns">
          <section className="card" aria-labelledby="order-title">
            <h2 id="order-title">Order {orderNumber(order)}</h2>
            <OrderFacts order={order} />
          </section>
          <section className="card" aria-labelledby="actions-title">
            <h2 id="actions-title">Actions</h2>
            <HoldControls order={order} />
            <RetryButton order={order} />
            <CancelRequest order={order} />
            <RefundForm order={order} onRefunded={setAwaiting} />
            <ResendButton order={order} />
            <OrderChanges order={order} />
            {order.events.length > 0 && (
              <>
                <h3>History</h3>
                <ol className="admin-order__events">
                  <OrderHistoryItems events={order.events} />
                </ol>
              </>
            )}
          </section>
        </div>
      )}
    </div>
  );
}
