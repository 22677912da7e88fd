import { MESSAGES } from '../../errors/index.js';
import type { Order, ShippingRecipient } from '../../schemas/order.js';
import { canCancelNow } from './order-grace.js';

// Changing a paid order within its grace period (docs/after-payment.md#changing-an-order-within-the-grace-period):
// while the order waits at Printful as a draft, the shopper may swap a line's size or colour for
// another of the same product at the same price, or correct the address within the same country
// (and state, where shipping and tax were worked out by state). The same rules decide the API's
// answer and the worker's order write; the price and shipping checks are the API's, as they need
// the catalogue and Printful.

type ChangeFacts = Pick<Order, 'status' | 'fulfilment' | 'hold' | 'cancellation' | 'changes'>;

export interface ChangeRefusal {
  code: 'failed-precondition' | 'aborted';
  message: string;
}

/** Why this order cannot take a change now, or null when it can; `basedOn` is the changes the page showed. */
export function changeRefusal(order: ChangeFacts, basedOn: number, now: Date = new Date()): ChangeRefusal | null {
  if (order.cancellation?.kind === 'cancelled') return { code: 'aborted', message: MESSAGES.orderAlreadyCancelled };
  if (order.status !== 'paid' || !order.hold)
    return { code: 'failed-precondition', message: MESSAGES.orderChangeNotOpen };
  if (!canCancelNow(order, now)) return { code: 'failed-precondition', message: MESSAGES.orderChangeTooLate };
  if ((order.changes?.length ?? 0) !== basedOn) return { code: 'aborted', message: MESSAGES.orderChangeConflict };
  return null;
}

/** "Black / M": a line's colour and size as the change record and the e-mails say it, as every page does. */
export { variantWords } from '../product/variant-words.js';

/** One line of the address, as the change record keeps it. */
export function addressWords(address: Omit<ShippingRecipient, 'email'> | null | undefined): string {
  if (!address) return 'no address';
  return [
    address.name,
    address.address1,
    address.address2,
    address.city,
    [address.stateCode, address.zip].filter(Boolean).join(' '),
    address.countryCode,
  ]
    .filter(Boolean)
    .join(', ');
}

/** Whether two addresses are the same place, ignoring case and spacing. */
export function sameAddress(a: Omit<ShippingRecipient, 'email'>, b: Omit<ShippingRecipient, 'email'>): boolean {
  const norm = (value: string | null) => (value ?? '').trim().replace(/\s+/g, ' ').toUpperCase();
  return (['name', 'address1', 'address2', 'city', 'stateCode', 'countryCode', 'zip'] as const).every(
    (field) => norm(a[field]) === norm(b[field]),
  );
}

/** The change's job on `orders`: one per change, so a repeat of the same change is one job. */
export const graceChangeJobId = (orderId: string, changeNumber: number) => `grace-change-${orderId}-${changeNumber}`;

/**
 * Of the order a page shows and a reading of it that just came back, the one to show: a reading
 * with fewer changes left the server before the latest change was recorded (a slow re-read that
 * lands after the change's own answer), so it is older and is dropped; else the reading wins.
 */
export function laterOrderReading<T extends { secondChance?: { changes?: number } }>(shown: T | null, read: T): T {
  if (!shown) return read;
  return (read.secondChance?.changes ?? 0) < (shown.secondChance?.changes ?? 0) ? shown : read;
}
