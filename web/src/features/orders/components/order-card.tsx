import type { ReactNode } from 'react';
import { shippingOptionLabel } from '@shop/shared/domain/delivery';
import type { OrderAmounts, ShopperOrder } from '@shop/shared/schemas';
import { formatPrice } from '../../../lib/catalog/format-price';
import { taxLabel } from '../../../lib/orders/tax-label';
import { teamOrderLabel } from '@shop/shared/domain/team-order';
import { onHoldReason, ORDER_STAGE_WORDS, orderStage } from '@shop/shared/domain/order';
import { orderStageLabel, productionLabel } from '../../../lib/orders/order-status-text';
import { ItemName, ItemPicture, ShippingAddress, TrackingLinks } from './order-parts';
import '../../../components/orders/order-lists.css';

// One order as its shopper sees it, in the account's history and on the lookup page: pictures,
// each product named once with its variant, amounts, production status and tracking links.

export type OrderCardData = Pick<
  ShopperOrder,
  'number' | 'status' | 'createdAt' | 'items' | 'amounts' | 'totalPrice' | 'currency' | 'refunded'
> &
  Partial<
    Pick<
      ShopperOrder,
      'shippingMethod' | 'shippingAddress' | 'tracking' | 'fulfilmentStatus' | 'secondChance' | 'teamOrderTitle'
    >
  >;

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** A discount code's amount off (docs/rules.md#what-a-merch-shopper-expects); orders paid before codes existed have none. */
const discountOf = (amounts: OrderAmounts) =>
  amounts.discount !== undefined && amounts.discount > 0 ? amounts.discount : null;

export function OrderCard({
  order,
  headingLevel = 3,
  children,
}: {
  order: OrderCardData;
  headingLevel?: 2 | 3;
  children?: ReactNode;
}) {
  const { amounts, currency } = order;
  const money = (amount: number) => formatPrice(amount, currency);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const discount = amounts ? discountOf(amounts) : null;
  return (
    <article className="order-card" data-testid="order-card">
      <header className="order-card__head">
        <div>
          <Heading className="order-card__number">Order {order.number}</Heading>
          <p className="order-card__date">Placed {dateFormat.format(new Date(order.createdAt))}</p>
          {order.teamOrderTitle && (
            <p className="order-card__date" data-testid="order-card-team-order">
              {teamOrderLabel(order.teamOrderTitle)}
            </p>
          )}
        </div>
        <span className={`order-badge order-badge--${orderStage(order)}`} data-testid="order-card-status">
          {orderStageLabel(order)}
        </span>
      </header>
      <ul className="order-card__items">
        {order.items.map((item, index) => (
          <li key={`${item.productId}-${index}`} data-testid="order-card-item">
            <ItemPicture item={item} />
            <ItemName item={item} />
            <span className="order-card__qty">
              {item.quantity} × {money(item.unitPrice)}
            </span>
          </li>
        ))}
      </ul>
      <dl className="order-card__amounts">
        {amounts && (
          <>
            <dt>Subtotal</dt>
            <dd>{money(amounts.subtotal)}</dd>
            {discount !== null && (
              <>
                <dt>Discount</dt>
                <dd data-testid="order-card-discount">−{money(discount)}</dd>
              </>
            )}
            <dt>Shipping{order.shippingMethod ? ` (${shippingOptionLabel(order.shippingMethod.name)})` : ''}</dt>
            <dd>{money(amounts.shipping)}</dd>
            <dt>{taxLabel(currency)}</dt>
            <dd>{money(amounts.tax)}</dd>
          </>
        )}
        <dt className="order-card__total">Total</dt>
        <dd className="order-card__total" data-testid="order-card-total">
          {money(amounts?.total ?? order.totalPrice)}
        </dd>
        {order.refunded > 0 && (
          <>
            <dt>Refunded</dt>
            <dd data-testid="order-card-refunded">−{money(order.refunded)}</dd>
          </>
        )}
      </dl>
      {order.fulfilmentStatus && (
        <div className="order-card__fulfilment">
          <p data-testid="order-card-production">Production: {productionLabel(order)}</p>
          {orderStage(order) === 'on-hold' && (
            <p data-testid="order-card-hold">
              {onHoldReason(order.fulfilmentStatus ?? 'none')} {ORDER_STAGE_WORDS['on-hold'].text}
            </p>
          )}
          {order.tracking && order.tracking.length > 0 && <TrackingLinks tracking={order.tracking} />}
        </div>
      )}
      {order.shippingAddress && (
        <div className="order-card__address">
          <h4>Shipping to</h4>
          <ShippingAddress address={order.shippingAddress} />
        </div>
      )}
      {children}
    </article>
  );
}
