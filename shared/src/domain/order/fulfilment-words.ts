import { FULFILMENT_HELD_FOR_ADDRESS } from './after-payment.js';

// Printful's order statuses (v1: draft, pending, inprocess, onhold, failed, canceled, partial,
// fulfilled, archived) and the studio's own (none, held-address, returned) in the words the order
// history's notes use after "is" ("Printful order 77 is cancelled"), spelt as the admin screens
// spell them. Printful's `canceled` stays the stored value; only what people read changes.

const FULFILMENT_WORDS: Record<string, string> = {
  none: 'not started',
  draft: 'a draft',
  pending: 'in the production queue',
  inprocess: 'being made',
  onhold: 'on hold',
  [FULFILMENT_HELD_FOR_ADDRESS]: 'held for the address',
  failed: 'failed',
  canceled: 'cancelled',
  partial: 'partly shipped',
  fulfilled: 'shipped',
  shipped: 'shipped',
  archived: 'archived',
  returned: 'returned',
};

/** A fulfilment status in words; a status this list does not know is kept as Printful names it. */
export function fulfilmentInWords(status: string): string {
  return FULFILMENT_WORDS[status] ?? status;
}

/** "1 refund", "2 refunds". */
export const refundCount = (n: number) => `${n} ${n === 1 ? 'refund' : 'refunds'}`;
