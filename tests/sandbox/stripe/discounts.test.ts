import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHIPPING } from './hosted-page.js';
import { sandboxSdk } from './sdk-client.js';
import { startStripeSandbox, type StripeSandbox } from './server.js';

// Coupons, promotion codes and a session's `discounts` in the Stripe sandbox, driven by the
// official SDK (docs/providers.md#stripe-checkout-sessions): what the checkout and the worker read.

let sandbox: StripeSandbox;
let stripe: Stripe;
let receiver: Server;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200).end('{}'));
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  sandbox = await startStripeSandbox({
    webhookUrl: url,
    webhookSecret: 'whsec_sandbox_discounts',
    payRetryDelaysMs: [],
    taxActivated: true,
  });
  stripe = sandboxSdk(sandbox);
});

afterAll(async () => {
  await sandbox?.close();
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});

async function promotion(
  code: string,
  coupon: Stripe.CouponCreateParams,
  extra: Partial<Stripe.PromotionCodeCreateParams> = {},
) {
  const created = await stripe.coupons.create({ duration: 'once', ...coupon });
  return stripe.promotionCodes.create({ promotion: { type: 'coupon', coupon: created.id }, code, ...extra });
}

function session(promotionCode: string | null, lines: Array<[amount: number, quantity: number]>, tax = false) {
  const taxBehavior = tax ? { tax_behavior: 'exclusive' as const } : {};
  return stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: lines.map(([unit_amount, quantity], i) => ({
      price_data: { currency: 'usd', unit_amount, product_data: { name: `Item ${i}` }, ...taxBehavior },
      quantity,
    })),
    success_url: 'http://shop.test/success',
    shipping_address_collection: { allowed_countries: ['US'] },
    shipping_options: [
      {
        shipping_rate_data: {
          display_name: 'Standard',
          type: 'fixed_amount',
          fixed_amount: { amount: 499, currency: 'usd' },
          ...taxBehavior,
        },
      },
    ],
    ...(tax ? { automatic_tax: { enabled: true } } : {}),
    ...(promotionCode ? { discounts: [{ promotion_code: promotionCode }] } : {}),
  });
}

async function pay(id: string) {
  const paid = await fetch(`${sandbox.url}/pay/${id}/pay`, {
    method: 'POST',
    body: new URLSearchParams({ ...DEMO_SHIPPING, payment_method: 'card' }),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  return stripe.checkout.sessions.retrieve(id, { expand: ['line_items'] });
}

describe('coupons and promotion codes', () => {
  it('creates, reads, lists by code and switches off a promotion code', async () => {
    const coupon = await stripe.coupons.create({ duration: 'once', amount_off: 500, currency: 'usd', name: 'FIVE' });
    expect(coupon).toMatchObject({
      object: 'coupon',
      amount_off: 500,
      currency: 'usd',
      percent_off: null,
      valid: true,
    });
    const promo = await stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: coupon.id },
      code: 'FIVE-OFF',
      restrictions: { minimum_amount: 3000, minimum_amount_currency: 'usd' },
    });
    expect(promo).toMatchObject({ object: 'promotion_code', active: true, code: 'FIVE-OFF', times_redeemed: 0 });
    expect(promo.promotion.coupon).toBe(coupon.id);
    expect((await stripe.promotionCodes.list({ code: 'FIVE-OFF' })).data.map((p) => p.id)).toEqual([promo.id]);
    const off = await stripe.promotionCodes.update(promo.id, { active: false });
    expect(off.active).toBe(false);
    expect((await stripe.coupons.retrieve(coupon.id)).id).toBe(coupon.id);
  });

  it('refuses a coupon with both or neither of percent_off and amount_off, and amount_off without currency', async () => {
    await expect(stripe.coupons.create({ duration: 'once' })).rejects.toMatchObject({
      statusCode: 400,
      param: 'percent_off',
    });
    await expect(stripe.coupons.create({ duration: 'once', amount_off: 100 })).rejects.toMatchObject({
      statusCode: 400,
      param: 'currency',
    });
    await expect(stripe.coupons.create({ duration: 'once', percent_off: 120 })).rejects.toMatchObject({
      statusCode: 400,
    });
  });
});

