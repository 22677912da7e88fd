import { AppError, MESSAGES } from '@shop/shared';
import { toMinorUnits } from '@shop/shared/domain/order';
import type { CreateDiscountBody } from '@shop/shared/schemas';
import { Stripe } from '@shop/shared/server/stripe';

// Each code exists in Stripe as a coupon with a promotion code (docs/rules.md#what-a-merch-shopper-expects): the checkout
// session names the promotion code, so Stripe's own totals, receipts and redemption counts agree
// with ours. Our store stays the judge of when a code may be used (start date, margin).

export interface StripeDiscount {
  couponId: string;
  promotionCodeId: string;
}

const toUnixSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      if (error.type === 'StripeInvalidRequestError' && error.statusCode !== 404)
        throw new AppError('failed-precondition', MESSAGES.paymentRefused);
      throw new AppError('unavailable', MESSAGES.paymentsUnavailable);
    }
    throw error;
  }
}

export async function createStripeDiscount(stripe: Stripe, body: CreateDiscountBody): Promise<StripeDiscount> {
  // The idempotency keys make a retried create (lost answer) reuse what Stripe already made.
  const coupon = await call(() =>
    stripe.coupons.create(
      {
        name: body.code,
        duration: 'once',
        ...(body.kind === 'percent'
          ? { percent_off: body.value }
          : { amount_off: toMinorUnits(body.value), currency: 'usd' }),
        ...(body.maxRedemptions ? { max_redemptions: body.maxRedemptions } : {}),
        ...(body.endsAt ? { redeem_by: toUnixSeconds(body.endsAt) } : {}),
        metadata: { discountCode: body.code },
      },
      { idempotencyKey: `discount-coupon-${body.code}-${body.kind}-${body.value}` },
    ),
  );
  const promotion = await call(() =>
    stripe.promotionCodes.create(
      {
        promotion: { type: 'coupon', coupon: coupon.id },
        code: body.code,
        ...(body.maxRedemptions ? { max_redemptions: body.maxRedemptions } : {}),
        ...(body.endsAt ? { expires_at: toUnixSeconds(body.endsAt) } : {}),
        ...(body.minSubtotal
          ? { restrictions: { minimum_amount: toMinorUnits(body.minSubtotal), minimum_amount_currency: 'usd' } }
          : {}),
        metadata: { discountCode: body.code },
      },
      { idempotencyKey: `discount-promotion-${coupon.id}` },
    ),
  );
  return { couponId: coupon.id, promotionCodeId: promotion.id };
}

export async function setStripePromotionActive(stripe: Stripe, promotionCodeId: string, active: boolean) {
  await call(() => stripe.promotionCodes.update(promotionCodeId, { active }));
}
