import { MESSAGES } from '@shop/shared';
import type { CartDiscountRefusal } from '@shop/shared/schemas';
import { firstHoldEnd } from '@shop/shared/server/discounts';
import type { DocumentStore } from '@shop/shared/server/store';

/**
 * A limited code whose last uses are held by open, unpaid checkouts (docs/limits.md#discount-codes-uses-held-by-open-checkouts):
 * not "does not exist" but "used up for now", with when the first hold lapses (each lapses
 * DISCOUNT_HOLD_MINUTES after its checkout opened, unless paid).
 */
export async function heldForNowRefusal(store: DocumentStore, code: string, now: Date): Promise<CartDiscountRefusal> {
  const end = await firstHoldEnd(store, code);
  const minutes = end === null ? 1 : Math.max(1, Math.ceil((end - now.getTime()) / 60_000));
  return { code: 'aborted', message: MESSAGES.discountHeldForNow(minutes) };
}