describe("Stripe's limits on a coupon and its promotion code", () => {
  const inDays = (days: number) => Math.floor(Date.now() / 1000) + days * 86_400;

  it('refuses a redeem_by more than 5 years ahead and accepts one within', async () => {
    await expect(
      stripe.coupons.create({ duration: 'once', percent_off: 5, redeem_by: inDays(5 * 365 + 2) }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, param: 'redeem_by' });
    // One instant, asked and compared: worked out twice, a second can pass between the two.
    const redeemBy = inDays(4 * 365);
    const within = await stripe.coupons.create({ duration: 'once', percent_off: 5, redeem_by: redeemBy });
    expect(within.redeem_by).toBe(redeemBy);
  });

  it('refuses a promotion code that outlives or out-counts its coupon', async () => {
    const coupon = await stripe.coupons.create({
      duration: 'once',
      percent_off: 5,
      redeem_by: inDays(30),
      max_redemptions: 3,
    });
    const promotion = { type: 'coupon' as const, coupon: coupon.id };
    await expect(
      stripe.promotionCodes.create({ promotion, code: 'OUTLIVES', expires_at: inDays(31) }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'expires_at' });
    await expect(
      stripe.promotionCodes.create({ promotion, code: 'OUTCOUNTS', max_redemptions: 4 }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'max_redemptions' });
  });

  it('replays a create under the same key and raises the idempotency error for other parameters', async () => {
    const key = `coupon-${Date.now()}`;
    const first = await stripe.coupons.create({ duration: 'once', percent_off: 5 }, { idempotencyKey: key });
    const again = await stripe.coupons.create({ duration: 'once', percent_off: 5 }, { idempotencyKey: key });
    expect(again.id).toBe(first.id);
    await expect(
      stripe.coupons.create({ duration: 'once', percent_off: 5, max_redemptions: 9 }, { idempotencyKey: key }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });
});

describe('a session with a promotion code', () => {
  it('takes the discount off the lines in proportion, not off shipping, and reports it as Stripe does', async () => {
    const promo = await promotion('TEN-PERCENT', { percent_off: 10 });
    const created = await session(promo.id, [
      [2500, 2],
      [1299, 1],
    ]);
    expect(created.discounts).toEqual([{ coupon: promo.promotion.coupon, promotion_code: promo.id }]);
    // 10% of 62.99 is 6.30 (rounded to the cent).
    expect(created.total_details?.amount_discount).toBe(630);
    const paid = await pay(created.id);
    expect(paid.amount_subtotal).toBe(6299);
    expect(paid.total_details).toEqual({ amount_discount: 630, amount_shipping: 499, amount_tax: 0 });
    expect(paid.amount_total).toBe(6299 - 630 + 499);
    const lines = paid.line_items?.data ?? [];
    expect(lines.map((li) => li.amount_discount)).toEqual([500, 130]);
    expect(lines.map((li) => li.amount_total)).toEqual([4500, 1169]);
    expect(paid.discounts).toEqual([{ coupon: promo.promotion.coupon, promotion_code: promo.id }]);
    expect((await stripe.promotionCodes.retrieve(promo.id)).times_redeemed).toBe(1);
  });

  it('taxes what is left of the lines after the discount, and the shipping in full', async () => {
    const promo = await promotion('TAX-AFTER', { percent_off: 10 });
    const paid = await pay((await session(promo.id, [[2500, 2]], true)).id);
    // The sandbox's fixed 8.25%: on 50.00 - 5.00 of items, and on 4.99 of shipping.
    const lineTax = Math.round(4500 * 0.0825);
    const shippingTax = Math.round(499 * 0.0825);
    expect(paid.total_details).toEqual({
      amount_discount: 500,
      amount_shipping: 499,
      amount_tax: lineTax + shippingTax,
    });
    expect(paid.amount_total).toBe(5000 - 500 + 499 + lineTax + shippingTax);
    expect(paid.line_items?.data.map((li) => [li.amount_discount, li.amount_tax])).toEqual([[500, lineTax]]);
  });

  it('caps an amount off at the subtotal and counts a redemption only once paid', async () => {
    const promo = await promotion('BIG-AMOUNT', { amount_off: 10_000, currency: 'usd' });
    const created = await session(promo.id, [[1500, 1]]);
    expect(created.total_details?.amount_discount).toBe(1500);
    expect(created.amount_total).toBe(499);
    expect((await stripe.promotionCodes.retrieve(promo.id)).times_redeemed).toBe(0);
  });

  it('refuses an inactive, used-up or below-minimum promotion code, and two discounts', async () => {
    const off = await promotion('SWITCHED-OFF', { percent_off: 5 });
    await stripe.promotionCodes.update(off.id, { active: false });
    await expect(session(off.id, [[2000, 1]])).rejects.toMatchObject({
      statusCode: 400,
      param: 'discounts[0][promotion_code]',
    });

    const once = await promotion('ONLY-ONCE', { percent_off: 5 }, { max_redemptions: 1 });
    await pay((await session(once.id, [[2000, 1]])).id);
    await expect(session(once.id, [[2000, 1]])).rejects.toMatchObject({ statusCode: 400 });

    const minimum = await promotion(
      'MIN-FIFTY',
      { percent_off: 5 },
      {
        restrictions: { minimum_amount: 5000, minimum_amount_currency: 'usd' },
      },
    );
    await expect(session(minimum.id, [[2000, 1]])).rejects.toMatchObject({ statusCode: 400 });
    expect((await session(minimum.id, [[2000, 3]])).total_details?.amount_discount).toBe(300);

    const two = stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price_data: { currency: 'usd', unit_amount: 2000, product_data: { name: 'x' } }, quantity: 1 }],
      success_url: 'http://shop.test/success',
      discounts: [{ promotion_code: minimum.id }, { promotion_code: once.id }],
    });
    await expect(two).rejects.toMatchObject({ statusCode: 400, param: 'discounts' });
  });
});
