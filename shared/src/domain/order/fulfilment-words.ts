import { FULFILMENT_HELD_FOR_ADDRESS } from './after-payment.js';
import { ORDER_STAGE_WORDS, orderStage, type OrderStageFacts } from './order-stage.js';

// Printful's order statuses (v1: draft, pending, inprocess, onhold, failed, canceled, partial,
// fulfilled, archived) and the studio's own (none, held-address, returned) in words: one list for
// the shopper's "Production", the admin's order pages and customer page, and the order history's
// sentences ("Printful order 77 is cancelled"), so one order is never named several ways
// (docs/promises.md#order-states-in-words). Printful's `canceled` stays the stored value; only
// what people read changes. A draft is "not yet made", as the stage of an order in its change
// window says: Printful holds it, but nothing is being made.

const FULFILMENT_WORDS: Record<string, string> = {
  none: 'not started',
  draft: 'not yet made',
  pending: 'in the production queue',
  inprocess: 'being made',
  onhold: 'on hold',
  [FULFILMENT_HELD_FOR_ADDRESS]: 'on hold for the address',
  failed: 'failed at the print partner',
  canceled: 'cancelled',
  partial: 'partly shipped',
  fulfilled: 'shipped',
  shipped: 'shipped',
  archived: 'archived',
  returned: 'returned to the studio',
};

/** A fulfilment status in words, after "is"; a status this list does not know is kept as Printful names it. */
export function fulfilmentInWords(status: string): string {
  return FULFILMENT_WORDS[status] ?? status;
}

/** The same words as a label, with a capital: "Being made". */
export function fulfilmentLabel(status: string | undefined): string {
  const words = fulfilmentInWords(status ?? 'none');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * An order's "Production", on the shopper's pages and the admin's alike: the stage's own word while
 * the order waits out its change window ("Not yet made") or once the shopper cancelled it
 * ("Cancelled"), else the print partner's status in words.
 */
export function productionLabel(order: OrderStageFacts): string {
  const stage = orderStage(order);
  if (stage === 'changeable' || stage === 'cancelled') return ORDER_STAGE_WORDS[stage].label;
  return fulfilmentLabel(order.fulfilmentStatus);
}

/** "1 refund", "2 refunds". */
export const refundCount = (n: number) => `${n} ${n === 1 ? 'refund' : 'refunds'}`;
