import { Link } from 'react-router-dom';
import { shippingOptionLabel } from '@shop/shared/domain/delivery';
import { orderStatusPath } from '@shop/shared/pages';
import type { OrderStatusResponse } from '@shop/shared/schemas';
import { formatPrice } from '../../../lib/catalog/format-price';
import { taxLabel } from '../../../lib/orders/tax-label';
import { orderArrival } from '../../../lib/orders/order-arrival';
import { productionLabel } from '../../../lib/orders/order-status-text';
import { TableHeading } from '../../../components/ui/table-heading';
import { useAuthState } from '../../../lib/auth/auth-session';
import { ItemName, ItemPicture, ShippingAddress, TrackingLinks } from './order-parts';

// The paid order as the confirmation page shows it (order-confirmation.tsx holds the page and its states):
// its amounts, lines, delivery and address, then what the shopper may still do.

function Money({
  label,
  amount,
  testId,
  strong = false,
}: {
  label: string;
  amount: string;
  testId: string;
  strong?: boolean;
}) {
  const Cell = strong ? 'th' : 'td';
  return (
    <tr className={strong ? 'order-amounts__total' : undefined}>
      <th scope="row" colSpan={3}>
        {label}
      </th>
      <Cell data-testid={testId}>{amount}</Cell>
    </tr>
  );
}

/** A discount code's amount off (docs/rules.md#what-a-merch-shopper-expects); orders paid before codes existed have none. */
function discountOf(amounts: NonNullable<OrderStatusResponse['amounts']>): number | null {
  return amounts.discount !== undefined && amounts.discount > 0 ? amounts.discount : null;
}

/** Where the confirmation went, and for a guest what an account would add. */
export function AfterPurchase({ order }: { order: OrderStatusResponse }) {
  const auth = useAuthState();
  const confirmed = order.status === 'paid' || order.status === 'shipped' || order.status === 'refunded';
  if (!confirmed) return null;
  return (
    <div className="order-after">
      {order.email && (
        <p data-testid="confirmation-email">
          A confirmation e-mail was sent to <strong>{order.email}</strong>.
        </p>
      )}
      {order.number && (
        <p>
          Keep the order number <strong>{order.number}</strong>: with it and your e-mail address you can{' '}
          <Link to={orderStatusPath(order.number)}>look up this order</Link> at any time.
        </p>
      )}
      {auth.status === 'signed-out' && (
        <div className="callout order-account-offer" data-testid="account-offer">
          <p>
            <strong>Create an account</strong> to keep your cart on every device and find your next orders in one place.
          </p>
          <Link to="/login?mode=sign-up" state={{ from: '/account' }} className="button button--ghost button--small">
            Create an account
          </Link>
        </div>
      )}
    </div>
  );
}

export function OrderDetails({ order }: { order: OrderStatusResponse }) {
  const { fulfilment, amounts } = order;
  const itemsTotal = order.items.reduce((sum, item) => sum + item.unitPrice * item.quantity, 0);
  const money = (amount: number) => formatPrice(amount, order.currency);
  const arrival = orderArrival({ ...order, fulfilmentStatus: order.fulfilment.status });
  return (
    <>
      <dl className="order-facts">
        {order.number && (
          <>
            <dt>Order number</dt>
            <dd data-testid="order-number">{order.number}</dd>
          </>
        )}
        {order.teamOrderTitle && (
          <>
            <dt>Team order</dt>
            <dd data-testid="order-team-order">{order.teamOrderTitle}</dd>
          </>
        )}
        <dt>Production</dt>
        <dd data-testid="fulfilment-status">
          {productionLabel({
            status: order.status,
            fulfilmentStatus: fulfilment.status,
            refunded: order.refunded ?? 0,
            secondChance: order.secondChance,
          })}
        </dd>
        {order.shippingMethod && (
          <>
            <dt>Shipping</dt>
            <dd data-testid="shipping-method">{shippingOptionLabel(order.shippingMethod.name)}</dd>
          </>
        )}
        {arrival && (
          <>
            <dt>Delivery</dt>
            <dd data-testid="delivery-estimate">
              <strong>{arrival}</strong>
            </dd>
          </>
        )}
        {fulfilment.tracking && (
          <>
            <dt>Tracking</dt>
            <dd>
              <TrackingLinks tracking={[fulfilment.tracking]} />
            </dd>
          </>
        )}
        {order.shippingAddress && (
          <>
            <dt>Shipping to</dt>
            <dd>
              <ShippingAddress address={order.shippingAddress} />
            </dd>
          </>
        )}
      </dl>
      <table className="data-table order-items">
        <TableHeading caption="Items in this order" columns={['Item', 'Quantity', 'Price', 'Total']} />
        <tbody>
          {order.items.map((item) => (
            <tr key={item.lineId}>
              <td data-label="Item">
                <span className="order-item">
                  <ItemPicture item={item} />
                  <ItemName item={item} />
                </span>
              </td>
              <td data-label="Quantity">{item.quantity}</td>
              <td data-label="Price">{formatPrice(item.unitPrice, order.currency)}</td>
              <td data-label="Total">{formatPrice(item.unitPrice * item.quantity, order.currency)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="order-amounts">
          {amounts ? (
            <>
              <Money label="Subtotal" amount={formatPrice(amounts.subtotal, order.currency)} testId="order-subtotal" />
              {discountOf(amounts) !== null && (
                <Money
                  label="Discount"
                  amount={`−${formatPrice(discountOf(amounts) ?? 0, order.currency)}`}
                  testId="order-discount"
                />
              )}
              <Money label="Shipping" amount={formatPrice(amounts.shipping, order.currency)} testId="order-shipping" />
              <Money label={taxLabel(order.currency)} amount={money(amounts.tax)} testId="order-tax" />
              <Money label="Total" amount={formatPrice(amounts.total, order.currency)} testId="order-total" strong />
            </>
          ) : (
            <>
              <Money label="Subtotal" amount={formatPrice(itemsTotal, order.currency)} testId="order-subtotal" />
              <Money label="Shipping and tax" amount="shown once the payment is confirmed" testId="order-shipping" />
            </>
          )}
        </tfoot>
      </table>
    </>
  );
}
