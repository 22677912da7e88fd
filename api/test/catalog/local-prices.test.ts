import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { storefrontProduct } from '../cart/cart-fixtures.js';
import { announce, seedCatalogue } from './catalog-fixtures.js';
import { openSse } from './sse-client.js';

// docs/rules.md#local-prices: the catalogue answers in the shopper's currency (?currency=, else the
// shop_currency cookie), converted with the included tax to price points, or by the studio's hand;
// a stale rate answers in USD with a sentence; a variant below cost in a currency is not offered there.

let t: TestApp;
const now = () => new Date().toISOString();

beforeAll(async () => {
  t = await createTestApp({ CURRENCY_RATE_MAX_AGE_HOURS: '48' });
  // A $24.99 tee (S) and its $26.99 M.
  await seedCatalogue(t.store, [storefrontProduct('tee')]);
  await announce(t.app, []);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  for (const c of ['EUR', 'GBP'] as const)
    await t.store.set(COLLECTIONS.exchangeRates, c, {
      currency: c,
      rate: c === 'EUR' ? 0.92 : 0.79,
      asOf: now(),
      source: 'feed',
      sourceDate: null,
    });
  await t.store.delete(COLLECTIONS.priceOverrides, 'tee');
  await t.store.delete(COLLECTIONS.currencyMargins, 'EUR');
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const prices = (product: { price: number; variants: Array<{ price: number; currency: string }> }) => ({
  price: product.price,
  variants: product.variants.map((v) => [v.price, v.currency]),
});

describe('the catalogue in a currency', () => {
  it('answers ?currency=EUR in euros with Irish VAT included, at whole euros', async () => {
    const res = await get('/api/products?currency=eur');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.currency).toBe('EUR');
    expect(body.currencyNotice).toBeUndefined();
    // 24.99 x 0.92 x 1.23 = 28.28 -> 28; 26.99 -> 30.54 -> 31.
    expect(prices(body.products[0])).toEqual({
      price: 28,
      variants: [
        [28, 'EUR'],
        [31, 'EUR'],
      ],
    });
    expect(prices((await get('/api/products/tee?currency=EUR')).json())).toEqual(prices(body.products[0]));
  });

  it('reads the shop_currency cookie, and never writes it nor guesses on an API read', async () => {
    const gbp = await get('/api/products', { cookie: 'shop_currency=GBP' });
    expect(gbp.json().currency).toBe('GBP');
    // 24.99 x 0.79 x 1.2 = 23.69 -> 23.99.
    expect(gbp.json().products[0].price).toBe(23.99);
    const asked = await get('/api/products?currency=EUR');
    expect(asked.headers['set-cookie']).toBeUndefined();
    expect(asked.headers.vary).toMatch(/Cookie/);
    // The page the shopper is on was rendered in one currency; an API read never switches it.
    const irish = await get('/api/products', { 'accept-language': 'en-IE' });
    expect(irish.json().currency).toBe('USD');
    expect(irish.json().products[0].price).toBe(24.99);
  });

  it('answers an unknown or switched-off currency in USD', async () => {
    for (const url of ['/api/products?currency=XYZ', '/api/products?currency=JPY']) {
      const body = (await get(url)).json();
      expect(body.currency).toBe('USD');
      expect(body.currencyNotice).toBeUndefined();
      expect(body.products[0].variants[0]).toMatchObject({ price: 24.99, currency: 'USD' });
    }
  });

  it('stops euro prices when the rate is older than the bound, saying so, and answers in USD', async () => {
    await t.store.set(COLLECTIONS.exchangeRates, 'EUR', {
      currency: 'EUR',
      rate: 0.92,
      asOf: new Date(Date.now() - 49 * 3_600_000).toISOString(),
      source: 'feed',
      sourceDate: null,
    });
    const body = (await get('/api/products?currency=EUR')).json();
    expect(body.currency).toBe('USD');
    expect(body.currencyNotice).toBe(MESSAGES.currencyPaused('euros'));
    expect(body.products[0].price).toBe(24.99);
  });

  it("uses the studio's hand-set price, and leaves out a variant kept off sale in that currency", async () => {
    await t.store.set(COLLECTIONS.priceOverrides, 'tee', { productId: 'tee', prices: { EUR: 2700 }, updatedAt: now() });
    // 27 x 26.99/24.99 = 29.16 -> 29.
    expect(prices((await get('/api/products?currency=EUR')).json().products[0])).toEqual({
      price: 27,
      variants: [
        [27, 'EUR'],
        [29, 'EUR'],
      ],
    });
    await t.store.set(COLLECTIONS.currencyMargins, 'EUR', {
      currency: 'EUR',
      rate: 0.92,
      checkedAt: now(),
      variants: [
        {
          currency: 'EUR',
          productId: 'tee',
          title: 'Product tee',
          variantId: 'tee-s-black',
          price: 2700,
          minimumPrice: 2800,
          costUsd: 20,
        },
      ],
    });
    const product = (await get('/api/products/tee?currency=EUR')).json();
    expect(product.variants.map((v: { id: string }) => v.id)).toEqual(['tee-m-black']);
    // Still sold in US dollars.
    expect((await get('/api/products/tee')).json().variants).toHaveLength(2);
  });
});

describe('the live catalogue in a currency', () => {
  it('sends snapshots priced in ?currency=, and US dollars without it', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const eur = await openSse(`${base}/api/products/stream?currency=EUR`);
    const usd = await openSse(`${base}/api/products/stream`);
    try {
      const inEuros = JSON.parse((await eur.next(10_000)).data);
      expect(inEuros.currency).toBe('EUR');
      expect(prices(inEuros.products[0])).toEqual({
        price: 28,
        variants: [
          [28, 'EUR'],
          [31, 'EUR'],
        ],
      });
      const inDollars = JSON.parse((await usd.next(10_000)).data);
      expect(inDollars.products[0].variants[0]).toMatchObject({ price: 24.99, currency: 'USD' });
    } finally {
      eur.close();
      usd.close();
    }
  });
});
