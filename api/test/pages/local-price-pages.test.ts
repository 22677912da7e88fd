import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { ensureWebBuild } from '../../../tests/e2e/helpers/web-build.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { announce, seedCatalogue, storefrontProduct } from '../catalog/catalog-fixtures.js';

// docs/rules.md#local-prices: every page is answered in the shopper's currency (`?currency=`, the
// shop_currency cookie, else a first guess from the browser's language), which the answer keeps in
// the cookie; the footer's picker shows it with the tax line, the store and product pages and their
// JSON-LD offers are priced in it, and the head names it for the app.

let t: TestApp;

beforeAll(async () => {
  ensureWebBuild();
  t = await createTestApp({ PUBLIC_URL: 'https://shop.example.test' }, undefined, { serveWeb: true });
  await seedCatalogue(t.store, [
    storefrontProduct('tee-1', { title: 'Copperleaf Tee', price: 24.5 }),
    storefrontProduct('mug-1', { title: 'Copperleaf Mug', price: 14 }),
  ]);
  const asOf = new Date().toISOString();
  for (const [currency, rate] of [
    ['EUR', 0.92],
    ['GBP', 0.79],
    ['CAD', 1.38],
  ] as const)
    await t.store.set(COLLECTIONS.exchangeRates, currency, { currency, rate, asOf, source: 'feed', sourceDate: null });
  await announce(t.app, []);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const selected = (html: string) => /<option value="([A-Z]{3})" selected="">/.exec(html)?.[1];
const taxNote = (html: string) => /class="currency-picker__note">([^<]*)</.exec(html)?.[1];
const metaCurrency = (html: string) => /<meta name="shop-currency" content="([A-Z]{3})"/.exec(html)?.[1];
const cookieOf = (res: { headers: Record<string, unknown> }) => {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [String(header)] : [];
  return all.map((c) => /^shop_currency=([^;]*)/.exec(c)?.[1]).find(Boolean);
};
/** The prices the product cards show. */
const cardPrices = (html: string) => [...html.matchAll(/class="product-card__price">([^<]*)</g)].map((m) => m[1]);
function offersOf(html: string): Array<{ price: string; priceCurrency: string }> {
  const product = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
    .find((j) => j['@type'] === 'Product' || j['@type'] === 'ProductGroup');
  return product ? [product.offers as { price: string; priceCurrency: string }] : [];
}

describe('pages in the shopper currency', () => {
  test('a first visit from an Irish browser gets the store in euros, the VAT line, and keeps euros in the cookie', async () => {
    const res = await page('/store', { 'accept-language': 'en-IE,en;q=0.8' });
    expect(res.statusCode).toBe(200);
    expect(cookieOf(res)).toBe('EUR');
    expect(res.headers.vary).toMatch(/Accept-Language/);
    expect(selected(res.body)).toBe('EUR');
    expect(metaCurrency(res.body)).toBe('EUR');
    expect(taxNote(res.body)).toBe('Prices in euros include VAT.');
    // 24.50 x 0.92 x 1.23 = 27.72 -> 28 euros; 14 x 0.92 x 1.23 = 15.84 -> 16.
    expect(cardPrices(res.body).sort()).toEqual(['€16.00', '€28.00']);
    expect(res.body).not.toMatch(/class="product-card__price">\$/);
  });

  test('a Canadian browser gets Canadian dollars before tax; an unpriced country US dollars', async () => {
    const toronto = await page('/store', { 'accept-language': 'fr-CA' });
    expect(selected(toronto.body)).toBe('CAD');
    expect(taxNote(toronto.body)).toBe(
      'Prices in Canadian dollars do not include sales tax; it is added at checkout where it applies.',
    );
    expect(cardPrices(toronto.body).every((p) => p!.startsWith('CA$'))).toBe(true);
    const auckland = await page('/store', { 'accept-language': 'en-NZ' });
    expect(selected(auckland.body)).toBe('USD');
    expect(cardPrices(auckland.body).sort()).toEqual(['$14.00', '$24.50']);
  });

  test('?currency=GBP on any page sets the cookie and shows pounds, over the cookie and the language', async () => {
    const about = await page('/about?currency=gbp', { cookie: 'shop_currency=EUR', 'accept-language': 'en-IE' });
    expect(about.statusCode).toBe(200);
    expect(cookieOf(about)).toBe('GBP');
    expect(selected(about.body)).toBe('GBP');
    expect(taxNote(about.body)).toBe('Prices in pounds sterling include VAT.');
    // The next page, with that cookie, stays in pounds and is not written again.
    const store = await page('/store', { cookie: 'shop_currency=GBP', 'accept-language': 'en-IE' });
    expect(cookieOf(store)).toBeUndefined();
    expect(selected(store.body)).toBe('GBP');
    expect(cardPrices(store.body).every((p) => p!.startsWith('£'))).toBe(true);
  });

  test('an unknown ?currency= falls back to US dollars with the picker showing USD', async () => {
    const res = await page('/store?currency=XYZ');
    expect(res.statusCode).toBe(200);
    expect(selected(res.body)).toBe('USD');
    expect(metaCurrency(res.body)).toBe('USD');
    expect(taxNote(res.body)).toBe(
      'Prices in US dollars do not include sales tax; it is added at checkout where it applies.',
    );
    expect(cardPrices(res.body).sort()).toEqual(['$14.00', '$24.50']);
  });

  test("a product page's price and JSON-LD offer are in the shopper's currency", async () => {
    const euros = await page('/store/product/tee-1', { cookie: 'shop_currency=EUR' });
    expect(euros.statusCode).toBe(200);
    expect(/data-testid="product-price">([^<]*)</.exec(euros.body)?.[1]).toBe('€28.00');
    expect(offersOf(euros.body)).toMatchObject([{ price: '28.00', priceCurrency: 'EUR' }]);
    const dollars = await page('/store/product/tee-1', { cookie: 'shop_currency=USD' });
    expect(offersOf(dollars.body)).toMatchObject([{ price: '24.50', priceCurrency: 'USD' }]);
  });

  test('the not-found page has the picker in the shopper currency too', async () => {
    const res = await page('/no-such-page', { cookie: 'shop_currency=EUR' });
    expect(res.statusCode).toBe(404);
    expect(selected(res.body)).toBe('EUR');
  });

  test("the product feed is in US dollars, or the currency its URL names, never the cookie's", async () => {
    const prices = (xml: string) => [...xml.matchAll(/<g:price>([^<]*)<\/g:price>/g)].map((m) => m[1]).sort();
    const dollars = await page('/store/feed.xml', { cookie: 'shop_currency=EUR', 'accept-language': 'en-IE' });
    expect(dollars.statusCode).toBe(200);
    expect(dollars.headers['content-type']).toMatch(/^application\/rss\+xml/);
    expect(dollars.headers['set-cookie']).toBeUndefined();
    expect(prices(dollars.body)).toEqual(['14.00 USD', '24.50 USD']);
    expect(dollars.body).toContain('<link>https://shop.example.test/store/product/tee-1</link>');
    const euros = await page('/store/feed.xml?currency=EUR');
    expect(prices(euros.body)).toEqual(['16.00 EUR', '28.00 EUR']);
    // The landing page opens in the feed's currency, so it shows the feed's price.
    expect(euros.body).toContain('<link>https://shop.example.test/store/product/tee-1?currency=EUR</link>');
    expect(euros.body).toContain('<g:availability>in_stock</g:availability>');
    expect(prices((await page('/store/feed.xml?currency=XYZ')).body)).toEqual(['14.00 USD', '24.50 USD']);
  });
});
