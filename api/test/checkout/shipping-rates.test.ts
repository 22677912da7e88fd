import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { SHIPPING_QUOTES_PER_CLIENT_PER_MIN } from '@shop/shared/constants';
import { shippingOptionDisplayName } from '@shop/shared/domain/delivery';
import { orderSchema } from '@shop/shared/schemas';
import { COLLECTIONS } from '@shop/shared/server/collections';
import {
  DEFAULT_SHIPPING_FLAT_RATES,
  flatRateFor,
  parseFlatRates,
  type FlatRateTable,
} from '@shop/shared/server/config';
import { backgroundShareOf, createPrintfulPacer, PRINTFUL_RATE_WINDOW_MS } from '@shop/shared/providers/printful';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import { startPrintfulSandbox, type PrintfulSandbox } from '../../../tests/sandbox/printful/server.js';
import { startStripeSandbox, type StripeSandbox } from '../../../tests/sandbox/stripe/server.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { guestHeaders, seedProduct, startCheckout, storefrontProduct } from './checkout-fixtures.js';
import { addCartItem } from '../cart/cart-fixtures.js';

// GET /api/cart/shipping-rates and the shipping part of POST /api/checkout/sessions (docs/rules.md#money-at-checkout), against the Printful and Stripe sandboxes, with the real app, store and Redis.

const PUBLIC_URL = 'http://shop.test:3000';
// Small enough to spend in a test: 2 calls a window for shoppers, 8 for background work.
const SMALL_BUDGET = 10;

let printful: PrintfulSandbox;
let stripe: StripeSandbox;
let t: TestApp;
let tee: StorefrontProduct;
let mug: StorefrontProduct;

/** A storefront product whose variants Printful's catalogue knows. */
function productFromSandbox(index: number, id: string): StorefrontProduct {
  const source = printful.catalogue.list()[index];
  const base = storefrontProduct(id, { title: source.name });
  base.variants = base.variants.map((v, i) => ({
    ...v,
    catalog_variant_id: source.variants[i % source.variants.length].catalogVariantId,
    sync_variant_id: source.variants[i % source.variants.length].id,
  }));
  return base;
}

beforeAll(async () => {
  printful = await startPrintfulSandbox({ rateLimitPerMin: 10_000 });
  stripe = await startStripeSandbox({
    webhookUrl: 'http://127.0.0.1:9/unused',
    webhookSecret: 'whsec_unused_here',
    taxActivated: true,
  });
  t = await createTestApp({
    PRINTFUL_API_URL: printful.url,
    PRINTFUL_RATE_LIMIT_PER_MIN: '1000',
    STRIPE_API_URL: stripe.url,
    PUBLIC_URL,
    SHIPPING_FLAT_RATES: 'US=5.55+1.25,GB=7.77+2.00,*=14.00+3.00',
  });
  tee = productFromSandbox(0, 'ship-tee');
  mug = productFromSandbox(1, 'ship-mug');
  await seedProduct(t.app, tee);
  await seedProduct(t.app, mug);
});

afterAll(async () => {
  await t?.close();
  await stripe?.close();
  await printful?.close();
});

/** Each test starts in a fresh Printful window with the budget unspent and nothing cached. */
beforeEach(async () => {
  printful.reset();
  const keys = [
    ...(await t.app.redis.keys(`${t.config.QUEUE_PREFIX}:printful:*`)),
    ...(await t.app.redis.keys(`${t.config.QUEUE_PREFIX}:shipping-rates:*`)),
    ...(await t.app.redis.keys(`${t.config.QUEUE_PREFIX}:shipping-quotes:*`)),
  ];
  if (keys.length) await t.app.redis.del(...keys);
  const intoWindow = Date.now() % PRINTFUL_RATE_WINDOW_MS;
  if (intoWindow > PRINTFUL_RATE_WINDOW_MS - 15_000) await sleep(PRINTFUL_RATE_WINDOW_MS - intoWindow + 50);
});

