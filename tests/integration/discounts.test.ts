import { Job } from 'bullmq';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { minimumRetailPrice } from '@shop/shared/domain/product';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { enqueueProductSync } from '@shop/shared/server/queues';
import { createStripeClient } from '@shop/shared/providers/stripe';
import { startWorkers, type RunningWorkers } from '../../worker/src/runner.js';
import { jobModule as productSyncModule } from '../../worker/src/jobs/product-sync/index.js';
import { createTestUser } from '../fixtures/auth.js';
import { startCheckoutStack, waitUntil, type CheckoutStack, type Shopper } from './checkout-stack.js';

// Discount codes (docs/rules.md#what-a-merch-shopper-expects) through the real API, the Stripe and Printful sandboxes, the
// product-sync worker (which records Printful's costs) and the order workers: the studio makes
// codes, shoppers apply them, and no code ever sells goods below cost plus MIN_MARGIN_PERCENT.

const MARGIN = 10;
let stack: CheckoutStack;
let syncWorker: RunningWorkers;
let adminHeaders: Record<string, string>;

beforeAll(async () => {
  stack = await startCheckoutStack({ env: { MIN_MARGIN_PERCENT: String(MARGIN) } });
  syncWorker = await startWorkers({
    config: stack.config,
    store: stack.store,
    logger: pino({ level: 'silent' }),
    modules: [productSyncModule],
    schedule: false,
  });
  const queue = stack.api.queues.productSync;
  const { jobId } = await enqueueProductSync(queue, { fullSync: true });
  await waitUntil(
    async () => (await (await Job.fromId(queue, jobId))?.getState()) === 'completed',
    60_000,
    'the full sync',
  );
  const admin = await createTestUser({ claims: { admin: true } });
  adminHeaders = { authorization: `Bearer ${admin.token}` };
});

afterAll(async () => {
  await syncWorker?.close(true);
  await stack?.close();
});

