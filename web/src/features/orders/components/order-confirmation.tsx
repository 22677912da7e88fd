import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { shippingOptionLabel } from '@shop/shared/domain/delivery';
import { ORDER_STAGE_WORDS, onHoldReason, orderStage } from '@shop/shared/domain/order';
import { orderStatusPath } from '@shop/shared/pages';
import { checkoutSessionIdSchema, type OrderStatusResponse } from '@shop/shared/schemas';
import { isApiError } from '../../../lib/api-client';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { useCartStore } from '../../../lib/cart/use-cart';
import { formatPrice } from '../../../lib/catalog/format-price';
import { taxLabel } from '../../../lib/orders/tax-label';
import { useOrderBySession } from '../api/get-order-by-session';
import { orderArrival } from '../../../lib/orders/order-arrival';
import { productionLabel } from '../../../lib/orders/order-status-text';
import { TableHeading } from '../../../components/ui/table-heading';
import { useAuthState } from '../../../lib/auth/auth-session';
import { ItemName, ItemPicture, ShippingAddress, TrackingLinks } from './order-parts';
import { OrderCancel } from './order-cancel';
import { OrderChangeGate } from './order-change-gate';
import '../orders.css';
import '../../../components/orders/order-lists.css';

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
function AfterPurchase({ order }: { order: OrderStatusResponse }) {
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

function OrderDetails({ order }: { order: OrderStatusResponse }) {
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
