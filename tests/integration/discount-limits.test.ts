import { Job } from 'bullmq';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import {
  DISCOUNT_LOCKOUT_MINUTES,
  DISCOUNT_LOCKOUTS_BEFORE_ALERT,
  DISCOUNT_WRONG_CODES_PER_CART,
  DISCOUNT_WRONG_CODES_PER_CLIENT,
} from '@shop/shared/constants';
import { minimumRetailPrice } from '@shop/shared/domain/product';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { enqueueProductSync } from '@shop/shared/server/queues';
import { createStripeClient } from '@shop/shared/providers/stripe';
import { startWorkers, type RunningWorkers } from '../../worker/src/runner.js';
import { jobModule as productSyncModule } from '../../worker/src/jobs/product-sync/index.js';
import { createTestUser } from '../fixtures/auth.js';
import { TEST_SHIPPING } from '../fixtures/shipping-destination.js';
import { startCheckoutStack, waitUntil, type CheckoutStack, type Shopper } from './checkout-stack.js';

// A code's limit and switch holds against checkouts already open: counting paid orders alone let
// every checkout opened before the first payment through, and a hosted page opened before a code
// was switched off kept its discount. Real API, sandboxes, order workers and product sync (which
// records the Printful costs the margin check needs).

const MARGIN = 10;
let stack: CheckoutStack;
let syncWorker: RunningWorkers;
let adminHeaders: Record<string, string>;