async function call(method: string, route: string, headers: Record<string, string> = {}, body?: unknown) {
  const response = await fetch(`${stack.apiUrl}${route}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer };
}

interface DiscountView {
  id: string;
  code: string;
  active: boolean;
  redemptions: number;
  stripeCouponId: string;
  stripePromotionCodeId: string;
}

/** The fields these tests read from the API's answers. */
interface Answer {
  error?: { code: string; message: string };
  discount?: DiscountView & { amountOff?: number; refusal?: { code: string; message: string } };
  discounts?: DiscountView[];
}

interface StoredVariant {
  id: number;
  retail_price: string;
  size: string;
  color: string;
  cost?: number | null;
}

const notFound = { error: { code: 'not-found', message: MESSAGES.discountNotFound } };
const notApplicable = { error: { code: 'aborted', message: MESSAGES.discountNotApplicable } };

interface Priced {
  productId: string;
  syncVariantId: number;
  choice: { size: string; color: string };
  price: number;
  cost: number;
  /** The least one unit may sell for: cost x (1 + MARGIN/100), rounded up to the cent. */
  floor: number;
}

/** A sellable variant with Printful's cost as the sync recorded it, and at least $2 above its floor. */
async function pricedVariant(skip = 0): Promise<Priced> {
  const found: Priced[] = [];
  for (const product of stack.printfulSandbox.catalogue.list()) {
    const doc = await stack.store.get<{ sync_variants: StoredVariant[] }>(COLLECTIONS.products, String(product.id));
    for (const v of doc?.sync_variants ?? []) {
      if (typeof v.cost !== 'number') continue;
      const price = Number(v.retail_price);
      const floor = minimumRetailPrice(v.cost, MARGIN);
      if (price - floor >= 2)
        found.push({
          productId: String(product.id),
          syncVariantId: v.id,
          choice: { size: v.size, color: v.color },
          price,
          cost: v.cost,
          floor,
        });
    }
  }
  return found[skip];
}

async function createCode(body: Record<string, unknown>): Promise<DiscountView> {
  const created = await call('POST', '/api/admin/discounts', adminHeaders, body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.discount as DiscountView;
}

async function shopperWith(variant: Priced, quantity: number): Promise<Shopper> {
  const shopper = stack.guest();
  await shopper.add(variant.productId, quantity, variant.choice);
  return shopper;
}

const cents = (n: number) => Math.round(n * 100);

describe('the studio makes codes', () => {
  it('admins only: 401 for guests, 403 for shoppers', async () => {
    const body = { code: 'GUARDED', kind: 'percent', value: 10 };
    expect((await call('POST', '/api/admin/discounts', {}, body)).status).toBe(401);
    const shopper = await createTestUser();
    const asShopper = { authorization: `Bearer ${shopper.token}` };
    expect((await call('POST', '/api/admin/discounts', asShopper, body)).status).toBe(403);
    expect((await call('GET', '/api/admin/discounts', asShopper)).status).toBe(403);
    expect((await call('PATCH', '/api/admin/discounts/GUARDED', asShopper, { active: false })).status).toBe(403);
  });

  it('refuses bad codes and values with 400 invalid-argument', async () => {
    for (const body of [
      { code: 'AB', kind: 'percent', value: 10 },
      { code: 'HAS SPACE', kind: 'percent', value: 10 },
      { code: 'X'.repeat(33), kind: 'percent', value: 10 },
      { code: 'PCT-HIGH', kind: 'percent', value: 101 },
      { code: 'PCT-ZERO', kind: 'percent', value: 0 },
      { code: 'AMT-ZERO', kind: 'amount', value: 0 },
      { code: 'AMT-NEG', kind: 'amount', value: -5 },
      { code: 'BAD-KIND', kind: 'free', value: 5 },
      // A last day already past (a typo in the year) is the studio's mistake, not Stripe's refusal.
      { code: 'PAST-END', kind: 'percent', value: 5, endsAt: '2020-01-31T23:59:59Z' },
    ]) {
      const answer = await call('POST', '/api/admin/discounts', adminHeaders, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error?.code).toBe('invalid-argument');
    }
    const pastEnd = { code: 'PAST-END', kind: 'percent', value: 5, endsAt: '2020-01-31T23:59:59Z' };
    expect((await call('POST', '/api/admin/discounts', adminHeaders, pastEnd)).body.error?.message).toContain('endsAt');
    expect((await call('GET', '/api/admin/discounts', adminHeaders)).body.discounts?.map((d) => d.code)).not.toContain(
      'PAST-END',
    );
  });

  it('creates a code as a Stripe coupon with a promotion code, unique whatever the case, listed and switched off', async () => {
    const discount = await createCode({
      code: 'spring-25',
      kind: 'percent',
      value: 25,
      minSubtotal: 30,
      maxRedemptions: 5,
    });
    expect(discount).toMatchObject({
      code: 'SPRING-25',
      kind: 'percent',
      value: 25,
      minSubtotal: 30,
      maxRedemptions: 5,
      active: true,
      redemptions: 0,
    });
    const promo = stack.stripeSandbox.discounts.promotionCodes.get(discount.stripePromotionCodeId);
    expect(promo).toMatchObject({ code: 'SPRING-25', active: true, max_redemptions: 5 });
    expect(promo?.restrictions.minimum_amount).toBe(3000);
    expect(stack.stripeSandbox.discounts.coupons.get(discount.stripeCouponId)?.percent_off).toBe(25);

    const again = await call('POST', '/api/admin/discounts', adminHeaders, {
      code: 'Spring-25',
      kind: 'amount',
      value: 5,
    });
    expect(again.status).toBe(409);

    const listed = await call('GET', '/api/admin/discounts', adminHeaders);
    expect(listed.body.discounts?.find((d: { code: string }) => d.code === 'SPRING-25')).toMatchObject({
      redemptions: 0,
    });

    const off = await call('PATCH', `/api/admin/discounts/${discount.id}`, adminHeaders, { active: false });
    expect(off.status).toBe(200);
    expect(off.body.discount?.active).toBe(false);
    expect(promo?.active).toBe(false);
    expect((await call('PATCH', '/api/admin/discounts/NO-SUCH-CODE', adminHeaders, { active: false })).status).toBe(
      404,
    );
  });
});

describe('a shopper applies a code', () => {
  it('shows the amount off, matches any case, and is removed with DELETE', async () => {
    const variant = await pricedVariant();
    await createCode({ code: 'FIVE-PCT', kind: 'percent', value: 5 });
    const shopper = await shopperWith(variant, 2);
    const applied = await call('PUT', '/api/cart/discount', shopper.headers, { code: ' five-pct ' });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.discount).toEqual({
      code: 'FIVE-PCT',
      amountOff: Math.round(cents(variant.price) * 2 * 0.05) / 100,
    });
    expect((await call('GET', '/api/cart', shopper.headers)).body.discount?.code).toBe('FIVE-PCT');
    const removed = await call('DELETE', '/api/cart/discount', shopper.headers);
    expect(removed.status).toBe(200);
    expect(removed.body.discount).toBeUndefined();
  });

  it('follows the guest into the account on sign-in', async () => {
    const variant = await pricedVariant();
    await createCode({ code: 'WELCOME-3', kind: 'percent', value: 3 });
    const guest = await shopperWith(variant, 1);
    expect((await call('PUT', '/api/cart/discount', guest.headers, { code: 'WELCOME-3' })).status).toBe(200);
    const user = await createTestUser();
    const merged = await call('POST', '/api/cart/merge', { ...guest.headers, authorization: `Bearer ${user.token}` });
    expect(merged.status).toBe(200);
    expect(merged.body.discount?.code).toBe('WELCOME-3');
  });

  it('refuses unknown, switched-off and not-yet-started codes with 404, leaving the cart unchanged', async () => {
    const variant = await pricedVariant();
    const shopper = await shopperWith(variant, 1);
    const before = await call('GET', '/api/cart', shopper.headers);
    await createCode({ code: 'OFF-AGAIN', kind: 'percent', value: 5 });
    await call('PATCH', '/api/admin/discounts/OFF-AGAIN', adminHeaders, { active: false });
    await createCode({ code: 'NEXT-YEAR', kind: 'percent', value: 5, startsAt: '2099-01-01T00:00:00Z' });
    for (const code of ['NOPE-NOPE', 'OFF-AGAIN', 'NEXT-YEAR', '!!']) {
      expect(await call('PUT', '/api/cart/discount', shopper.headers, { code })).toEqual({
        status: 404,
        body: notFound,
      });
    }
    // A body without a code is refused at the boundary, in the same error format.
    const malformed = await call('PUT', '/api/cart/discount', shopper.headers, { code: 42 });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error?.code).toBe('invalid-argument');
    expect(await call('GET', '/api/cart', shopper.headers)).toEqual(before);
  });

  it('refuses a code whose last day has passed with 404, keeping the code the cart already carries', async () => {
    const variant = await pricedVariant();
    await createCode({ code: 'KEPT-2', kind: 'percent', value: 2 });
    await createCode({
      code: 'LAST-DAY',
      kind: 'percent',
      value: 5,
      endsAt: new Date(Date.now() + 365 * 86_400_000).toISOString(),
    });
    // The code's last day passes (the store holds when a code may be used).
    await stack.store.update(COLLECTIONS.discounts, 'LAST-DAY', { endsAt: '2026-01-31T23:59:59.000Z' });
    const shopper = await shopperWith(variant, 1);
    expect((await call('PUT', '/api/cart/discount', shopper.headers, { code: 'KEPT-2' })).status).toBe(200);
    const before = await call('GET', '/api/cart', shopper.headers);
    expect(await call('PUT', '/api/cart/discount', shopper.headers, { code: 'last-day' })).toEqual({
      status: 404,
      body: notFound,
    });
    expect(await call('GET', '/api/cart', shopper.headers)).toEqual(before);
    expect(before.body.discount?.code).toBe('KEPT-2');
  });

  it('refuses a code below its minimum subtotal with 409', async () => {
    const variant = await pricedVariant();
    await createCode({ code: 'MIN-ORDER', kind: 'percent', value: 1, minSubtotal: variant.price * 2 });
    const one = await shopperWith(variant, 1);
    expect(await call('PUT', '/api/cart/discount', one.headers, { code: 'MIN-ORDER' })).toEqual({
      status: 409,
      body: notApplicable,
    });
    const two = await shopperWith(variant, 2);
    expect((await call('PUT', '/api/cart/discount', two.headers, { code: 'MIN-ORDER' })).status).toBe(200);
  });

  it('refuses a code that would sell a cheap cart below cost plus margin, and accepts it on a dearer one', async () => {
    const variant = await pricedVariant();
    // One unit discounted by this much would sell a cent below its floor; two units stay above theirs.
    const amount = (cents(variant.price) - cents(variant.floor) + 1) / 100;
    await createCode({ code: 'MARGIN-TEST', kind: 'amount', value: amount });
    const cheap = await shopperWith(variant, 1);
    const before = await call('GET', '/api/cart', cheap.headers);
    expect(await call('PUT', '/api/cart/discount', cheap.headers, { code: 'MARGIN-TEST' })).toEqual({
      status: 409,
      body: notApplicable,
    });
    expect(await call('GET', '/api/cart', cheap.headers)).toEqual(before);

    const dear = await shopperWith(variant, 2);
    const applied = await call('PUT', '/api/cart/discount', dear.headers, { code: 'MARGIN-TEST' });
    expect(applied.status).toBe(200);
    expect(applied.body.discount).toEqual({ code: 'MARGIN-TEST', amountOff: amount });
  });
});

describe('checkout with a code', () => {
  it('charges the discounted amount, records it on the order, counts the redemption once paid, refunds what was paid', async () => {
    const variant = await pricedVariant();
    await createCode({ code: 'PAID-TEN', kind: 'percent', value: 10, maxRedemptions: 1 });
    const shopper = await shopperWith(variant, 2);
    expect((await call('PUT', '/api/cart/discount', shopper.headers, { code: 'PAID-TEN' })).status).toBe(200);

    const session = await shopper.checkout();
    const record = stack.stripeSandbox.sessions.get(session.id)!;
    expect(record.discount?.promotionCode?.code).toBe('PAID-TEN');
    const redemptions = async () =>
      (await call('GET', '/api/admin/discounts', adminHeaders)).body.discounts?.find(
        (d: { code: string }) => d.code === 'PAID-TEN',
      )?.redemptions;
    expect(await redemptions()).toBe(0);

    await stack.pay(session.url);
    const order = await stack.waitForOrder(session.id, (o) => o.status === 'paid');
    const charged = record.session;
    expect(charged.total_details?.amount_discount).toBe(Math.round(cents(variant.price) * 2 * 0.1));
    expect(order.amounts).toEqual({
      subtotal: (charged.amount_subtotal ?? 0) / 100,
      shipping: (charged.total_details?.amount_shipping ?? 0) / 100,
      tax: (charged.total_details?.amount_tax ?? 0) / 100,
      discount: (charged.total_details?.amount_discount ?? 0) / 100,
      total: (charged.amount_total ?? 0) / 100,
      currency: 'USD',
    });
    expect(await redemptions()).toBe(1);
    // The code was spent with the bought lines: the shopper's next cart starts without it.
    await waitUntil(
      async () => (await call('GET', '/api/cart', shopper.headers)).body.discount === undefined,
      30_000,
      'the spent code to leave the cart',
    );

    // Used up: the next shopper hears the code has expired.
    const next = await shopperWith(variant, 2);
    expect(await call('PUT', '/api/cart/discount', next.headers, { code: 'PAID-TEN' })).toEqual({
      status: 404,
      body: notFound,
    });

    // The studio's refund button offers, and refunds, what the shopper paid after the discount.
    const detail = await call('GET', `/api/admin/orders/${order.id}`, adminHeaders);
    expect((detail.body as { refundable?: number }).refundable).toBe((charged.amount_total ?? 0) / 100);
    const refund = await call('POST', `/api/admin/orders/${order.id}/refund`, adminHeaders, {});
    expect(refund.status, JSON.stringify(refund.body)).toBe(202);
    expect((refund.body as { refund?: { amount: number } }).refund?.amount).toBe((charged.amount_total ?? 0) / 100);
    const stripe = createStripeClient(stack.config, { maxNetworkRetries: 0 });
    const refunds = await stripe.refunds.list({ payment_intent: charged.payment_intent as string });
    expect(refunds.data.map((r) => r.amount)).toEqual([charged.amount_total]);
    const refunded = await stack.waitForOrder(session.id, (o) => o.status === 'refunded');
    expect(refunded.amounts?.total).toBe((charged.amount_total ?? 0) / 100);
  });

  it('refuses at checkout a code whose minimum the cart no longer reaches; the cart says so first and keeps the code', async () => {
    const variant = await pricedVariant();
    await createCode({ code: 'MIN-TWO', kind: 'percent', value: 1, minSubtotal: variant.price * 2 });
    const shopper = await shopperWith(variant, 2);
    expect((await call('PUT', '/api/cart/discount', shopper.headers, { code: 'MIN-TWO' })).status).toBe(200);
    // The shopper takes one unit out after applying the code.
    const cart = (await call('GET', '/api/cart', shopper.headers)).body as Answer & {
      cartItems?: Array<{ id: string }>;
    };
    const lineId = cart.cartItems?.[0]?.id;
    expect(lineId).toBeDefined();
    const lowered = await call('PATCH', `/api/cart/items/${lineId}`, shopper.headers, { quantity: 1 });
    expect(lowered.status).toBe(200);
    // The cart says at once that the code no longer applies, why, and takes nothing off.
    const noLongerApplies = { code: 'MIN-TWO', amountOff: 0, refusal: notApplicable.error };
    expect(lowered.body.discount).toEqual(noLongerApplies);
    expect((await call('GET', '/api/cart', shopper.headers)).body.discount).toEqual(noLongerApplies);

    const sessionsBefore = stack.stripeSandbox.sessions.size;
    expect(
      await call('POST', '/api/checkout/sessions', shopper.headers, {
        shipping: { country: 'US', state: 'IL', zip: '62701' },
      }),
    ).toEqual({ status: 409, body: notApplicable });
    expect(stack.stripeSandbox.sessions.size).toBe(sessionsBefore);

    // The code stayed with the cart: back at the minimum, it applies again.
    const raised = await call('PATCH', `/api/cart/items/${lineId}`, shopper.headers, { quantity: 2 });
    expect(raised.body.discount).toEqual({
      code: 'MIN-TWO',
      amountOff: Math.round(cents(variant.price) * 2 * 0.01) / 100,
    });
  });

  it('refuses at checkout a code whose Printful cost rose after it was applied; the cart says so first', async () => {
    const variant = await pricedVariant(1);
    await createCode({ code: 'COST-ROSE', kind: 'percent', value: 1 });
    const shopper = await shopperWith(variant, 1);
    expect((await call('PUT', '/api/cart/discount', shopper.headers, { code: 'COST-ROSE' })).status).toBe(200);

    // The next sync records a higher Printful cost: the variant still sells at its price, but 1%
    // off would now take it below cost plus the margin.
    const doc = (await stack.store.get<{ sync_variants: StoredVariant[] }>(COLLECTIONS.products, variant.productId))!;
    const risen = Math.floor((variant.price / (1 + MARGIN / 100)) * 100) / 100;
    expect(minimumRetailPrice(risen, MARGIN)).toBeLessThanOrEqual(variant.price);
    await stack.store.update(COLLECTIONS.products, variant.productId, {
      sync_variants: doc.sync_variants.map((v) => (v.id === variant.syncVariantId ? { ...v, cost: risen } : v)),
    });
    expect((await call('GET', '/api/cart', shopper.headers)).body.discount).toEqual({
      code: 'COST-ROSE',
      amountOff: 0,
      refusal: notApplicable.error,
    });

    const sessionsBefore = stack.stripeSandbox.sessions.size;
    expect(
      await call('POST', '/api/checkout/sessions', shopper.headers, {
        shipping: { country: 'US', state: 'IL', zip: '62701' },
      }),
    ).toEqual({
      status: 409,
      body: notApplicable,
    });
    expect(stack.stripeSandbox.sessions.size).toBe(sessionsBefore);
    // Without the code the cart still checks out.
    await call('DELETE', '/api/cart/discount', shopper.headers);
    expect((await shopper.checkout()).url).toContain('/pay/');
  });

  it('the cart says a code switched off after it was applied has expired, and applies it again once switched back on', async () => {
    const variant = await pricedVariant();
    await createCode({ code: 'SWITCHED', kind: 'percent', value: 2 });
    const shopper = await shopperWith(variant, 1);
    expect((await call('PUT', '/api/cart/discount', shopper.headers, { code: 'SWITCHED' })).status).toBe(200);
    await call('PATCH', '/api/admin/discounts/SWITCHED', adminHeaders, { active: false });
    expect((await call('GET', '/api/cart', shopper.headers)).body.discount).toEqual({
      code: 'SWITCHED',
      amountOff: 0,
      refusal: notFound.error,
    });
    await call('PATCH', '/api/admin/discounts/SWITCHED', adminHeaders, { active: true });
    expect((await call('GET', '/api/cart', shopper.headers)).body.discount).toEqual({
      code: 'SWITCHED',
      amountOff: Math.round(cents(variant.price) * 0.02) / 100,
    });
  });
});
