import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { ORDER_STAGE_WORDS, onHoldReason, orderStage } from '@shop/shared/domain/order';
import { checkoutSessionIdSchema, type OrderStatusResponse } from '@shop/shared/schemas';
import { isApiError } from '../../../lib/api-client';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { useCartStore } from '../../../lib/cart/use-cart';
import { useOrderBySession } from '../api/get-order-by-session';
import { OrderCancel } from './order-cancel';
import { OrderChangeGate } from './order-change-gate';
import '../orders.css';
import '../../../components/orders/order-lists.css';
import { AfterPurchase, OrderDetails } from './order-details';

function NotFound() {
  return (
    <div className="container page">
      <div className="order-status order-status--failed" role="status" data-testid="order-not-found">
        <h2>We could not find this order</h2>
        <p>
          The link does not lead to an order of ours. If you have just paid, the confirmation e-mail has the right link;
          nothing is charged twice if you try again from your cart.
        </p>
      </div>
      <Link to="/store/cart" className="button button--ghost">
        Go to your cart
      </Link>
    </div>
  );
}

/** Paid but nothing is being made: shown in the warning colour, not the green of a confirmed order. */
const heldOf = (order: OrderStatusResponse) =>
  orderStage({ status: order.status, fulfilmentStatus: order.fulfilment.status }) === 'on-hold';

/** The order's stage in the shared words: a held order is never called confirmed. */
function StageNotice({ order }: { order: OrderStatusResponse }) {
  const stage = orderStage({
    status: order.status,
    fulfilmentStatus: order.fulfilment.status,
    refunded: order.refunded ?? 0,
    secondChance: order.secondChance,
  });
  const words = ORDER_STAGE_WORDS[stage];
  return (
    <>
      <h2 data-testid="order-stage" data-stage={stage}>
        {words.title}
      </h2>
      {stage === 'on-hold' && <p>{onHoldReason(order.fulfilment.status)}</p>}
      <p>{words.text}</p>
    </>
  );
}

/** The order behind `session_id`, polled while its payment is being confirmed. */
export function OrderConfirmation({ sessionId }: { sessionId: string | null }) {
  const order = useOrderBySession(sessionId);
  const cart = useCartStore();
  const status = order.data?.status;
  const stage = order.data ? `${order.data.status}:${order.data.fulfilment.orderId ?? ''}` : null;

  useEffect(() => {
    // The worker empties the cart a paid order came from, just after marking it paid: each step
    // of the order re-reads the cart, so the page shows the emptied one.
    if (stage && !stage.startsWith('pending')) void cart.load();
  }, [stage, cart]);

  if (!sessionId) {
    return (
      <div className="container page">
        <p className="callout">There is no order to show here. Orders appear on this page after checkout.</p>
        <Link to="/store">Back to the store</Link>
      </div>
    );
  }
  if (!checkoutSessionIdSchema.safeParse(sessionId).success) return <NotFound />;
  if (order.isPending) return <LoadingScreen label="Loading your order..." />;
  if (order.isError && isApiError(order.error) && (order.error.status === 404 || order.error.status === 400))
    return <NotFound />;

  return (
    <div className="container page">
      <div role="status" aria-live="polite">
        {order.isError ? (
          <div className="order-status order-status--failed">
            <h2>We could not load your order just now</h2>
            <p>Your payment is safe. Reload this page in a moment to see it.</p>
          </div>
        ) : (
          <div
            className={`order-status order-status--${order.data.status}${heldOf(order.data) ? ' order-status--on-hold' : ''}`}
            data-testid="order-status"
            data-status={order.data.status}
          >
            <StageNotice order={order.data} />
          </div>
        )}
      </div>
      {/* The order first, as the e-mail and the lookup show it; the ways to change one's mind below it. */}
      {order.data && <OrderDetails order={order.data} />}
      {order.data && (
        <OrderCancel
          target={{ sessionId }}
          status={order.data.status}
          fulfilmentStatus={order.data.fulfilment.status}
          secondChance={order.data.secondChance}
          onDone={() => void order.refetch()}
        />
      )}
      {order.data && (
        <OrderChangeGate
          target={{ sessionId }}
          items={order.data.items}
          currency={order.data.currency}
          secondChance={order.data.secondChance}
          address={order.data.shippingAddress}
          onChanged={() => void order.refetch()}
        />
      )}
      {order.data && <AfterPurchase order={order.data} />}
      {(status === 'failed' || status === 'expired') && (
        <Link to="/store/cart" className="button button--primary">
          Back to the cart
        </Link>
      )}
      {(status === 'paid' || status === 'shipped') && (
        <Link to="/store" className="button button--ghost">
          Continue shopping
        </Link>
      )}
    </div>
  );
}
