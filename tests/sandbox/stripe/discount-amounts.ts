import type Stripe from 'stripe';

// The shapes of coupons and promotion codes as the SDK types them, and how a session's one
// discount is taken off its lines (discounts.ts keeps the objects and their API).

export type SandboxCoupon = Pick<
  Stripe.Coupon,
  | 'id'
  | 'object'
  | 'amount_off'
  | 'created'
  | 'currency'
  | 'duration'
  | 'duration_in_months'
  | 'livemode'
  | 'max_redemptions'
  | 'metadata'
  | 'name'
  | 'percent_off'
  | 'redeem_by'
  | 'times_redeemed'
  | 'valid'
>;

export type SandboxPromotionCode = Pick<
  Stripe.PromotionCode,
  | 'id'
  | 'object'
  | 'active'
  | 'code'
  | 'created'
  | 'customer'
  | 'expires_at'
  | 'livemode'
  | 'max_redemptions'
  | 'metadata'
  | 'times_redeemed'
> & {
  promotion: { type: 'coupon'; coupon: string };
  restrictions: Pick<
    Stripe.PromotionCode.Restrictions,
    'first_time_transaction' | 'minimum_amount' | 'minimum_amount_currency'
  >;
};

/** What a session's `discounts` resolved to. */
export interface AppliedDiscount {
  coupon: SandboxCoupon;
  promotionCode: SandboxPromotionCode | null;
}

/**
 * Spreads `total` over `amounts` in proportion, in whole cents that add up exactly (largest
 * remainder first), as Stripe's line-level discount amounts do.
 */
export function allocate(total: number, amounts: readonly number[]): number[] {
  const sum = amounts.reduce((a, b) => a + b, 0);
  if (sum === 0) return amounts.map(() => 0);
  const exact = amounts.map((a) => (total * a) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (left <= 0) break;
    shares[i] += 1;
    left -= 1;
  }
  return shares;
}

/** What the discount takes off a subtotal in minor units: percent rounded to the cent, amount capped. */
export function discountAmount(coupon: SandboxCoupon, subtotal: number): number {
  if (coupon.percent_off !== null) return Math.min(subtotal, Math.round((subtotal * coupon.percent_off) / 100));
  return Math.min(subtotal, coupon.amount_off ?? 0);
}
