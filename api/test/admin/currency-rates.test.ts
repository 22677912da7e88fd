import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { startRatesSandbox, type RatesSandbox } from '../../../tests/sandbox/rates/server.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { seedInventory, storefrontProduct } from '../cart/cart-fixtures.js';
import { adminCallers } from './admin-users.js';

// docs/rules.md#local-prices: the studio sees each currency's rate and its age, sets one by hand,
// reads the source on demand (the last good rates staying when it is down), and sets a product's
// price by hand per currency.

let t: TestApp;
let sandbox: RatesSandbox;
let who: Awaited<ReturnType<typeof adminCallers>>;

beforeAll(async () => {
  sandbox = await startRatesSandbox();
  t = await createTestApp({ CURRENCY_RATES_URL: sandbox.feedUrl, CURRENCY_RATE_MAX_AGE_HOURS: '24' });
  who = await adminCallers(t.store);
  await seedInventory(t.store, storefrontProduct('tee'));
});
afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});
beforeEach(async () => {
  sandbox.setMode('up');
  sandbox.setRates({ EUR: 0.92, GBP: 0.79, CAD: 1.39, AUD: 1.53 });
  for (const doc of (await t.store.query(COLLECTIONS.exchangeRates)).docs)
    await t.store.delete(COLLECTIONS.exchangeRates, doc.id);
});

const call = (
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
  headers = who.claimAdmin,
) => t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

describe('access', () => {
  it.each([
    ['GET', '/api/admin/currency-rates'],
    ['PUT', '/api/admin/currency-rates/EUR'],
    ['POST', '/api/admin/currency-rates/refresh'],
    ['PUT', '/api/admin/local-prices/tee'],
  ] as const)('%s %s: 401 for guests, 403 for shoppers', async (method, url) => {
    expect((await call(method, url, {}, who.signedOut)).statusCode).toBe(401);
    expect((await call(method, url, {}, who.shopper)).statusCode).toBe(403);
  });
});

describe('rates', () => {
  it('lists every enabled currency but USD; without a rate a currency cannot sell', async () => {
    const res = await call('GET', '/api/admin/currency-rates');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.maxAgeHours).toBe(24);
    expect(body.rates.map((r: { currency: string }) => r.currency)).toEqual(['EUR', 'GBP', 'CAD', 'AUD']);
    expect(body.rates[0]).toMatchObject({ rate: null, usable: false });
  });

  it('reads the source on demand, and keeps the last good rates with a clear answer when it is down', async () => {
    const fresh = await call('POST', '/api/admin/currency-rates/refresh');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().rates[0]).toMatchObject({
      currency: 'EUR',
      rate: 0.92,
      source: 'feed',
      usable: true,
      ageHours: 0,
    });

    sandbox.setMode('down');
    const down = await call('POST', '/api/admin/currency-rates/refresh');
    expect(down.statusCode).toBe(503);
    expect(down.json().error.message).toBe(MESSAGES.ratesSourceDown);
    expect((await call('GET', '/api/admin/currency-rates')).json().rates[0]).toMatchObject({ rate: 0.92 });
  });

  it('holds a rate the studio set by hand, and hands it back to the feed on null', async () => {
    await call('POST', '/api/admin/currency-rates/refresh');
    const set = await call('PUT', '/api/admin/currency-rates/GBP', { rate: 0.8 });
    expect(set.statusCode).toBe(200);
    expect(set.json().rates[1]).toMatchObject({ currency: 'GBP', rate: 0.8, source: 'studio' });
    sandbox.setRates({ EUR: 0.93, GBP: 0.7 });
    const after = (await call('POST', '/api/admin/currency-rates/refresh')).json();
    expect(after.rates[1]).toMatchObject({ rate: 0.8, source: 'studio' });
    await call('PUT', '/api/admin/currency-rates/GBP', { rate: null });
    const back = (await call('POST', '/api/admin/currency-rates/refresh')).json();
    expect(back.rates[1]).toMatchObject({ rate: 0.7, source: 'feed' });
  });

  it('refuses USD, a currency the store does not sell in and a rate that is not positive', async () => {
    const usd = await call('PUT', '/api/admin/currency-rates/USD', { rate: 1 });
    expect(usd.statusCode).toBe(400);
    expect(usd.json().error.message).toBe(MESSAGES.currencyNotEnabled('USD'));
    expect((await call('PUT', '/api/admin/currency-rates/JPY', { rate: 150 })).statusCode).toBe(400);
    expect((await call('PUT', '/api/admin/currency-rates/XYZ', { rate: 1 })).statusCode).toBe(400);
    expect((await call('PUT', '/api/admin/currency-rates/EUR', { rate: -1 })).statusCode).toBe(400);
    expect((await call('PUT', '/api/admin/currency-rates/EUR', { rate: '0.9' })).statusCode).toBe(400);
  });
});

describe('hand-set prices', () => {
  it('keeps a product price per currency in minor units, and clears it with null', async () => {
    const res = await call('PUT', '/api/admin/local-prices/tee', { prices: { EUR: 27, GBP: 22.99 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().overrides).toEqual([
      { productId: 'tee', prices: { EUR: 2700, GBP: 2299 }, updatedAt: expect.any(String) },
    ]);
    const cleared = await call('PUT', '/api/admin/local-prices/tee', { prices: { EUR: null, GBP: null } });
    expect(cleared.json().overrides).toEqual([]);
  });

  it('refuses a price with more decimals than its currency, an unknown product and a currency not sold', async () => {
    const cents = await call('PUT', '/api/admin/local-prices/tee', { prices: { EUR: 27.499 } });
    expect(cents.statusCode).toBe(400);
    expect(cents.json().error.message).toBe(MESSAGES.priceDecimals('EUR', 2));
    expect((await call('PUT', '/api/admin/local-prices/nope', { prices: { EUR: 27 } })).statusCode).toBe(404);
    expect((await call('PUT', '/api/admin/local-prices/tee', { prices: { JPY: 4000 } })).statusCode).toBe(400);
  });
});
