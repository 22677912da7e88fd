import { createHash } from 'node:crypto';
import { AppError, MESSAGES } from '@shop/shared';
import { toMinorUnits } from '@shop/shared/domain/order';
import type { CreateDiscountBody } from '@shop/shared/schemas';
import { Stripe } from '@shop/shared/providers/stripe';

// Each code exists in Stripe as a coupon with a promotion code (docs/rules.md#what-a-merch-shopper-expects): the checkout
// session names the promotion code, so Stripe's own totals, receipts and redemption counts agree
// with ours. Our store stays the judge of when a code may be used (start date, margin).

export interface StripeDiscount {
  couponId: string;
  promotionCodeId: string;
}

const toUnixSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** A Stripe call with Stripe's failures as the error catalogue's answers (412 refused, 503 unreachable). */
export async function stripeCall<T>(run: () => Promise<T>, code?: string): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      // Stripe saw this request key moments ago with other settings: say so, not "unavailable".
      if (error.type === 'StripeIdempotencyError' && code)
        throw new AppError('aborted', MESSAGES.discountStripeBusy(code));
      if (error.type === 'StripeInvalidRequestError' && error.statusCode !== 404)
        throw new AppError('failed-precondition', MESSAGES.paymentRefused);
      throw new AppError('unavailable', MESSAGES.paymentsUnavailable);
    }
    throw error;
  }
}

/**
 * A request key made of everything sent: a retry with the same settings replays what Stripe made,
 * and the code made again with other settings (within Stripe's 24 hours) is a new request rather
 * than Stripe's idempotency error.
 */
function requestKey(kind: string, code: string, params: object): string {
  const digest = createHash('sha256').update(JSON.stringify(params)).digest('base64url').slice(0, 22);
  return `discount-${kind}-${code}-${digest}`;
}

/**
 * Switches off active promotion codes for `code` that this store made for another coupon but never
 * kept (an earlier create whose answer was lost), so the new one can take the code: Stripe keeps
 * one active promotion code per code. One made by hand in Stripe's dashboard stays, and is said.
 */
async function releaseUnkeptCodes(stripe: Stripe, code: string, couponId: string): Promise<void> {
  const found = await stripeCall(() => stripe.promotionCodes.list({ code, active: true, limit: 100 }), code);
  for (const promo of found.data) {
    if (promo.code.toUpperCase() !== code) continue;
    const coupon = promo.promotion.coupon;
    if ((typeof coupon === 'string' ? coupon : coupon?.id) === couponId) continue;
    if (promo.metadata?.discountCode !== code) throw new AppError('aborted', MESSAGES.discountCodeAtStripe(code));
    await stripeCall(() => stripe.promotionCodes.update(promo.id, { active: false }), code);
  }
}

export async function createStripeDiscount(stripe: Stripe, body: CreateDiscountBody): Promise<StripeDiscount> {
  const couponParams: Stripe.CouponCreateParams = {
    name: body.code,
    duration: 'once',
    ...(body.kind === 'percent'
      ? { percent_off: body.value }
      : { amount_off: toMinorUnits(body.value), currency: 'usd' }),
    ...(body.maxRedemptions ? { max_redemptions: body.maxRedemptions } : {}),
    ...(body.endsAt ? { redeem_by: toUnixSeconds(body.endsAt) } : {}),
    metadata: { discountCode: body.code },
  };
  const coupon = await stripeCall(
    () => stripe.coupons.create(couponParams, { idempotencyKey: requestKey('coupon', body.code, couponParams) }),
    body.code,
  );
  const promotionParams: Stripe.PromotionCodeCreateParams = {
    promotion: { type: 'coupon', coupon: coupon.id },
    code: body.code,
    ...(body.maxRedemptions ? { max_redemptions: body.maxRedemptions } : {}),
    ...(body.endsAt ? { expires_at: toUnixSeconds(body.endsAt) } : {}),
    ...(body.minSubtotal
      ? { restrictions: { minimum_amount: toMinorUnits(body.minSubtotal), minimum_amount_currency: 'usd' } }
      : {}),
    metadata: { discountCode: body.code },
  };
  await releaseUnkeptCodes(stripe, body.code, coupon.id);
  const promotion = await stripeCall(
    () =>
      stripe.promotionCodes.create(promotionParams, {
        idempotencyKey: requestKey('promotion', body.code, promotionParams),
      }),
    body.code,
  );
  return { couponId: coupon.id, promotionCodeId: promotion.id };
}

export async function setStripePromotionActive(stripe: Stripe, promotionCodeId: string, active: boolean) {
  await stripeCall(() => stripe.promotionCodes.update(promotionCodeId, { active }));
}
