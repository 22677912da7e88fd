import { AppError, MESSAGES } from '../../errors/index.js';
import type { CartDiscountRefusal, DiscountKind } from '../../schemas/discount.js';
import type { DiscountDoc } from '../../schemas/discount-codes.js';
import type { OrderStatus } from '../../schemas/order.js';
import { minimumRetailPrice } from '../product/sellable-variants.js';
import { minorPerMajor, type CurrencyCode } from '../currency/currencies.js';
import { minimumLocalPrice } from '../currency/margin.js';

// The rules of a discount code (docs/rules.md#what-a-merch-shopper-expects), shared by the cart, the checkout and the admin
// list. Amounts are in cents so that the margin comparison never meets floating-point drift.

/** The id of `cartDiscounts/{id}`: the code applied to the cart stored at that location. */
export const cartDiscountDocId = (cart: { collection: string; id: string }) => `${cart.collection}:${cart.id}`;

/** Orders whose code counts as redeemed: money was taken (a later refund does not give it back). */
export const REDEEMED_ORDER_STATUSES: readonly OrderStatus[] = ['paid', 'shipped', 'refunded'];

/** What the code takes off a subtotal, as Stripe computes it: percent rounded to the cent, amount capped. */
export function discountOffCents(discount: { kind: DiscountKind; value: number }, subtotalCents: number): number {
  if (discount.kind === 'percent') return Math.min(subtotalCents, Math.round((subtotalCents * discount.value) / 100));
  return Math.min(subtotalCents, Math.round(discount.value * 100));
}

/** Unknown, switched off, not started, expired or used up: the shopper hears the same for each. */
export function isRedeemable(
  discount: Pick<DiscountDoc, 'active' | 'startsAt' | 'endsAt' | 'maxRedemptions'>,
  redemptions: number,
  now: Date,
): boolean {
  if (!discount.active) return false;
  if (discount.startsAt && Date.parse(discount.startsAt) > now.getTime()) return false;
  if (discount.endsAt && Date.parse(discount.endsAt) <= now.getTime()) return false;
  return discount.maxRedemptions === null || redemptions < discount.maxRedemptions;
}

/**
 * The least the items may sell for: each unit's Printful cost x (1 + MIN_MARGIN_PERCENT/100),
 * rounded up to the cent as the margin guard does. Null when a cost is unknown: the guard fails
 * closed, so no discount is given on goods whose cost could not be read.
 */
export function marginFloorCents(
  lines: ReadonlyArray<{ quantity: number; cost: number | null }>,
  minMarginPercent: number,
): number | null {
  let cents = 0;
  for (const line of lines) {
    if (line.cost === null) return null;
    cents += Math.round(minimumRetailPrice(line.cost, minMarginPercent) * 100) * line.quantity;
  }
  return cents;
}

/**
 * marginFloorCents in a shopper's currency (docs/rules.md#local-prices): each unit's least price
 * there by the margin guard of that currency (its VAT and rate buffer included), on the scale
 * the checks use (hundredths of the major unit, so yen too are compared like cents).
 */
export function localMarginFloorCents(
  lines: ReadonlyArray<{ quantity: number; cost: number | null }>,
  pricing: { currency: CurrencyCode; rate: number; minMarginPercent: number; bufferPercent: number },
): number | null {
  let cents = 0;
  for (const line of lines) {
    if (line.cost === null) return null;
    const minor = minimumLocalPrice({ ...pricing, costUsd: line.cost });
    cents += Math.round((minor * 100) / minorPerMajor(pricing.currency)) * line.quantity;
  }
  return cents;
}

export interface DiscountCheck {
  /** In the cart's currency, hundredths of its major unit. */
  subtotalCents: number;
  /** The cart's currency when not US dollars: amount-off codes (set in dollars) do not apply there. */
  currency?: CurrencyCode;
  /** The lines' US-dollar subtotal, cents: a code's minimum subtotal is set in dollars. */
  subtotalUsdCents?: number;
  /** From marginFloorCents. */
  floorCents: number | null;
  redemptions: number;
  now: Date;
}

/** A code judged on a cart: the cents it takes off, or the refusal and its message (docs/rules.md#what-a-merch-shopper-expects). */
export type DiscountVerdict = { offCents: number; refusal?: undefined } | { offCents: 0; refusal: CartDiscountRefusal };

/**
 * The cents a code takes off these items, or the refusal: not-found when it cannot be used at
 * all, aborted when it cannot be used on these items (below its minimum, or it would sell the
 * goods below cost plus the margin). The cart shows the verdict; checkout refuses on it.
 */
export function judgeDiscount(discount: DiscountDoc | null, check: DiscountCheck): DiscountVerdict {
  const refused = (code: CartDiscountRefusal['code'], message: string): DiscountVerdict => ({
    offCents: 0,
    refusal: { code, message },
  });
  if (!discount || !isRedeemable(discount, check.redemptions, check.now))
    return refused('not-found', MESSAGES.discountNotFound);
  if (check.currency && check.currency !== 'USD' && discount.kind !== 'percent')
    return refused('aborted', MESSAGES.discountUsdOnly);
  if (
    discount.minSubtotal !== null &&
    (check.subtotalUsdCents ?? check.subtotalCents) < Math.round(discount.minSubtotal * 100)
  )
    return refused('aborted', MESSAGES.discountNotApplicable);
  const off = discountOffCents(discount, check.subtotalCents);
  if (check.floorCents === null || check.subtotalCents - off < check.floorCents)
    return refused('aborted', MESSAGES.discountNotApplicable);
  return { offCents: off };
}

/** judgeDiscount as the apply and checkout routes answer it: the cents off, or the refusal thrown (404 / 409). */
export function assessDiscount(discount: DiscountDoc | null, check: DiscountCheck): number {
  const verdict = judgeDiscount(discount, check);
  if (verdict.refusal) throw new AppError(verdict.refusal.code, verdict.refusal.message);
  return verdict.offCents;
}

export * from './discount-days.js';