async function add(headers: Record<string, string>, product: StorefrontProduct, quantity = 1, size = 'M', app = t) {
  const response = await addCartItem(app.app, headers, { productId: product.id, quantity, size, color: 'Black' });
  expect(response.statusCode, response.body).toBe(200);
}

/** The shopper's cart's shipping rates, asked from the client address `ip`. */
function rates(headers: Record<string, string>, query: string, app = t, ip = '127.0.0.1') {
  return app.app.inject({ method: 'GET', url: `/api/cart/shipping-rates?${query}`, headers, remoteAddress: ip });
}

const printfulQuotes = () => printful.stats.snapshot().byRoute['POST /shipping/rates'] ?? 0;

async function printfulAnswer(body: unknown) {
  const response = await fetch(`${printful.url}/shipping/rates`, {
    method: 'POST',
    headers: { Authorization: 'Bearer test', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return ((await response.json()) as { result: unknown }).result as Array<{ id: string; name: string; rate: string }>;
}

describe('GET /api/cart/shipping-rates', () => {
  it("answers Printful's options for the cart's variants, cheapest first, in the documented shape", async () => {
    const shopper = guestHeaders();
    await add(shopper, tee, 2);
    await add(shopper, mug, 1, 'L');

    const response = await rates(shopper, 'country=us&state=ca&zip=91311');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.source).toBe('printful');
    expect(body.destination).toEqual({ country: 'US', state: 'CA', zip: '91311' });

    const expected = await printfulAnswer({
      recipient: { country_code: 'US', state_code: 'CA', zip: '91311' },
      items: [
        { variant_id: tee.variants[0].catalog_variant_id, quantity: 2 },
        { variant_id: mug.variants[1].catalog_variant_id, quantity: 1 },
      ],
    });
    expect(body.options).toEqual(
      expected.map((r) => expect.objectContaining({ id: r.id, name: r.name, amount: Number(r.rate), currency: 'USD' })),
    );
    const amounts = body.options.map((o: { amount: number }) => o.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(body.options.length).toBeGreaterThan(1);
    expect(body.options.length).toBeLessThanOrEqual(5);
    expect(body.options[0]).toMatchObject({ id: 'STANDARD', minDeliveryDays: expect.any(Number) });
  });

  it("asks Printful for US dollars, so a Printful store kept in another currency still gets Printful's quote", async () => {
    const euroStore = await startPrintfulSandbox({ rateLimitPerMin: 10_000, storeCurrency: 'EUR' });
    const app = await createTestApp({ PRINTFUL_API_URL: euroStore.url, STRIPE_API_URL: stripe.url, PUBLIC_URL });
    try {
      await seedProduct(app.app, tee);
      const shopper = guestHeaders();
      await add(shopper, tee, 1, 'M', app);
      const response = await rates(shopper, 'country=us&state=ca&zip=91311', app);
      expect(response.statusCode).toBe(200);
      expect(response.json().source).toBe('printful');
      const expected = await printfulAnswer({
        recipient: { country_code: 'US', state_code: 'CA', zip: '91311' },
        items: [{ variant_id: tee.variants[0].catalog_variant_id, quantity: 1 }],
      });
      expect(response.json().options[0]).toMatchObject({ id: 'STANDARD', amount: Number(expected[0].rate) });
    } finally {
      await app.close();
      await euroStore.close();
    }
  });

  it('asks Printful once per destination and cart contents; a repeat comes from the cache', async () => {
    const shopper = guestHeaders();
    await add(shopper, tee, 1);
    await rates(shopper, 'country=US&state=NY&zip=10001');
    expect(printfulQuotes()).toBe(1);

    const again = await rates(shopper, 'country=US&state=NY&zip=10001');
    expect(again.json().source).toBe('printful');
    // Another shopper with the same contents and destination shares the quote.
    const other = guestHeaders();
    await add(other, tee, 1);
    await rates(other, 'country=us&state=ny&zip=10001');
    expect(printfulQuotes()).toBe(1);

    await rates(shopper, 'country=GB');
    expect(printfulQuotes()).toBe(2);
    await add(shopper, tee, 1);
    await rates(shopper, 'country=US&state=NY&zip=10001');
    expect(printfulQuotes()).toBe(3);
  });

  it('refuses an empty cart, a country we do not ship to and a missing state, naming the field', async () => {
    const empty = await rates(guestHeaders(), 'country=US&state=CA');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatchObject({ code: 'invalid-argument', message: expect.stringMatching(/^cart: /) });

    const shopper = guestHeaders();
    await add(shopper, tee, 1);
    const country = await rates(shopper, 'country=XX');
    expect(country.statusCode).toBe(400);
    expect(country.json().error.code).toBe('invalid-argument');
    expect(country.json().error.message).toContain('country');
    expect(country.json().error.message).toContain('Choose a country we ship to');

    for (const missing of ['US', 'CA', 'AU']) {
      const noState = await rates(shopper, `country=${missing}&zip=12345`);
      expect(noState.statusCode).toBe(400);
      expect(noState.json().error.message).toContain('state');
      expect(noState.json().error.message).toContain(`required for shipping to ${missing}`);
    }
    expect((await rates(shopper, 'country=GB')).statusCode).toBe(200);
    expect(printfulQuotes()).toBe(1);
  });

  it('answers from the flat-rate table, labelled, while Printful fails, and asks Printful again once it is back', async () => {
    const shopper = guestHeaders();
    await add(shopper, tee, 1);
    printful.faults.serverError({ status: 503, paths: ['/shipping/rates'] });

    const outage = await rates(shopper, 'country=GB');
    expect(outage.statusCode).toBe(200);
    expect(outage.json()).toEqual({
      destination: { country: 'GB' },
      source: 'flat-rate',
      options: [{ id: 'STANDARD', name: 'Standard shipping', amount: 7.77, currency: 'USD' }],
    });
    const elsewhere = await rates(shopper, 'country=DE');
    expect(elsewhere.json().options[0].amount).toBe(14);

    printful.faults.clear();
    const back = await rates(shopper, 'country=GB');
    expect(back.json().source).toBe('printful');
  });

  it('prices the flat rate per item and refuses a cart above SHIPPING_FALLBACK_MAX_ITEMS units on it', async () => {
    const shopper = guestHeaders();
    await add(shopper, tee, 3);
    printful.faults.serverError({ status: 503, paths: ['/shipping/rates'] });
    // First item 7.77, each further one 2.00.
    expect((await rates(shopper, 'country=GB')).json().options).toEqual([
      { id: 'STANDARD', name: 'Standard shipping', amount: 11.77, currency: 'USD' },
    ]);

    await add(shopper, tee, 7);
    await add(shopper, tee, 10, 'L');
    const twenty = await rates(shopper, 'country=US&state=CA&zip=91311');
    expect(twenty.json()).toMatchObject({ source: 'flat-rate', options: [{ amount: 5.55 + 19 * 1.25 }] });

    await add(shopper, mug, 1);
    const tooMany = await rates(shopper, 'country=US&state=CA&zip=91311');
    expect(tooMany.statusCode).toBe(503);
    expect(tooMany.json()).toEqual({
      error: {
        code: 'unavailable',
        message: 'Shipping rates are unavailable right now. Please try again in a few minutes.',
      },
    });
    const sessionsBefore = stripe.sessions.size;
    const paying = await checkout(shopper, { shipping: { country: 'US', state: 'CA', zip: '91311' } });
    expect(paying.statusCode).toBe(503);
    expect(paying.json().error.message).toBe(MESSAGES.shippingRatesUnavailable);
    expect(stripe.sessions.size).toBe(sessionsBefore);
  });

  it("never charges less than Printful's standard rate with the default table, up to the fallback's largest cart", async () => {
    const table = parseFlatRates(DEFAULT_SHIPPING_FLAT_RATES) as FlatRateTable;
    const variant = tee.variants[0].catalog_variant_id;
    for (const [country, state] of [['US', 'AK'], ['CA', 'QC'], ['GB'], ['DE'], ['AU', 'NSW'], ['JP'], ['BR']]) {
      for (const units of [1, 2, 10, 20]) {
        const [standard] = await printfulAnswer({
          recipient: { country_code: country, ...(state ? { state_code: state } : {}) },
          items: [{ variant_id: variant, quantity: units }],
        });
        expect(flatRateFor(table, country, units), `${units} to ${country}`).toBeGreaterThanOrEqual(
          Number(standard.rate),
        );
      }
    }
  });

  it('gives each client its own budget of uncached quotes; cached quotes do not spend it', async () => {
    const shopper = guestHeaders();
    await add(shopper, tee, 1);
    const zips = Array.from({ length: SHIPPING_QUOTES_PER_CLIENT_PER_MIN }, (_, i) => String(10_001 + i));
    for (const zip of zips)
      expect((await rates(shopper, `country=US&state=NY&zip=${zip}`, t, '10.1.1.1')).json().source).toBe('printful');
    const over = await rates(shopper, 'country=US&state=NY&zip=10099', t, '10.1.1.1');
    expect(over.json()).toMatchObject({ source: 'flat-rate', options: [{ amount: 5.55 }] });
    expect(printfulQuotes()).toBe(SHIPPING_QUOTES_PER_CLIENT_PER_MIN);
    // What was quoted stays available to that client ...
    expect((await rates(shopper, 'country=US&state=NY&zip=10001', t, '10.1.1.1')).json().source).toBe('printful');
    // ... and another client still has its own budget.
    const other = guestHeaders();
    await add(other, tee, 1);
    expect((await rates(other, 'country=US&state=NY&zip=10099', t, '10.2.2.2')).json().source).toBe('printful');
    expect(printfulQuotes()).toBe(SHIPPING_QUOTES_PER_CLIENT_PER_MIN + 1);
  });

  it("keeps carts over 100 items within Printful's 5 quotes a minute, so no lockout stops smaller carts' quotes", async () => {
    const big = guestHeaders();
    for (let i = 0; i < 10; i += 1) await add(big, tee, 10);
    await add(big, mug, 1, 'L');
    const zips = ['90001', '90002', '90003', '90004', '90005', '90006', '90007'];
    const answers = [];
    for (const [i, zip] of zips.entries())
      answers.push(await rates(big, `country=us&state=ca&zip=${zip}`, t, `10.9.0.${i + 1}`));
    expect(answers.filter((a) => a.statusCode === 200 && a.json().source === 'printful')).toHaveLength(5);
    // Past the five, the shopper is told to try again (the cart is too large for the flat rate).
    for (const refused of answers.slice(5)) {
      expect(refused.statusCode).toBe(503);
      expect(refused.json().error.message).toBe(MESSAGES.shippingRatesUnavailable);
    }
    expect(printful.stats.snapshot().rateLimited).toBe(0);

    const small = guestHeaders();
    await add(small, tee, 2);
    const quoted = await rates(small, 'country=us&state=ca&zip=91311', t, '10.9.1.1');
    expect(quoted.statusCode).toBe(200);
    expect(quoted.json().source).toBe('printful');
  });

  it("answers Printful's refusal to ship there as a refusal, not with the flat rate", async () => {
    const shopper = guestHeaders();
    await add(shopper, tee, 1);
    // A real subdivision (ISO 3166-2 US-UM, the Minor Outlying Islands) that Printful does not ship to.
    const refused = await rates(shopper, 'country=US&state=UM&zip=12345');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: { code: 'invalid-argument', message: MESSAGES.shippingRefused('UM, US'), details: { field: 'shipping' } },
    });
    const sessionsBefore = stripe.sessions.size;
    const paying = await checkout(shopper, { shipping: { country: 'US', state: 'UM', zip: '12345' } });
    expect(paying.statusCode).toBe(400);
    expect(paying.json().error.message).toBe(MESSAGES.shippingRefused('UM, US'));
    expect(stripe.sessions.size).toBe(sessionsBefore);
  });

  it("holds neither order placement nor the sync when a shopper's quote meets Printful's 429", async () => {
    const shopper = guestHeaders();
    await add(shopper, tee, 1);
    printful.faults.rateLimit({ count: 1, retryAfterSec: 58 });
    expect((await rates(shopper, 'country=US&state=CA&zip=91311')).json().source).toBe('flat-rate');
    expect(printful.stats.snapshot().rateLimited).toBe(1);

    const prefix = t.config.QUEUE_PREFIX;
    expect(await t.app.redis.get(`${prefix}:printful:paused-until`)).toBeNull();
    expect(Number(await t.app.redis.get(`${prefix}:printful:paused-until:interactive`))).toBeGreaterThan(Date.now());
    // Background work (placing paid orders, the sync) gets its calls at once.
    const background = createPrintfulPacer(t.app.redis, t.config, 'background');
    await background.acquire();
  });

  describe("Printful's default budget through a crowd", () => {
    let crowd: TestApp;
    beforeAll(async () => {
      crowd = await createTestApp({
        PRINTFUL_API_URL: printful.url,
        PRINTFUL_RATE_LIMIT_PER_MIN: '120',
        STRIPE_API_URL: stripe.url,
        PUBLIC_URL,
        SHIPPING_FLAT_RATES: 'US=5.55+1.25,*=14.00+3.00',
      });
      await seedProduct(crowd.app, tee);
    });
    afterAll(() => crowd?.close());

    it("eight clients asking six times each at once: a ninth shopper is still offered Printful's rates, express included", async () => {
      const attackers = await Promise.all(
        Array.from({ length: 8 }, async (_, k) => {
          const headers = guestHeaders();
          await add(headers, tee, 10, 'M', crowd);
          return { headers, ip: `10.8.0.${k + 1}` };
        }),
      );
      await Promise.all(
        attackers.flatMap(({ headers, ip }, k) =>
          Array.from({ length: SHIPPING_QUOTES_PER_CLIENT_PER_MIN }, (_, n) =>
            rates(headers, `country=US&state=CA&zip=9${k}0${n}0`, crowd, ip),
          ),
        ),
      );

      // A shopper arriving after them waits its turn at most a few seconds and gets Printful's options.
      const ninth = guestHeaders();
      await add(ninth, tee, 2, 'M', crowd);
      const offered = await rates(ninth, 'country=US&state=CA&zip=91311', crowd, '10.9.0.1');
      expect(offered.statusCode).toBe(200);
      expect(offered.json().source).toBe('printful');
      expect(offered.json().options.length).toBeGreaterThan(1);
      // A cart too large for the flat-rate table is quoted too, rather than told to come back.
      const large = guestHeaders();
      await add(large, tee, 10, 'M', crowd);
      await add(large, tee, 10, 'L', crowd);
      await add(large, tee, 1, 'M', crowd);
      const big = await rates(large, 'country=US&state=CA&zip=91311', crowd, '10.9.0.2');
      expect(big.statusCode).toBe(200);
      expect(big.json().source).toBe('printful');
    });
  });

  describe('one Printful budget for the sync and shoppers', () => {
    let small: TestApp;
    beforeAll(async () => {
      small = await createTestApp({
        PRINTFUL_API_URL: printful.url,
        PRINTFUL_RATE_LIMIT_PER_MIN: String(SMALL_BUDGET),
        STRIPE_API_URL: stripe.url,
        PUBLIC_URL,
        SHIPPING_FLAT_RATES: 'US=5.55+1.25,*=14.00+3.00',
      });
      await seedProduct(small.app, tee);
      await seedProduct(small.app, mug);
    });
    afterAll(() => small?.close());
    beforeEach(async () => {
      const keys = await small.app.redis.keys(`${small.config.QUEUE_PREFIX}:*`);
      if (keys.length) await small.app.redis.del(...keys);
    });

    it('keeps a share of the Printful budget for shoppers while a sync spends its own, and never more', async () => {
      const background = createPrintfulPacer(small.app.redis, small.config, 'background');
      // A sync takes every call it is allowed this window (7 of 10: 2 are kept for shoppers and 1
      // for a call that reaches Printful late) ...
      expect(backgroundShareOf(SMALL_BUDGET)).toBe(7);
      for (let i = 0; i < backgroundShareOf(SMALL_BUDGET); i++) await background.acquire();

      // ... and shoppers still get Printful's rates from the 2 kept for them.
      const shopper = guestHeaders();
      await add(shopper, tee, 1, 'M', small);
      expect((await rates(shopper, 'country=US&state=TX&zip=73301', small)).json().source).toBe('printful');
      expect((await rates(shopper, 'country=US&state=WA&zip=98101', small)).json().source).toBe('printful');
      // Their share spent, the next shopper is answered at once from the table instead of
      // waiting for the next window or taking the sync's calls.
      const third = await rates(shopper, 'country=US&state=OR&zip=97201', small);
      expect(third.json()).toMatchObject({ source: 'flat-rate', options: [{ amount: 5.55 }] });
      expect(printfulQuotes()).toBe(2);
      expect(printful.stats.snapshot().rateLimited).toBe(0);
    });

    it("the 30-item attack: the shopper pays at least Printful's quote or is told to try again, never the flat rate", async () => {
      // Guest X: 30 units (3 lines of 10), quoted by Printful.
      const x = guestHeaders();
      await add(x, tee, 10, 'M', small);
      await add(x, tee, 10, 'L', small);
      await add(x, mug, 10, 'M', small);
      const quoted = (await rates(x, 'country=US&state=CA&zip=91311', small, '10.0.0.1')).json();
      expect(quoted.source).toBe('printful');
      const printfulStandard = quoted.options[0].amount as number;
      expect(printfulStandard).toBeGreaterThan(5.55);

      // Guest D spends the shoppers' share of the Printful budget with other zips.
      const d = guestHeaders();
      await add(d, tee, 1, 'M', small);
      for (const zip of ['94105', '94107', '94109', '94111'])
        await rates(d, `country=US&state=CA&zip=${zip}`, small, '10.6.6.6');
      expect((await rates(d, 'country=US&state=CA&zip=94115', small, '10.6.6.6')).json().source).toBe('flat-rate');

      // X checks out where it was quoted: Printful's own options, from the cache.
      const paying = await checkout(x, { shipping: { country: 'US', state: 'CA', zip: '91311' } }, small, '10.0.0.1');
      expect(paying.statusCode).toBe(200);
      const offered = stripe.sessions.get(paying.json().id)!.shippingRates.map((r) => r.fixed_amount.amount);
      expect(Math.min(...offered)).toBe(Math.round(printfulStandard * 100));

      // X moves to an address Printful cannot be asked about now: told to try again, no flat rate.
      const elsewhere = await checkout(
        x,
        { shipping: { country: 'US', state: 'CA', zip: '90001' } },
        small,
        '10.0.0.1',
      );
      expect(elsewhere.statusCode).toBe(503);
      expect(elsewhere.json().error).toEqual({ code: 'unavailable', message: MESSAGES.shippingRatesUnavailable });
      const shown = await rates(x, 'country=US&state=CA&zip=90001', small, '10.0.0.1');
      expect(shown.statusCode).toBe(503);
    });

    it("leaves the sync's share untouched however many shoppers ask", async () => {
      const shopper = guestHeaders();
      await add(shopper, tee, 1, 'M', small);
      for (const state of ['TX', 'WA', 'OR', 'NV', 'AZ', 'UT'])
        await rates(shopper, `country=US&state=${state}`, small);
      expect(printfulQuotes()).toBe(2);
      // Every one of the background calls of this window is still there.
      const background = createPrintfulPacer(small.app.redis, small.config, 'background');
      const share = backgroundShareOf(SMALL_BUDGET);
      for (let i = 0; i < share; i++) await background.acquire();
      const window = Math.floor(Date.now() / PRINTFUL_RATE_WINDOW_MS);
      expect(Number(await small.app.redis.get(`${small.config.QUEUE_PREFIX}:printful:rate:${window}`))).toBe(share);
    });
  });
});

function checkout(headers: Record<string, string>, payload?: Record<string, unknown>, app = t, ip?: string) {
  if (ip) return app.app.inject({ method: 'POST', url: '/api/checkout/sessions', headers, payload, remoteAddress: ip });
  return startCheckout(app.app, headers, payload);
}

/** An app asking Stripe (at `stripeUrl`) for automatic tax, with the tee in its catalogue. */
async function appWithAutomaticTax(stripeUrl: string): Promise<TestApp> {
  const app = await createTestApp({
    PRINTFUL_API_URL: printful.url,
    STRIPE_API_URL: stripeUrl,
    PUBLIC_URL,
    STRIPE_AUTOMATIC_TAX: 'true',
  });
  try {
    await seedProduct(app.app, tee);
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}

describe('POST /api/checkout/sessions with a destination', () => {
  it('limits the hosted session to the country and offers the quoted options with their Printful ids', async () => {
    const shopper = guestHeaders();
    await add(shopper, tee, 2);
    const quote = (await rates(shopper, 'country=US&state=CA&zip=91311')).json();

    const response = await checkout(shopper, { shipping: { country: 'US', state: 'CA', zip: '91311' } });
    expect(response.statusCode).toBe(200);
    const { session, shippingRates } = stripe.sessions.get(response.json().id)!;
    expect(session.shipping_address_collection?.allowed_countries).toEqual(['US']);
    expect(shippingRates.map((r) => [r.display_name, r.fixed_amount.amount, r.metadata.printful_shipping])).toEqual(
      // The payment page names each option with the promise the cart showed: "Flat Rate: Arrives ...".
      quote.options.map((o: { name: string; amount: number; id: string; arrives?: string }) => [
        shippingOptionDisplayName(o.name, o.arrives),
        Math.round(o.amount * 100),
        o.id,
      ]),
    );
    // The payment page tells the delivery time once, in the promise's own dates: no count of
    // business days beside them that Stripe would count from its own clock and calendar.
    const page = await (await fetch(session.url!)).text();
    for (const option of shippingRates) expect(page).toContain(option.display_name);
    expect(page).not.toMatch(/business days/);
    // The quoted window still reaches the paid order, beside the promise.
    expect(shippingRates.map((r) => r.metadata.delivery_days)).toEqual(
      quote.options.map((o: { minDeliveryDays?: number; maxDeliveryDays?: number }) =>
        o.minDeliveryDays ? `${o.minDeliveryDays}-${o.maxDeliveryDays}` : undefined,
      ),
    );
    expect(session.automatic_tax.enabled).toBe(false);
    // The cart page's quote was reused: Printful was asked once.
    expect(printfulQuotes()).toBe(1);
  });

  it('refuses a checkout without a destination, or with a US one without a state, naming the field', async () => {
    const shopper = guestHeaders();
    await add(shopper, tee, 1);
    const none = await checkout(shopper, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().error.code).toBe('invalid-argument');
    expect(none.json().error.message).toContain('shipping');
    const bare = await checkout(shopper);
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.message).toContain('shipping');
    const noState = await checkout(shopper, { shipping: { country: 'US' } });
    expect(noState.statusCode).toBe(400);
    expect(noState.json().error.message).toContain('shipping.state');
    const cart = (await t.app.inject({ method: 'GET', url: '/api/cart', headers: shopper })).json();
    expect(cart.cartItems).toHaveLength(1);
  });

  it('expires the session quoted for an earlier destination when the shopper changes it', async () => {
    const shopper = guestHeaders();
    await add(shopper, mug, 1);
    const first = (await checkout(shopper, { shipping: { country: 'US', state: 'CA' } })).json().id as string;
    const same = (await checkout(shopper, { shipping: { country: 'US', state: 'CA' } })).json().id as string;
    expect(same).toBe(first);

    const moved = await checkout(shopper, { shipping: { country: 'GB' } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().id).not.toBe(first);
    expect(stripe.sessions.get(first)!.session.status).toBe('expired');
    expect(stripe.sessions.get(moved.json().id)!.session.shipping_address_collection?.allowed_countries).toEqual([
      'GB',
    ]);
  });

  it('numbers orders CS-<n>, one number per order, in checkout order', async () => {
    const numbers: string[] = [];
    for (let i = 0; i < 3; i++) {
      const shopper = guestHeaders();
      await add(shopper, tee, 1);
      const { id } = (await checkout(shopper, { shipping: { country: 'GB' } })).json();
      const page = await t.store.query(COLLECTIONS.orders, { where: [['sessionId', '==', id]] });
      numbers.push(orderSchema.parse(page.docs[0].data).number!);
      // Unpaid, the session's own view names no number: a stranger's open checkout must not read the counter.
      const view = (await t.app.inject({ url: `/api/orders/by-session/${id}` })).json();
      expect(view.number).toBeUndefined();
    }
    const values = numbers.map((n) => Number(/^CS-(\d+)$/.exec(n)?.[1]));
    expect(values[1]).toBe(values[0] + 1);
    expect(values[2]).toBe(values[1] + 1);
  });
});

describe('checkout with STRIPE_AUTOMATIC_TAX=true', () => {
  it('asks Stripe for automatic tax on prices given before tax', async () => {
    const taxed = await appWithAutomaticTax(stripe.url);
    try {
      const shopper = guestHeaders();
      await add(shopper, tee, 1, 'M', taxed);
      const response = await checkout(shopper, { shipping: { country: 'GB' } }, taxed);
      expect(response.statusCode).toBe(200);
      const record = stripe.sessions.get(response.json().id)!;
      expect(record.session.automatic_tax).toMatchObject({ enabled: true, status: 'requires_location_inputs' });
      expect(record.lineItems.map((li) => li.price.tax_behavior)).toEqual(['exclusive']);
      expect(record.shippingRates.every((r) => r.tax_behavior === 'exclusive')).toBe(true);
    } finally {
      await taxed.close();
    }
  });
});

describe('a checkout Stripe refuses', () => {
  it('answers with the catalogue message and leaves the cart and the orders as they were', async () => {
    const untaxed = await startStripeSandbox({
      webhookUrl: 'http://127.0.0.1:9/unused',
      webhookSecret: 'whsec_unused_here',
      taxActivated: false,
    });
    const app = await appWithAutomaticTax(untaxed.url);
    try {
      const shopper = guestHeaders();
      await add(shopper, tee, 2, 'M', app);
      const before = (await app.app.inject({ method: 'GET', url: '/api/cart', headers: shopper })).json();

      const response = await checkout(shopper, { shipping: { country: 'GB' } }, app);
      expect(response.statusCode).toBe(412);
      expect(response.json()).toEqual({
        error: {
          code: 'failed-precondition',
          message: 'The payment provider refused this checkout; your cart is unchanged. Try again or contact us',
        },
      });
      const after = (await app.app.inject({ method: 'GET', url: '/api/cart', headers: shopper })).json();
      expect(after).toEqual(before);
      expect((await app.store.query(COLLECTIONS.orders, {})).docs).toHaveLength(0);
    } finally {
      await app.close();
      await untaxed.close();
    }
  });
});
