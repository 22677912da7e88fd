import { randomId, StripeApiError } from './checkout-session.js';
import type { AppliedDiscount, SandboxCoupon, SandboxPromotionCode } from './discount-amounts.js';
import type { FormObject, FormValue } from './form-encoding.js';

// Coupons and promotion codes (docs/providers.md#stripe-checkout-sessions) as Stripe's API presents
// them, and the one discount a Checkout Session may carry: `discounts[0][coupon]` or
// `discounts[0][promotion_code]`. Stripe takes the discount off the line items (never shipping),
// spreads it over the lines in proportion to their amounts, taxes what is left, and reports it in
// `total_details.amount_discount`, on each line's `amount_discount` and in the session's
// `discounts` (discount-amounts.ts). A redemption counts when a session is paid.

const invalid = (message: string, param?: string, code?: string) =>
  new StripeApiError(400, 'invalid_request_error', message, param, code);
const missingResource = (kind: string, id: string, param: string) =>
  new StripeApiError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, param, 'resource_missing');

function str(value: FormValue | undefined, param: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(`Invalid string: ${param}`, param);
  return value;
}

function int(value: FormValue | undefined, param: string): number | undefined {
  const raw = str(value, param);
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw)) throw invalid(`Invalid integer: ${raw}`, param);
  return Number(raw);
}

function bool(value: FormValue | undefined, param: string): boolean | undefined {
  const raw = str(value, param);
  if (raw === undefined) return undefined;
  if (raw !== 'true' && raw !== 'false') throw invalid(`Invalid boolean: ${raw}`, param);
  return raw === 'true';
}

