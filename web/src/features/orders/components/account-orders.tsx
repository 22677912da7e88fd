import { Link } from 'react-router-dom';
import type { AccountOrder } from '@shop/shared/schemas';
import { formatPrice } from '../../../lib/catalog/format-price';
import { useAccountOrders } from '../api/order-lists';
import { fulfilmentLabel, ORDER_STATUS_LABEL, orderNumber } from '../order-status-text';
import '../order-lists.css';

// The "Your orders" section of /account: the signed-in shopper's orders, newest first, with
// status, amounts, refunds and tracking links (GET /api/orders).

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function AccountOrderCard({ order }: { order: AccountOrder }) {
  const amounts = order.amounts;
  return (
    <li className="order-card" data-testid="account-order">
      <header className="order-card__head">
        <div>
          <h3 className="order-card__number">Order {orderNumber(order)}</h3>
          <p className="order-card__date">{dateFormat.format(new Date(order.createdAt))}</p>
        </div>
        <span className={`order-badge order-badge--${order.status}`} data-testid="account-order-status">
          {ORDER_STATUS_LABEL[order.status]}
        </span>
      </header>
      <ul className="order-card__items">
        {order.items.map((item) => (
          <li key={item.lineId}>
            <span>
              {item.name}
              {item.variantName && item.variantName !== item.name && <small> {item.variantName}</small>}
            </span>
            <span className="order-card__qty">
              {item.quantity} × {formatPrice(item.unitPrice, order.currency)}
            </span>
          </li>
        ))}
      </ul>
      <dl className="order-card__amounts">
        {amounts && (
          <>
            <dt>Subtotal</dt>
            <dd>{formatPrice(amounts.subtotal, order.currency)}</dd>
            {amounts.discount ? (
              <>
                <dt>Discount</dt>
                <dd data-testid="account-order-discount">−{formatPrice(amounts.discount, order.currency)}</dd>
              </>
            ) : null}
            <dt>Shipping</dt>
            <dd>{formatPrice(amounts.shipping, order.currency)}</dd>
            <dt>Tax</dt>
            <dd>{formatPrice(amounts.tax, order.currency)}</dd>
          </>
        )}
        <dt className="order-card__total">Total</dt>
        <dd className="order-card__total">{formatPrice(amounts?.total ?? order.totalPrice, order.currency)}</dd>
        {order.refunded > 0 && (
          <>
            <dt>Refunded</dt>
            <dd data-testid="account-order-refunded">−{formatPrice(order.refunded, order.currency)}</dd>
          </>
        )}
      </dl>
      <p className="order-card__fulfilment">
        Production: {fulfilmentLabel(order.fulfilmentStatus)}
        {order.tracking.map((t) => (
          <span key={t.number}>
            {' · '}
            {t.url ? (
              <a href={t.url} target="_blank" rel="noreferrer noopener">
                Track {t.carrier ? `${t.carrier} ` : ''}
                {t.number}
              </a>
            ) : (
              `${t.carrier ?? 'Tracking'} ${t.number}`
            )}
          </span>
        ))}
      </p>
    </li>
  );
}

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
            <AccountOrderCard key={order.id} order={order} />
          ))}
        </ul>
      )}
    </section>
  );
}
