import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import type { OrderStatus, OrderStatusResponse } from '@shop/shared/schemas';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { useCartStore } from '../../cart/use-cart';
import { formatPrice } from '../../catalog/format-price';
import { useOrderBySession } from '../api/get-order-by-session';
import '../orders.css';

const STATUS_TEXT: Record<OrderStatus, { title: string; text: string }> = {
  pending: { title: 'Confirming your payment...', text: 'This usually takes a few seconds. The page updates by itself.' },
  paid: { title: 'Thank you: your order is confirmed', text: 'Payment received. We have sent the order to our print partner and will e-mail you when it ships.' },
  shipped: { title: 'Your order is on its way', text: 'The print partner has shipped your order.' },
  failed: { title: 'The payment did not go through', text: 'Nothing was charged. Your cart is still there if you would like to try again.' },
  expired: { title: 'The payment session expired', text: 'Nothing was charged. Your cart is still there if you would like to try again.' },
  refunded: { title: 'This order was refunded', text: 'The payment has been returned to you. Your bank may take a few days to show it.' },
};

function OrderDetails({ order }: { order: OrderStatusResponse }) {
  const { fulfilment } = order;
  return (
    <>
      <dl className="order-facts">
        <dt>Order</dt>
        <dd>{order.id}</dd>
        <dt>Fulfilment</dt>
        <dd data-testid="fulfilment-status">
          {fulfilment.provider === 'printful' ? 'Printful' : fulfilment.provider}: {fulfilment.status === 'none' ? 'not started' : fulfilment.status}
          {fulfilment.orderId !== null && ` (order ${fulfilment.orderId})`}
        </dd>
        {fulfilment.tracking && (
          <>
            <dt>Tracking</dt>
            <dd>
              {fulfilment.tracking.carrier && `${fulfilment.tracking.carrier} `}
              {fulfilment.tracking.url ? (
                <a href={fulfilment.tracking.url} rel="noreferrer noopener" target="_blank">
                  {fulfilment.tracking.number}
                </a>
              ) : (
                fulfilment.tracking.number
              )}
            </dd>
          </>
        )}
      </dl>
      <table className="data-table order-items">
        <caption className="visually-hidden">Items in this order</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Quantity</th>
            <th scope="col">Price</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item) => (
            <tr key={item.lineId}>
              <td data-label="Item">
                {item.name}
                <br />
                <small>
                  {item.size}, {item.color}
                </small>
              </td>
              <td data-label="Quantity">{item.quantity}</td>
              <td data-label="Price">{formatPrice(item.unitPrice, order.currency)}</td>
              <td data-label="Total">{formatPrice(item.unitPrice * item.quantity, order.currency)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              Total
            </th>
            <td data-testid="order-total">{formatPrice(order.totalPrice, order.currency)}</td>
          </tr>
        </tfoot>
      </table>
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
  if (order.isPending) return <LoadingScreen label="Loading your order..." />;

  return (
    <div className="container page">
      <div role="status" aria-live="polite">
        {order.isError ? (
          <div className="order-status order-status--failed">
            <h2>We could not find this order</h2>
            <p>{order.error.message}</p>
          </div>
        ) : (
          <div className={`order-status order-status--${order.data.status}`} data-testid="order-status" data-status={order.data.status}>
            <h2>{STATUS_TEXT[order.data.status].title}</h2>
            <p>{STATUS_TEXT[order.data.status].text}</p>
          </div>
        )}
      </div>
      {order.data && <OrderDetails order={order.data} />}
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
