import { Link } from 'react-router-dom';
import { customerKeyOfView, customerPath } from '@shop/shared/domain/customer';
import { shippingOptionLabel } from '@shop/shared/domain/delivery';
import { orderStage } from '@shop/shared/domain/order';
import { REFUND_REASON_LABELS, type AdminOrderDetail, type RefundReason } from '@shop/shared/schemas';
import { formatPrice } from '../../../lib/catalog/format-price';
import { useStudioTime } from '../../../lib/studio-time';
import { orderArrival } from '../../../lib/orders/order-arrival';
import { orderStageLabel, productionLabel, refundStatusLabel } from '../../../lib/orders/order-status-text';
import { OrderAddress } from './order-address';

/** The discount code's part of the sum (docs/rules.md#what-a-merch-shopper-expects): Stripe took it off the items. */
function discountText(order: AdminOrderDetail, money: (n: number) => string): string {
  const discount = order.amounts?.discount ?? 0;
  if (discount <= 0) return '';
  return ` − ${money(discount)} discount${order.discountCode ? ` (${order.discountCode})` : ''}`;
}

/** What the studio said when refunding: Stripe's reason in words, its note, and whether the shopper was told. */
function refundDetails(refund: AdminOrderDetail['refunds'][number]): string {
  const parts = [
    refund.reason ? (REFUND_REASON_LABELS[refund.reason as RefundReason] ?? refund.reason).toLowerCase() : null,
    refund.tellCustomer === false ? 'customer not e-mailed' : null,
  ].filter(Boolean);
  return `${parts.length ? ` (${parts.join(', ')})` : ''}${refund.note ? `: “${refund.note}”` : ''}`;
}
/** The order's facts for the studio: status, customer, address, items, money and the two providers' links. */
export function OrderFacts({ order }: { order: AdminOrderDetail }) {
  const time = useStudioTime();
  const money = (n: number) => formatPrice(n, order.currency);
  // The quoted window, as the shopper's confirmation says it.
  const arrival = orderArrival(order, 'en-US');
  return (
    <dl className="admin-facts">
      <dt>Status</dt>
      <dd>
        <span className={`order-badge order-badge--${orderStage(order)}`} data-testid="admin-order-status">
          {orderStageLabel(order)}
        </span>
      </dd>
      <dt>Placed</dt>
      <dd>{time.dateTime(order.createdAt)}</dd>
      <dt>Customer</dt>
      <dd>
        {order.customerName ?? 'no name'} ·{' '}
        {order.customerEmail ? <a href={`mailto:${order.customerEmail}`}>{order.customerEmail}</a> : 'no e-mail'} (
        {order.owner.kind === 'user' ? 'account' : 'guest'})
        <CustomerLink order={order} />
      </dd>
      <dt>Ships to</dt>
      <dd>
        <OrderAddress order={order} />
        {order.shippingMethod && (
          <div>
            {shippingOptionLabel(order.shippingMethod.name)}
            {arrival && <> · {arrival}</>}
          </div>
        )}
      </dd>
      <dt>Items</dt>
      <dd>
        <ul>
          {order.items.map((item) => (
            <li key={item.lineId}>
              {item.quantity} × {item.variantName ?? item.name} at {money(item.unitPrice)}
            </li>
          ))}
        </ul>
      </dd>
      <dt>Amounts</dt>
      <dd data-testid="admin-order-amounts">
        {order.amounts
          ? `${money(order.amounts.subtotal)} items${discountText(order, money)} + ${money(order.amounts.shipping)} shipping + ${money(order.amounts.tax)} tax = ${money(order.amounts.total)}`
          : money(order.totalPrice)}
      </dd>
      <dt>Refunds</dt>
      <dd data-testid="admin-order-refunds">
        {order.refunds.length === 0
          ? 'None'
          : order.refunds.map((r, i) => (
              <span key={r.id}>
                {i > 0 && ', '}
                {money(r.amount)} <span title={r.status}>{refundStatusLabel(r.status)}</span>
                {refundDetails(r)}
              </span>
            ))}
      </dd>
      <dt>Stripe</dt>
      <dd>
        {order.links.stripe ? (
          <a href={order.links.stripe} target="_blank" rel="noreferrer noopener">
            Payment in Stripe
          </a>
        ) : (
          '—'
        )}
      </dd>
      <dt>Printful</dt>
      <dd>
        {order.links.printful ? (
          <a href={order.links.printful} target="_blank" rel="noreferrer noopener">
            Order {order.printfulOrderId} in Printful
          </a>
        ) : (
          'No Printful order'
        )}{' '}
        · {productionLabel(order)}
        {order.fulfilmentStatus === 'canceled'
          ? ' · not charged'
          : order.printfulCost !== null && ` · costs ${formatPrice(order.printfulCost, 'USD')}`}
        {order.fulfilmentReason && ` — ${order.fulfilmentReason}`}
      </dd>
    </dl>
  );
}

/** The customer's page: every order and quote of whoever placed this one. */
function CustomerLink({ order }: { order: AdminOrderDetail }) {
  const key = customerKeyOfView(order);
  return key ? (
    <>
      {' · '}
      <Link to={customerPath(key)}>Customer page</Link>
    </>
  ) : null;
}
