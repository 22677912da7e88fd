import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Order, OrderCancelBody } from '@shop/shared/schemas';

// How a shopper names their own order without an account, and what each way lets them do
// (docs/after-payment.md#who-may-change-an-order). The number with the e-mail address paid with
// (the lookup's form) shows where the order stands, nothing more: neither is a secret. Seeing the
// address, changing and cancelling take a key only the buyer holds: the checkout session (only the
// browser that paid has it), the key of the e-mails' link (or a one-time code, which opens that
// key), or the signed-in account the order belongs to. Someone else's order and a typo are the
// same miss: null.

/** `full`: the whole order, and it may be changed or cancelled; `status`: where it stands only. */
export type OrderAccess = 'full' | 'status';

const sameEmail = (a: string | null | undefined, b: string) =>
  typeof a === 'string' && a.trim().toLowerCase() === b.toLowerCase();

export function sameSecret(stored: string | undefined, given: string): boolean {
  if (!stored || stored.length !== given.length) return false;
  return timingSafeEqual(Buffer.from(stored), Buffer.from(given));
}

/** Whether the signed-in shopper `uid` placed the order. */
export const ownsOrder = (order: Order, uid: string | null): boolean =>
  uid !== null && order.owner.kind === 'user' && order.owner.id === uid;

/**
 * What the proof opens of the number's order: `full` for its link key or its signed-in owner,
 * `status` for its e-mail address, null for anything else.
 */
export function orderAccess(
  order: Order | null,
  proof: { email?: string; key?: string },
  uid: string | null,
): OrderAccess | null {
  if (!order?.number) return null;
  if (proof.key !== undefined) return sameSecret(order.accessKey, proof.key) ? 'full' : null;
  if (proof.email === undefined) return null;
  if (!sameEmail(order.customerEmail, proof.email) && !sameEmail(order.shipping?.email, proof.email)) return null;
  return ownsOrder(order, uid) ? 'full' : 'status';
}

/** Where the shopper made a change from, for the order's change record. */
export function changedVia(body: OrderCancelBody): 'confirmation' | 'lookup' | 'email-link' {
  if ('sessionId' in body) return 'confirmation';
  return body.key !== undefined ? 'email-link' : 'lookup';
}

/**
 * The signed-in shopper's uid, or null for a guest or no one. A token that no longer verifies
 * counts as no one: the order's other keys still work, and number plus e-mail shows its status.
 */
export async function signedInUid(request: FastifyRequest): Promise<string | null> {
  const identity = await request.identity().catch(() => null);
  return identity?.kind === 'user' ? identity.uid : null;
}
