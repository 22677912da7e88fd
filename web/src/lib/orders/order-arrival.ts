import { formatDeliveryEstimate } from '@shop/shared/domain/delivery';
import { FULFILMENT_HELD_FOR_ADDRESS } from '@shop/shared/domain/order';
import type { OrderStatus, ShippingMethod } from '@shop/shared/schemas';

// When a paid order should arrive, in words, for the shopper's confirmation and the studio's order
// page alike: the shared formatter (`@shop/shared/domain/delivery`) applied to one rule of when the
// quoted window still holds.

/** Fulfilment states in which the quoted window no longer holds: the studio writes instead. */
const NO_ESTIMATE = new Set(['onhold', FULFILMENT_HELD_FOR_ADDRESS, 'failed', 'canceled']);

export interface ArrivalFacts {
  status: OrderStatus;
  paidAt: string | null;
  fulfilmentStatus: string;
  shippingMethod: Partial<ShippingMethod> | null;
}

/**
 * "Arrives Wed, Nov 25 - Mon, Nov 30": the window quoted at checkout, counted from the payment, in
 * the reader's time zone (and `locale`, else the browser's); null before payment, once refunded,
 * or once fulfilment is held or stopped.
 */
export function orderArrival(order: ArrivalFacts, locale?: string): string | null {
  const { shippingMethod, paidAt } = order;
  if (!shippingMethod || !paidAt || (order.status !== 'paid' && order.status !== 'shipped')) return null;
  if (NO_ESTIMATE.has(order.fulfilmentStatus)) return null;
  // The promise made at checkout, word for word; older orders have only the window.
  if (shippingMethod.promise) return shippingMethod.promise;
  return formatDeliveryEstimate(shippingMethod, {
    now: new Date(paidAt),
    locale,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });
}
