import type { Order, OrderEvent, OrderRefund } from '../../schemas/order.js';
import type { OrderAlertKind, PrintfulOrderEventType } from '../../schemas/order-events.js';
import { REFUND_COUNTED } from '../../providers/stripe/state-model.js';

// Rules for an order after payment (docs/rules.md#after-payment), shared by the API (webhooks, order lists)
// and the worker. Both write orders, and only through the order module (@shop/shared/server/orders):
// the API records the pending order when a checkout session opens and the requests made on a paid
// order (the shopper's cancellation or change, the studio's hold end and decision on a cancel
// request); the worker's `orders` jobs move it on from payment (paid, fulfilled, refunded).

/** One `orders` job per Printful delivery and per Stripe event: a replayed delivery adds none. */
export const printfulEventJobId = (deliveryId: string) => `printful-${deliveryId}`;
export const retryFulfilmentJobId = (orderId: string, at: string) =>
  `retry-fulfilment-${orderId}-${at.replace(/[^0-9]/g, '')}`;
/** One e-mail per order, kind and provider event (or refund), whatever the number of deliveries. */
export const orderAlertJobId = (
  kind: OrderAlertKind,
  orderId: string,
  subject: string,
  audience: 'shopper' | 'studio',
) => `alert-${audience}-${kind}-${orderId}-${subject}`.replace(/[^\w-]/g, '_');

/**
 * A tracking link as a shopper may click it: http(s) only. A forged or broken event could carry a
 * `javascript:` or `data:` URL, which would run in the account page; it is dropped.
 */
export function safeTrackingUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** The fulfilment status a Printful event leaves; `reported` is the order status it carries. */
export function fulfilmentStatusAfter(type: PrintfulOrderEventType, reported: string | null): string {
  switch (type) {
    case 'order_failed':
      return 'failed';
    case 'order_canceled':
      return 'canceled';
    case 'order_put_hold':
      return 'onhold';
    case 'package_returned':
      return 'returned';
    case 'order_remove_hold':
      return reported && reported !== 'onhold' ? reported : 'pending';
    case 'package_shipped':
      return reported ?? 'shipped';
  }
}

/** Who hears about a Printful event: the studio on every failure, hold and return; the shopper when it needs them. */
export function alertsForPrintfulEvent(
  type: PrintfulOrderEventType,
  order: Pick<Order, 'status'>,
): Array<{ kind: OrderAlertKind; audience: 'shopper' | 'studio' }> {
  switch (type) {
    case 'order_failed':
      return [{ kind: 'fulfilment-failed', audience: 'studio' }];
    case 'order_put_hold':
      return [{ kind: 'fulfilment-on-hold', audience: 'studio' }];
    case 'order_canceled':
      // A cancellation after a full refund is the shop's own doing; otherwise the goods will not come.
      return order.status === 'refunded'
        ? []
        : [
            { kind: 'fulfilment-canceled', audience: 'studio' },
            { kind: 'fulfilment-canceled', audience: 'shopper' },
          ];
    case 'package_returned':
      return [
        { kind: 'package-returned', audience: 'studio' },
        { kind: 'package-returned', audience: 'shopper' },
      ];
    default:
      return [];
  }
}

/**
 * Whether Printful's new cost of a paid order (after a cost-calculation hold, which ends in draft:
 * docs/fidelity.md#printful-order-states) still keeps the margin guard: what the shopper paid,
 * less tax, covers the cost plus MIN_MARGIN_PERCENT. Then the draft is confirmed again by itself.
 */
export function repricedWithinMargin(
  order: Pick<Order, 'amounts' | 'totalPrice'>,
  cost: number | null,
  minMarginPercent: number,
): boolean {
  if (cost === null) return false;
  const keptCents = Math.round((chargedAmount(order) - (order.amounts?.tax ?? 0)) * 100);
  return keptCents >= Math.ceil(Math.round(cost * (100 + minMarginPercent) * 100) / 100);
}

/** Refund states that count towards what went back (a pending refund is on its way): Stripe's model. */
const COUNTED_REFUND = new Set<string>(REFUND_COUNTED);

export function refundedAmount(refunds: readonly OrderRefund[] | undefined): number {
  const cents = (refunds ?? [])
    .filter((r) => COUNTED_REFUND.has(r.status))
    .reduce((sum, r) => sum + Math.round(r.amount * 100), 0);
  return cents / 100;
}

/** What the shopper was charged, in dollars: Stripe's amounts when recorded, else the order total. */
export function chargedAmount(order: Pick<Order, 'amounts' | 'totalPrice'>): number {
  return order.amounts?.total ?? order.totalPrice;
}

export function isFullyRefunded(
  order: Pick<Order, 'amounts' | 'totalPrice'>,
  refunds: readonly OrderRefund[],
): boolean {
  const charged = Math.round(chargedAmount(order) * 100);
  return charged > 0 && Math.round(refundedAmount(refunds) * 100) >= charged;
}

/** Printful statuses in which an order can still be cancelled through the API (providers-commerce A3). */
export function isPrintfulCancellable(status: string): boolean {
  return status === 'draft' || status === 'pending';
}

/**
 * Fulfilment status of a paid order kept from Printful because it was paid with an address the
 * shipping quote did not price (docs/rules.md#money-and-abuse); the studio refunds it or retries fulfilment.
 */
export const FULFILMENT_HELD_FOR_ADDRESS = 'held-address';

/** A paid order whose Printful order failed, was never placed, was held by us or was cancelled by Printful. */
export function canRetryFulfilment(
  order: Pick<Order, 'status' | 'fulfilment'> & Partial<Pick<Order, 'hold'>>,
): boolean {
  // A draft waiting out its grace period is released by its own job (or the studio's "confirm now").
  if (order.hold && order.hold.releasedAt === null && order.fulfilment.status === 'draft') return false;
  return (
    order.status === 'paid' &&
    ['failed', 'none', 'canceled', 'draft', FULFILMENT_HELD_FOR_ADDRESS].includes(order.fulfilment.status)
  );
}

/** Prefix of an event's note when the event was recorded but changed nothing. */
export const NOT_APPLIED = 'Not applied: ';

export function wasApplied(event: Pick<OrderEvent, 'note'>): boolean {
  return !event.note?.startsWith(NOT_APPLIED);
}
