import { timingSafeEqual } from 'node:crypto';
import type { Order, OrderCancelBody } from '@shop/shared/schemas';

// How a shopper names their own order without an account (docs/after-payment.md#finding-an-order-again):
// the checkout session (only the browser that paid has it), the number with the e-mail address
// paid with (the lookup's form), or the number with the key of the confirmation e-mail's link.
// Someone else's order and a typo are the same miss: null.

const sameEmail = (a: string | null | undefined, b: string) =>
  typeof a === 'string' && a.trim().toLowerCase() === b.toLowerCase();

function sameKey(stored: string | undefined, given: string): boolean {
  if (!stored || stored.length !== given.length) return false;
  return timingSafeEqual(Buffer.from(stored), Buffer.from(given));
}

/** Whether the number's order is the one the e-mail address or the link's key proves. */
export function provesOrder(order: Order | null, proof: { email?: string; key?: string }): order is Order {
  if (!order?.number) return false;
  if (proof.key !== undefined) return sameKey(order.accessKey, proof.key);
  if (proof.email === undefined) return false;
  return sameEmail(order.customerEmail, proof.email) || sameEmail(order.shipping?.email, proof.email);
}

/** Where the shopper made a change from, for the order's change record. */
export function changedVia(body: OrderCancelBody): 'confirmation' | 'lookup' | 'email-link' {
  if ('sessionId' in body) return 'confirmation';
  return body.key !== undefined ? 'email-link' : 'lookup';
}