beforeAll(async () => {
  // Shoppers' addresses arrive in X-Forwarded-For from a proxy on loopback, so each test's
  // guesser is a client of its own.
  stack = await startCheckoutStack({ env: { MIN_MARGIN_PERCENT: String(MARGIN), TRUST_PROXY: '127.0.0.1' } });
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

interface Answer {
  id?: string;
  url?: string;
  error?: { code: string; message: string };
  discount?: { code: string; amountOff?: number; redemptions?: number; refusal?: { code: string; message: string } };
  discounts?: Array<{ code: string; redemptions: number }>;
}

async function call(method: string, route: string, headers: Record<string, string> = {}, body?: unknown) {
  const response = await fetch(`${stack.apiUrl}${route}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer };
}

/** A sellable variant whose recorded cost leaves room for a 10% discount above the margin floor. */
async function roomyVariant() {
  for (const product of stack.printfulSandbox.catalogue.list()) {
    const doc = await stack.store.get<{
      sync_variants: Array<{ id: number; retail_price: string; size: string; color: string; cost?: number | null }>;
    }>(COLLECTIONS.products, String(product.id));
    for (const v of doc?.sync_variants ?? []) {
      if (typeof v.cost !== 'number') continue;
      if (Number(v.retail_price) * 0.9 - minimumRetailPrice(v.cost, MARGIN) >= 1)
        return { productId: String(product.id), choice: { size: v.size, color: v.color } };
    }
  }
  throw new Error('no variant with room for a 10% discount');
}

async function shopperWithCode(code: string): Promise<Shopper> {
  const variant = await roomyVariant();
  const shopper = stack.guest();
  await shopper.add(variant.productId, 2, variant.choice);
  const applied = await call('PUT', '/api/cart/discount', shopper.headers, { code });
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  return shopper;
}

async function createCode(body: Record<string, unknown>) {
  const created = await call('POST', '/api/admin/discounts', adminHeaders, body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
}

const redemptionsOf = async (code: string) =>
  (await call('GET', '/api/admin/discounts', adminHeaders)).body.discounts?.find((d) => d.code === code)?.redemptions;

const checkout = (shopper: Shopper) =>
  call('POST', '/api/checkout/sessions', shopper.headers, { shipping: TEST_SHIPPING });

const usedUp = { code: 'aborted', message: MESSAGES.discountUsedUp };
const heldForNow = expect.stringMatching(/^This code is used up for now: .* within (30|31) minutes/);

describe('a code limited to one use', () => {
  it('three checkouts opened at once: one is paid with the discount, the others hear it is used up before paying', async () => {
    await createCode({ code: 'ONE-USE', kind: 'percent', value: 10, maxRedemptions: 1 });
    const shoppers = await Promise.all([1, 2, 3].map(() => shopperWithCode('ONE-USE')));
    const answers = await Promise.all(shoppers.map(checkout));
    const opened = answers.filter((a) => a.status === 200);
    expect(opened, JSON.stringify(answers)).toHaveLength(1);
    // Held, not paid yet: used up for now, and the shopper is told when it may free up.
    for (const refused of answers.filter((a) => a.status !== 200))
      expect(refused).toEqual({ status: 409, body: { error: { code: 'aborted', message: heldForNow } } });

    const session = opened[0].body as { id: string; url: string };
    await stack.pay(session.url);
    const order = await stack.waitForOrder(session.id, (o) => o.status === 'paid');
    expect(order.amounts?.discount).toBeGreaterThan(0);
    expect(await redemptionsOf('ONE-USE')).toBe(1);

    // The refused shoppers still check out, without the code once they remove it.
    const late = shoppers[answers.findIndex((a) => a.status !== 200)];
    expect(await checkout(late)).toEqual({ status: 409, body: { error: usedUp } });
    await call('DELETE', '/api/cart/discount', late.headers);
    expect((await checkout(late)).status).toBe(200);
  });

  it('a checkout that expires unpaid gives its use back to the next shopper', async () => {
    await createCode({ code: 'ONE-BACK', kind: 'percent', value: 10, maxRedemptions: 1 });
    const first = await shopperWithCode('ONE-BACK');
    const second = await shopperWithCode('ONE-BACK');
    const opened = await checkout(first);
    expect(opened.status).toBe(200);
    expect(await checkout(second)).toEqual({ status: 409, body: { error: { code: 'aborted', message: heldForNow } } });

    // The first shopper walks away; Stripe expires the page and tells the store.
    const stripe = createStripeClient(stack.config, { maxNetworkRetries: 0 });
    await stripe.checkout.sessions.expire(opened.body.id as string);
    await stack.waitForOrder(opened.body.id as string, (o) => o.status === 'expired');
    await stack.queuesIdle();

    const next = await checkout(second);
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    await stack.pay(next.body.url as string);
    const order = await stack.waitForOrder(next.body.id as string, (o) => o.status === 'paid');
    expect(order.amounts?.discount).toBeGreaterThan(0);
    expect(await redemptionsOf('ONE-BACK')).toBe(1);
  });
});

describe('uses held by unpaid checkouts', () => {
  /** A guest from `client` whose cart carries `code`. */
  async function guestFrom(client: string, code: string): Promise<Shopper> {
    const variant = await roomyVariant();
    const shopper = stack.guest();
    shopper.headers['x-forwarded-for'] = client;
    await shopper.add(variant.productId, 1, variant.choice);
    const applied = await call('PUT', '/api/cart/discount', shopper.headers, { code });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    return shopper;
  }
  it('two unpaid checkouts hold a 2-use code for half an hour, not a day: the paying shopper is told when, and gets it once they lapse', async () => {
    await createCode({ code: 'HOLD-TWO', kind: 'percent', value: 10, maxRedemptions: 2 });
    const holders = [await guestFrom('203.0.113.5', 'HOLD-TWO'), await guestFrom('203.0.113.5', 'HOLD-TWO')];
    const opened = await Promise.all(holders.map(checkout));
    expect(opened.map((o) => o.status)).toEqual([200, 200]);
    for (const { body } of opened) {
      const { session } = stack.stripeSandbox.sessions.get(body.id as string)!;
      // Stripe's shortest expiry (and a minute for the clocks), not its default of 24 hours.
      expect(session.expires_at - session.created).toBeGreaterThanOrEqual(30 * 60);
      expect(session.expires_at - session.created).toBeLessThanOrEqual(32 * 60);
    }

    // The paying shopper, elsewhere: not "does not exist", but used up for now and when it may free up.
    const payer = stack.guest();
    payer.headers['x-forwarded-for'] = '203.0.113.6';
    const variant = await roomyVariant();
    await payer.add(variant.productId, 1, variant.choice);
    const refused = await call('PUT', '/api/cart/discount', payer.headers, { code: 'HOLD-TWO' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({ code: 'aborted', message: heldForNow });

    // Half an hour on, unpaid, the two sessions lapse (Stripe expires them and says so) and give their uses back.
    for (const { body } of opened) {
      const expired = await fetch(`${stack.stripeSandbox.url}/__sandbox/sessions/${body.id}/expire`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(expired.status).toBe(200);
      await stack.waitForOrder(body.id as string, (o) => o.status === 'expired');
    }
    await waitUntil(
      async () => (await call('PUT', '/api/cart/discount', payer.headers, { code: 'HOLD-TWO' })).status === 200,
      30_000,
      'the held uses to come back',
    );
    const paying = await checkout(payer);
    expect(paying.status).toBe(200);
    await stack.pay(paying.body.url as string);
    const order = await stack.waitForOrder(paying.body.id as string, (o) => o.status === 'paid');
    expect(order.amounts?.discount).toBeGreaterThan(0);
  });

  it('one client holds at most two uses at once; another client is not held back by it', async () => {
    await createCode({ code: 'HOLD-FIVE', kind: 'percent', value: 10, maxRedemptions: 5 });
    const holders: Shopper[] = [];
    for (let i = 0; i < 3; i += 1) holders.push(await guestFrom('203.0.113.7', 'HOLD-FIVE'));
    expect((await checkout(holders[0])).status).toBe(200);
    expect((await checkout(holders[1])).status).toBe(200);
    const third = await checkout(holders[2]);
    expect(third).toEqual({
      status: 409,
      body: { error: { code: 'aborted', message: MESSAGES.discountHoldsPerClient(2, 31) } },
    });
    const elsewhere = await guestFrom('203.0.113.8', 'HOLD-FIVE');
    expect((await checkout(elsewhere)).status).toBe(200);
  });
});

describe('a code whose last use is paid', () => {
  it('closes a checkout still carrying it without a use of its own (one opened before uses were held)', async () => {
    await createCode({ code: 'LAST-ONE', kind: 'percent', value: 10, maxRedemptions: 1 });
    const early = await shopperWithCode('LAST-ONE');
    const opened = await checkout(early);
    expect(opened.status).toBe(200);
    // As a checkout opened before this store held uses: its session carries the code, no use is held.
    const orderId = stack.stripeSandbox.sessions.get(opened.body.id as string)?.session.metadata?.orderId as string;
    await stack.store.update(COLLECTIONS.discountReservations, orderId, { status: 'released' });
    await stack.store.update(COLLECTIONS.discounts, 'LAST-ONE', { uses: 0 });

    const buyer = await shopperWithCode('LAST-ONE');
    const paying = await checkout(buyer);
    expect(paying.status).toBe(200);
    await stack.pay(paying.body.url as string);
    await stack.waitForOrder(paying.body.id as string, (o) => o.status === 'paid');
    await stack.waitForOrder(opened.body.id as string, (o) => o.status === 'expired');
    await expect(stack.pay(opened.body.url as string)).rejects.toThrow();
    expect(await redemptionsOf('LAST-ONE')).toBe(1);
  });
});

describe('a code switched off', () => {
  it('closes the checkout already opened with it, so it cannot be paid with the discount', async () => {
    await createCode({ code: 'SWITCH-OFF', kind: 'percent', value: 10 });
    const shopper = await shopperWithCode('SWITCH-OFF');
    const opened = await checkout(shopper);
    expect(opened.status).toBe(200);

    const off = await call('PATCH', '/api/admin/discounts/SWITCH-OFF', adminHeaders, { active: false });
    expect(off.status).toBe(200);
    expect(stack.stripeSandbox.sessions.get(opened.body.id as string)?.session.status).toBe('expired');
    await expect(stack.pay(opened.body.url as string)).rejects.toThrow();
    await stack.waitForOrder(opened.body.id as string, (o) => o.status === 'expired');
    expect(await redemptionsOf('SWITCH-OFF')).toBe(0);
    // The cart keeps its lines and says why the code no longer applies.
    const cart = await call('GET', '/api/cart', shopper.headers);
    expect(cart.body.discount?.refusal?.code).toBe('not-found');
  });
});

describe('guessing codes', () => {
  async function tryCode(shopper: Shopper, client: string, code: string) {
    const response = await fetch(`${stack.apiUrl}/api/cart/discount`, {
      method: 'PUT',
      headers: { ...shopper.headers, 'x-forwarded-for': client, 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: (await response.json()) as Answer,
    };
  }

  async function cartOf(client: string): Promise<Shopper> {
    const variant = await roomyVariant();
    const shopper = stack.guest();
    shopper.headers['x-forwarded-for'] = client;
    await shopper.add(variant.productId, 2, variant.choice);
    return shopper;
  }

  const lockedOut = { code: 'resource-exhausted', message: MESSAGES.discountLockedOut(DISCOUNT_LOCKOUT_MINUTES) };

  it('a cart, then a client, that got too many codes wrong is locked out, the right code included, with a retry time', async () => {
    await createCode({ code: 'GUESS-ME', kind: 'percent', value: 5 });
    const guesser = '203.0.113.7';
    const first = await cartOf(guesser);
    for (let i = 0; i < DISCOUNT_WRONG_CODES_PER_CART; i++)
      expect((await tryCode(first, guesser, `TRY${i}`)).status).toBe(404);
    const locked = await tryCode(first, guesser, 'GUESS-ME');
    expect(locked.status).toBe(429);
    expect(locked.body.error).toMatchObject(lockedOut);
    expect(Number(locked.retryAfter)).toBeGreaterThan(0);
    expect(Number(locked.retryAfter)).toBeLessThanOrEqual(DISCOUNT_LOCKOUT_MINUTES * 60);
    // The cart is unchanged: no code on it.
    expect((await first.cart()) as unknown as Answer).not.toHaveProperty('discount');

    // New carts from the same address share the client's budget.
    let tried = DISCOUNT_WRONG_CODES_PER_CART;
    while (tried < DISCOUNT_WRONG_CODES_PER_CLIENT) {
      const next = await cartOf(guesser);
      for (let i = 0; i < DISCOUNT_WRONG_CODES_PER_CART - 1 && tried < DISCOUNT_WRONG_CODES_PER_CLIENT; i++, tried++)
        expect((await tryCode(next, guesser, `MORE${tried}`)).status).toBe(404);
    }
    const fresh = await cartOf(guesser);
    const clientLocked = await tryCode(fresh, guesser, 'GUESS-ME');
    expect(clientLocked.status).toBe(429);
    expect(clientLocked.body.error).toMatchObject(lockedOut);

    // Another shopper is not held by it.
    const other = await cartOf('203.0.113.8');
    expect((await tryCode(other, '203.0.113.8', 'guess-me')).status).toBe(200);
  });

  it('a client locked out again and again shows as an alert on the admin discounts list', async () => {
    const guesser = '203.0.113.9';
    const list = async () =>
      (
        (await call('GET', '/api/admin/discounts', adminHeaders)).body as Answer & {
          guessAlerts?: Array<{ client: string; lockouts: number }>;
        }
      ).guessAlerts ?? [];
    expect((await list()).find((a) => a.client === guesser)).toBeUndefined();
    for (let lockout = 1; lockout <= DISCOUNT_LOCKOUTS_BEFORE_ALERT; lockout++) {
      for (let i = 0; i < DISCOUNT_WRONG_CODES_PER_CLIENT;) {
        const cart = await cartOf(guesser);
        for (let j = 0; j < DISCOUNT_WRONG_CODES_PER_CART - 1 && i < DISCOUNT_WRONG_CODES_PER_CLIENT; j++, i++)
          expect((await tryCode(cart, guesser, `L${lockout}X${i}`)).status).toBe(404);
      }
      expect((await tryCode(await cartOf(guesser), guesser, 'ANY-CODE')).status).toBe(429);
      // The lockout's time passes.
      const locks = await stack.api.redis.keys(`${stack.config.QUEUE_PREFIX}:discount-guess:lock:*`);
      if (locks.length) await stack.api.redis.del(...locks);
    }
    expect((await list()).find((a) => a.client === guesser)).toMatchObject({
      client: guesser,
      lockouts: DISCOUNT_LOCKOUTS_BEFORE_ALERT,
    });
  });
});
