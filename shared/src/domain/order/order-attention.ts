import type { Order } from '../../schemas/order.js';
import { ORDER_ATTENTION_KINDS } from '../../schemas/order-events.js';
import { FULFILMENT_HELD_FOR_ADDRESS } from './after-payment.js';

// Orders waiting on the studio: paid, but their making has stopped until someone acts. The admin
// home counts them and the orders list filters by them, with the same rule.
//   held      kept from Printful by the shop (an address the quote did not price), put on hold by
//             Printful, or left a draft after Printful re-priced it above the margin guard
//   failed    Printful could not take or make the order, or cancelled it
//   returned  the parcel came back to Printful
//   cancel-requested  the shopper asked to cancel after the grace period; the studio decides

export { ORDER_ATTENTION_KINDS };
export type OrderAttention = (typeof ORDER_ATTENTION_KINDS)[number];

export const ORDER_ATTENTION_LABELS: Record<OrderAttention, string> = {
  held: 'On hold',
  failed: 'Fulfilment failed',
  returned: 'Returned',
  'cancel-requested': 'Asked to cancel',
};

const BY_FULFILMENT: Record<string, OrderAttention> = {
  [FULFILMENT_HELD_FOR_ADDRESS]: 'held',
  onhold: 'held',
  failed: 'failed',
  canceled: 'failed',
  returned: 'returned',
};

/** What an order waits on the studio for, or null when nothing. Refunded orders wait on nobody. */
export function orderAttention(order: {
  status: Order['status'];
  fulfilment: { status: string };
  cancellation?: Order['cancellation'];
  hold?: Order['hold'];
}): OrderAttention | null {
  if (order.status !== 'paid' && order.status !== 'shipped') return null;
  if (order.cancellation?.kind === 'requested' && !order.cancellation.settledAt) return 'cancel-requested';
  // A paid draft is waiting on nobody only while its grace period runs (its own job confirms it);
  // otherwise nothing makes it (a cost hold re-priced above the margin guard).
  if (order.fulfilment.status === 'draft') return order.hold && order.hold.releasedAt === null ? null : 'held';
  return BY_FULFILMENT[order.fulfilment.status] ?? null;
}
