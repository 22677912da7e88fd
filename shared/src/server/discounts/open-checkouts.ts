import { COLLECTIONS, getReadableDoc } from '../collections/index.js';
import type { AppCollection } from '../collections/index.js';
import type { OrderRecords } from '../orders/order-records.js';
import type { DocumentStore } from '../store/index.js';
import { Stripe } from '../../providers/stripe/index.js';
import { releaseDiscountUse } from './discount-uses.js';

// A hosted Stripe session keeps the discount it was opened with: switching the code off in our
// store (or in Stripe) does not stop a shopper from paying a page opened before. So when a code is
// switched off, or every use of it is spent, the sessions still carrying it are expired, and the
// uses they held are given back. The shopper's cart keeps its lines and shows why the code no
// longer applies.

/**
 * Expires every open checkout carrying `code`; `keepHeld` spares those holding one of its uses (a
 * used-up code's own held checkouts may still be paid). Answers how many were closed. Stripe being
 * unreachable is thrown, so the caller can answer 503 or retry.
 */
export async function closeOpenCheckoutsWithCode(
  store: DocumentStore<AppCollection>,
  orders: Pick<OrderRecords, 'pendingOrdersWithCode'>,
  stripe: Stripe,
  code: string,
  { keepHeld = false }: { keepHeld?: boolean } = {},
): Promise<number> {
  let closed = 0;
  for (const order of await orders.pendingOrdersWithCode(code)) {
    if (keepHeld) {
      const use = await getReadableDoc(store, COLLECTIONS.discountReservations, order.id);
      if (use?.status === 'held') continue;
    }
    try {
      await stripe.checkout.sessions.expire(order.sessionId);
      closed += 1;
    } catch (error) {
      // Not open any more (paid, expired) or unknown to Stripe: nothing to close.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    }
    await releaseDiscountUse(store, order.id);
  }
  return closed;
}