function meta(value: FormValue | undefined): Record<string, string> {
  if (value === undefined || value === '') return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid('Invalid object: metadata', 'metadata');
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

function list<T>(data: T[], url: string, query: FormObject) {
  const limit = int(query.limit, 'limit') ?? 10;
  if (limit < 1 || limit > 100) throw invalid('Invalid limit: must be an integer between 1 and 100.', 'limit');
  return { object: 'list' as const, data: data.slice(0, limit), has_more: data.length > limit, url };
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
/** 5 years, read strictly (365-day years), so the sandbox never accepts what Stripe might refuse. */
const REDEEM_BY_MAX_S = 5 * 365 * 86_400;

export function createDiscounts() {
  const coupons = new Map<string, SandboxCoupon>();
  const promotionCodes = new Map<string, SandboxPromotionCode>();

  function couponIsValid(coupon: SandboxCoupon): boolean {
    if (coupon.redeem_by !== null && coupon.redeem_by <= nowSeconds()) return false;
    return coupon.max_redemptions === null || coupon.times_redeemed < coupon.max_redemptions;
  }

  function present(coupon: SandboxCoupon): SandboxCoupon {
    return { ...coupon, valid: couponIsValid(coupon) };
  }

  function createCoupon(body: FormObject): SandboxCoupon {
    const percentRaw = str(body.percent_off, 'percent_off');
    const amountOff = int(body.amount_off, 'amount_off');
    if ((percentRaw === undefined) === (amountOff === undefined))
      throw invalid('You must pass exactly one of percent_off or amount_off.', 'percent_off');
    const percentOff = percentRaw === undefined ? null : Number(percentRaw);
    if (percentOff !== null && !(percentOff > 0 && percentOff <= 100))
      throw invalid('Invalid percent_off: must be greater than 0 and at most 100.', 'percent_off');
    const currency = str(body.currency, 'currency') ?? null;
    if (amountOff !== undefined && !currency)
      throw invalid('You must pass currency when passing amount_off.', 'currency', 'parameter_missing');
    if (amountOff !== undefined && amountOff < 1)
      throw invalid('Invalid amount_off: must be at least 1.', 'amount_off');
    const duration = str(body.duration, 'duration') ?? 'once';
    if (!['once', 'forever', 'repeating'].includes(duration))
      throw invalid(`Invalid duration: ${duration}`, 'duration');
    const id = str(body.id, 'id') ?? randomId('', 6);
    if (coupons.has(id)) throw invalid('Coupon already exists.', 'id', 'resource_already_exists');
    const redeemBy = int(body.redeem_by, 'redeem_by') ?? null;
    if (redeemBy !== null && redeemBy <= nowSeconds()) throw invalid('redeem_by must be in the future.', 'redeem_by');
    // stripe-node's CouponCreateParams: redeem_by "cannot be set to more than 5 years in the future".
    if (redeemBy !== null && redeemBy > nowSeconds() + REDEEM_BY_MAX_S)
      throw invalid('redeem_by cannot be set to more than 5 years in the future.', 'redeem_by');
    const coupon: SandboxCoupon = {
      id,
      object: 'coupon',
      amount_off: amountOff ?? null,
      created: nowSeconds(),
      currency: amountOff !== undefined ? (currency as string).toLowerCase() : null,
      duration: duration as SandboxCoupon['duration'],
      duration_in_months: null,
      livemode: false,
      max_redemptions: int(body.max_redemptions, 'max_redemptions') ?? null,
      metadata: meta(body.metadata),
      name: str(body.name, 'name') ?? null,
      percent_off: percentOff,
      redeem_by: redeemBy,
      times_redeemed: 0,
      valid: true,
    };
    coupons.set(id, coupon);
    return present(coupon);
  }

  function createPromotionCode(body: FormObject): SandboxPromotionCode {
    const promotion = body.promotion;
    if (!promotion || typeof promotion !== 'object' || Array.isArray(promotion))
      throw invalid('Missing required param: promotion.', 'promotion', 'parameter_missing');
    if (promotion.type !== 'coupon') throw invalid('Invalid promotion[type]: must be coupon.', 'promotion[type]');
    const couponId = str(promotion.coupon, 'promotion[coupon]');
    if (!couponId)
      throw invalid('Missing required param: promotion[coupon].', 'promotion[coupon]', 'parameter_missing');
    if (!coupons.has(couponId)) throw missingResource('coupon', couponId, 'promotion[coupon]');
    const code = str(body.code, 'code') ?? randomId('', 5).toUpperCase();
    if (!/^[a-zA-Z0-9]{1}[a-zA-Z0-9-_]{0,499}$/.test(code)) throw invalid('Invalid code.', 'code');
    const taken = [...promotionCodes.values()].some((p) => p.active && p.code.toLowerCase() === code.toLowerCase());
    if (taken)
      throw invalid('An active promotion code with this code already exists.', 'code', 'resource_already_exists');
    const restrictions = body.restrictions;
    const r = restrictions && typeof restrictions === 'object' && !Array.isArray(restrictions) ? restrictions : {};
    const minimum = int(r.minimum_amount, 'restrictions[minimum_amount]') ?? null;
    const minimumCurrency = str(r.minimum_amount_currency, 'restrictions[minimum_amount_currency]') ?? null;
    if (minimum !== null && !minimumCurrency)
      throw invalid(
        'You must pass minimum_amount_currency when passing minimum_amount.',
        'restrictions[minimum_amount_currency]',
      );
    const expiresAt = int(body.expires_at, 'expires_at') ?? null;
    if (expiresAt !== null && expiresAt <= nowSeconds())
      throw invalid('expires_at must be in the future.', 'expires_at');
    // A promotion code may not outlive or out-count its coupon (PromotionCodeCreateParams).
    const coupon = coupons.get(couponId) as SandboxCoupon;
    if (expiresAt !== null && coupon.redeem_by !== null && expiresAt > coupon.redeem_by)
      throw invalid("expires_at cannot be after the coupon's redeem_by.", 'expires_at');
    const maxRedemptions = int(body.max_redemptions, 'max_redemptions') ?? null;
    if (maxRedemptions !== null && coupon.max_redemptions !== null && maxRedemptions > coupon.max_redemptions)
      throw invalid("max_redemptions cannot be more than the coupon's max_redemptions.", 'max_redemptions');
    const promo: SandboxPromotionCode = {
      id: randomId('promo_', 12),
      object: 'promotion_code',
      active: bool(body.active, 'active') ?? true,
      code,
      created: nowSeconds(),
      customer: null,
      expires_at: expiresAt,
      livemode: false,
      max_redemptions: maxRedemptions,
      metadata: meta(body.metadata),
      promotion: { type: 'coupon', coupon: couponId },
      restrictions: {
        first_time_transaction: false,
        minimum_amount: minimum,
        minimum_amount_currency: minimumCurrency?.toLowerCase() ?? null,
      },
      times_redeemed: 0,
    };
    promotionCodes.set(promo.id, promo);
    return promo;
  }

  function requirePromotion(id: string, param = 'id'): SandboxPromotionCode {
    const promo = promotionCodes.get(id);
    if (!promo) throw missingResource('promotion_code', id, param);
    return promo;
  }

  /** A Stripe API route of this module, or undefined when the path is not one. */
  function api(method: string, path: string, query: FormObject, body: FormObject): unknown {
    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/coupons') return createCoupon(body);
    if (method === 'GET' && path === '/v1/coupons') return list([...coupons.values()].map(present), path, query);
    if (method === 'GET' && (match = /^\/v1\/coupons\/([^/]+)$/.exec(path))) {
      const coupon = coupons.get(decodeURIComponent(match[1]));
      if (!coupon) throw missingResource('coupon', decodeURIComponent(match[1]), 'id');
      return present(coupon);
    }
    if (method === 'POST' && path === '/v1/promotion_codes') return createPromotionCode(body);
    if (method === 'GET' && path === '/v1/promotion_codes') {
      const code = str(query.code, 'code');
      const active = bool(query.active, 'active');
      const found = [...promotionCodes.values()].filter(
        (p) => (code === undefined || p.code === code) && (active === undefined || p.active === active),
      );
      return list(found, path, query);
    }
    if ((match = /^\/v1\/promotion_codes\/([^/]+)$/.exec(path))) {
      const promo = requirePromotion(decodeURIComponent(match[1]));
      if (method === 'GET') return promo;
      if (method === 'POST') {
        for (const key of Object.keys(body))
          if (!['active', 'metadata', 'expand'].includes(key)) throw invalid(`Received unknown parameter: ${key}`, key);
        const active = bool(body.active, 'active');
        if (active === true && !promo.active) {
          const clash = [...promotionCodes.values()].some(
            (p) => p !== promo && p.active && p.code.toLowerCase() === promo.code.toLowerCase(),
          );
          if (clash) throw invalid('An active promotion code with this code already exists.', 'active');
        }
        if (active !== undefined) promo.active = active;
        if (body.metadata !== undefined) promo.metadata = { ...promo.metadata, ...meta(body.metadata) };
        return promo;
      }
    }
    return undefined;
  }

  /** `discounts` of a new session: at most one, a usable coupon or promotion code, minimum met. */
  function resolve(raw: FormValue | undefined, subtotal: number, currency: string): AppliedDiscount | null {
    if (raw === undefined || raw === '') return null;
    if (!Array.isArray(raw)) throw invalid('Invalid array: discounts must be an array.', 'discounts');
    if (raw.length === 0) return null;
    if (raw.length > 1) throw invalid('You may only specify one discount at this time.', 'discounts');
    const entry = raw[0];
    if (!entry || typeof entry !== 'object' || Array.isArray(entry))
      throw invalid('Invalid object: discounts[0] must be a hash.', 'discounts[0]');
    const promoId = str(entry.promotion_code, 'discounts[0][promotion_code]');
    const couponId = str(entry.coupon, 'discounts[0][coupon]');
    if ((promoId === undefined) === (couponId === undefined))
      throw invalid('You must pass exactly one of coupon or promotion_code.', 'discounts[0]');
    let promotionCode: SandboxPromotionCode | null = null;
    let coupon: SandboxCoupon | undefined;
    if (promoId !== undefined) {
      promotionCode = requirePromotion(promoId, 'discounts[0][promotion_code]');
      const usedUp =
        promotionCode.max_redemptions !== null && promotionCode.times_redeemed >= promotionCode.max_redemptions;
      const expired = promotionCode.expires_at !== null && promotionCode.expires_at <= nowSeconds();
      if (!promotionCode.active || usedUp || expired)
        throw invalid(`This promotion code cannot be redeemed: ${promotionCode.code}`, 'discounts[0][promotion_code]');
      const min = promotionCode.restrictions.minimum_amount;
      if (min !== null && subtotal < min)
        throw invalid(
          `This promotion code requires a minimum order amount of ${min} ${promotionCode.restrictions.minimum_amount_currency}.`,
          'discounts[0][promotion_code]',
        );
      coupon = coupons.get(promotionCode.promotion.coupon);
    } else {
      coupon = coupons.get(couponId as string);
      if (!coupon) throw missingResource('coupon', couponId as string, 'discounts[0][coupon]');
    }
    if (!coupon || !couponIsValid(coupon))
      throw invalid(
        'This coupon is no longer valid.',
        promoId ? 'discounts[0][promotion_code]' : 'discounts[0][coupon]',
      );
    if (coupon.amount_off !== null && coupon.currency !== currency)
      throw invalid(`The coupon's currency (${coupon.currency}) does not match the session's.`, 'discounts[0]');
    return { coupon: present(coupon), promotionCode };
  }

  /** A paid session redeems its coupon and promotion code once. */
  function redeem(applied: AppliedDiscount | null): void {
    if (!applied) return;
    const coupon = coupons.get(applied.coupon.id);
    if (coupon) coupon.times_redeemed += 1;
    const promo = applied.promotionCode && promotionCodes.get(applied.promotionCode.id);
    if (promo) promo.times_redeemed += 1;
  }

  return { coupons, promotionCodes, api, resolve, redeem };
}
export type SandboxDiscounts = ReturnType<typeof createDiscounts>;
