import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { announce, minutesAfter, seedCatalogue, storefrontProduct } from './catalog-fixtures.js';
import { STOREFRONT_DEFAULTS } from '../../../tests/fixtures/storefront-defaults.js';

// GET /api/products, /api/products/search, /api/products/:id and /api/printful/products against a
// real SQLite store, with the read model kept current through real Redis events.
let t: TestApp;
// 60 shirts, newest last; 3 mugs; 120 stickers (more than the spec's old 100-document search cap).
/** A product as a catalogue answer gives it: each price with `unit_amount`, its minor units, beside it (docs/contracts.md). */
const answered = (p: StorefrontProduct) => ({
  ...p,
  unit_amount: Math.round(p.price * 100),
  variants: p.variants.map((v) => ({ ...v, unit_amount: Math.round(v.price * 100) })),
});

const shirts = Array.from({ length: 60 }, (_, i) =>
  storefrontProduct(`shirt-${String(i).padStart(3, '0')}`, {
    title: `Logo Shirt ${i}`,
    price: 20 + i,
    updatedAt: minutesAfter(i),
  }),
);
const mugs = ['red', 'green', 'blue'].map((colour, i) =>
  storefrontProduct(`mug-${colour}`, {
    title: `${colour} Mug`,
    description: 'Ceramic, 11 oz',
    category: 'accessories',
    price: 9 + i,
    updatedAt: minutesAfter(100 + i),
  }),
);
const stickers = Array.from({ length: 120 }, (_, i) =>
  storefrontProduct(`sticker-${String(i).padStart(3, '0')}`, {
    title: `Sticker ${i}`,
    description: 'Vinyl',
    category: 'accessories',
    price: 3,
    updatedAt: minutesAfter(-200 + i),
  }),
);
const archived = storefrontProduct('old-shirt', { title: 'Retired Shirt', updatedAt: minutesAfter(500) });

const ids = (products: StorefrontProduct[]) => products.map((p) => p.id);

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.store, [...shirts, ...mugs, ...stickers]);
  await seedCatalogue(t.store, [archived], 'archived');
  await announce(t.app, []);
});
afterAll(() => t?.close());

describe('GET /api/products', () => {
  const active = [...shirts, ...mugs, ...stickers].sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : -1));

  it('lists active products newest updatedAt first, 50 by default, with a cursor to the rest', async () => {
    const res = await t.app.inject({ url: '/api/products' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(ids(body.products)).toEqual(ids(active.slice(0, 50)));
    expect(body.nextCursor).toEqual(expect.any(String));
  });

  it('pages through the whole storefront with the cursor, each product once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/products?limit=40${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const body = (await t.app.inject({ url })).json();
      seen.push(...ids(body.products));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(ids(active));
    expect(seen).not.toContain(archived.id);
  });

  it('answers the product shape of the spec', async () => {
    const body = (await t.app.inject({ url: '/api/products?limit=1' })).json();
    expect(body.products[0]).toEqual(answered(mugs[2]));
  });

  it.each([
    ['0', 'limit must be a whole number from 1 to 100'],
    ['101', 'limit must be a whole number from 1 to 100'],
    ['ten', 'limit must be a whole number from 1 to 100'],
    ['2.5', 'limit must be a whole number from 1 to 100'],
  ])('refuses limit=%s with 400 and says what limit accepts', async (limit, message) => {
    const res = await t.app.inject({ url: `/api/products?limit=${limit}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid-argument');
    expect(res.json().error.message).toContain(message);
  });

  it('refuses a cursor it did not make with 400', async () => {
    const res = await t.app.inject({ url: '/api/products?cursor=not-a-cursor' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'invalid-argument', message: MESSAGES.invalidCursor } });
  });

  it('ignores unknown parameters such as a retry timestamp', async () => {
    const res = await t.app.inject({ url: '/api/products?limit=2&_t=1700000000000' });
    expect(res.statusCode).toBe(200);
    expect(res.json().products).toHaveLength(2);
  });

  it('answers 304 to If-None-Match with the current ETag, and a new ETag after a change', async () => {
    const first = await t.app.inject({ url: '/api/products?limit=5' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({ url: '/api/products?limit=5', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const fresh = storefrontProduct('shirt-new', { title: 'Brand New Shirt', updatedAt: minutesAfter(1000) });
    await seedCatalogue(t.store, [fresh]);
    await announce(t.app, [fresh.id]);
    const changed = await t.app.inject({ url: '/api/products?limit=5', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().products[0].id).toBe(fresh.id);

    await t.store.batch([
      { type: 'delete', collection: 'storeInventory', id: fresh.id },
      { type: 'delete', collection: 'products', id: fresh.id },
    ]);
    await announce(t.app, [fresh.id]);
    const removed = await t.app.inject({ url: '/api/products?limit=5' });
    expect(removed.headers.etag).toBe(etag);
    expect(ids(removed.json().products)).not.toContain(fresh.id);
  });

  it('applies the spec defaults to a stored product that lacks fields', async () => {
    await t.store.set('storeInventory', 'bare', { name: '', price: 'n/a', updatedAt: minutesAfter(2000) });
    await announce(t.app, ['bare']);
    const product = (await t.app.inject({ url: '/api/products?limit=1' })).json().products[0];
    expect(product).toMatchObject({ id: 'bare', ...STOREFRONT_DEFAULTS });
    await t.store.delete('storeInventory', 'bare');
    await announce(t.app, ['bare']);
  });
});

describe('GET /api/products/search', () => {
  it('searches the whole catalogue, not only the first 100 documents', async () => {
    const body = (await t.app.inject({ url: '/api/products/search?q=STICKER&limit=100' })).json();
    expect(body.total).toBe(120);
    expect(body.products).toHaveLength(100);
  });

  it('defaults to 20 active products, newest first, with category facets', async () => {
    const body = (await t.app.inject({ url: '/api/products/search' })).json();
    expect(body.products).toHaveLength(20);
    expect(body.total).toBe(183);
    expect(ids(body.products).slice(0, 3)).toEqual(['mug-blue', 'mug-green', 'mug-red']);
    expect(body.facets).toEqual({ category: { accessories: 123, clothing: 60 } });
  });

  it('matches the description and a variant name, case-insensitively', async () => {
    const byDescription = (await t.app.inject({ url: '/api/products/search?q=ceramic' })).json();
    expect(ids(byDescription.products).sort()).toEqual(['mug-blue', 'mug-green', 'mug-red']);
    const byVariant = (await t.app.inject({ url: '/api/products/search?q=SHIRT-005%20%2F%20m' })).json();
    expect(ids(byVariant.products)).toEqual(['shirt-005']);
  });

  it('filters by category and keeps the facets of the other categories', async () => {
    const body = (await t.app.inject({ url: '/api/products/search?q=mug&category=clothing' })).json();
    expect(body).toEqual({
      // Every catalogue answer names the currency of its prices (docs/rules.md#local-prices).
      currency: 'USD',
      products: [],
      total: 0,
      facets: { category: { accessories: 3 } },
      // Nothing in the category: the store's categories are offered instead.
      categories: expect.objectContaining({ accessories: expect.any(Number), clothing: expect.any(Number) }),
      // And a few of the storefront's products, newest first.
      popular: expect.any(Array),
    });
  });

  it('answers a typo with "did you mean" and a few storefront products', async () => {
    const body = (await t.app.inject({ url: '/api/products/search?q=stikcer' })).json();
    expect(body.total).toBe(0);
    expect(body.suggestion).toBe('sticker');
    expect(ids(body.popular)).toEqual(['mug-blue', 'mug-green', 'mug-red', 'shirt-059']);
    const corrected = (await t.app.inject({ url: `/api/products/search?q=${body.suggestion}` })).json();
    expect(corrected.total).toBe(120);
  });

  it('finds a product by several words that are not side by side', async () => {
    const body = (await t.app.inject({ url: '/api/products/search?q=ceramic%20blue' })).json();
    expect(ids(body.products)).toEqual(['mug-blue']);
  });

  it('sorts by price', async () => {
    const body = (await t.app.inject({ url: '/api/products/search?category=accessories&q=mug&sort=priceDesc' })).json();
    expect(body.products.map((p: StorefrontProduct) => p.price)).toEqual([11, 10, 9]);
  });

  it('sorts by name', async () => {
    const body = (await t.app.inject({ url: '/api/products/search?q=mug&sort=name' })).json();
    expect(ids(body.products)).toEqual(['mug-blue', 'mug-green', 'mug-red']);
  });

  it('finds archived products only when asked for status=archived', async () => {
    const active = (await t.app.inject({ url: '/api/products/search?q=retired' })).json();
    expect(active.total).toBe(0);
    const old = (await t.app.inject({ url: '/api/products/search?q=retired&status=archived' })).json();
    expect(ids(old.products)).toEqual([archived.id]);
  });

  it.each([
    ['sort=cheapest', 'sort must be one of relevance, name, priceAsc, priceDesc, latest'],
    ['status=deleted', 'status must be one of active, archived'],
    ['limit=0', 'limit must be a whole number from 1 to 100'],
    [`q=${'x'.repeat(201)}`, 'q must be at most 200 characters'],
  ])('refuses %s with 400 and a clear message', async (query, message) => {
    const res = await t.app.inject({ url: `/api/products/search?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
  });

  it('sends an ETag and answers 304 when nothing changed', async () => {
    const first = await t.app.inject({ url: '/api/products/search?q=mug' });
    const again = await t.app.inject({
      url: '/api/products/search?q=mug',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('GET /api/products/:id', () => {
  it('answers a loaded product', async () => {
    const res = await t.app.inject({ url: '/api/products/mug-red' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(answered(mugs[0]));
  });

  it('finds a product written to storeInventory before its event arrived', async () => {
    await t.store.set('storeInventory', 'just-written', {
      ...storefrontProduct('just-written', { title: 'Just Written' }),
    });
    const res = await t.app.inject({ url: '/api/products/just-written' });
    expect(res.json()).toMatchObject({ id: 'just-written', title: 'Just Written' });
  });

  it('falls back to the products collection', async () => {
    await t.store.set('products', 'search-only', { name: 'Searchable Tote', price: 15, status: 'active' });
    const res = await t.app.inject({ url: '/api/products/search-only' });
    expect(res.json()).toMatchObject({ id: 'search-only', title: 'Searchable Tote', price: 15 });
  });

  it('falls back to the raw Printful copy, normalised to the storefront shape', async () => {
    await t.store.set('printfulProducts', '9001', {
      sync_product: {
        id: 9001,
        name: 'Printful Only Hoodie',
        variants: 1,
        synced: 1,
        thumbnail_url: 'https://files.example/h.png',
      },
      sync_variants: [
        {
          id: 77,
          sync_product_id: 9001,
          name: 'Printful Only Hoodie / L',
          variant_id: 5531,
          retail_price: '39.50',
          size: 'L',
          color: 'Navy',
          files: [],
        },
      ],
    });
    const res = await t.app.inject({ url: '/api/products/9001' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: '9001',
      title: 'Printful Only Hoodie',
      price: 39.5,
      variants: [{ id: '77', size: 'L', color: 'Navy', catalog_variant_id: 5531, price: 39.5 }],
    });
  });

  it('answers 404 with the spec message when no collection has the product', async () => {
    const res = await t.app.inject({ url: '/api/products/nowhere' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not-found', message: 'Product not found in any collection' } });
  });
});

describe('GET /api/printful/products', () => {
  it('answers only what a shopper may see: sellable variants and retail prices, no costs, margins, print files or retired variants', async () => {
    // What the sync keeps of a Printful product: Printful's costs, the margin setting, the
    // original print files, and a variant retired below the margin guard.
    const raw = {
      sync_product: { id: 9002, name: 'Raw Cap', variants: 2, synced: 2, thumbnail_url: '/images/cap.png' },
      sync_variants: [
        {
          id: 77001,
          variant_id: 4011,
          name: 'Raw Cap / One Size',
          retail_price: '24.99',
          files: [{ type: 'default', url: 'https://files.example/original-artwork.png' }],
        },
        { id: 77002, variant_id: 4012, name: 'Raw Cap / XL', retail_price: '1.00' },
      ],
      costs: { '4011': 9.95, '4012': 12.5 },
      minMarginPercent: 10,
      retiredVariants: [{ id: 77002, reason: 'below-margin', cost: 12.5 }],
    };
    await t.store.set('printfulProducts', '9002', raw);
    const cap = storefrontProduct('9002', { title: 'Raw Cap', price: 24.99 });
    await seedCatalogue(t.store, [{ ...cap, variants: cap.variants.slice(0, 1) }]);
    await announce(t.app, ['9002']);

    const res = await t.app.inject({ url: '/api/printful/products' });
    expect(res.statusCode).toBe(200);
    const item = res.json().result.find((p: { id: string }) => p.id === '9002');
    expect(item).toMatchObject({
      id: '9002',
      name: 'Raw Cap',
      sync_product: { id: '9002', name: 'Raw Cap' },
      sync_variants: [expect.objectContaining({ retail_price: '24.99' })],
    });
    expect(item.sync_variants).toHaveLength(1);
    for (const secret of ['cost', 'margin', 'files', 'original-artwork', 'retired', '77002', '12.5'])
      expect(res.body, secret).not.toContain(secret);
  });

  it('is rendered once per catalogue version, with an ETag and compression', async () => {
    const first = await t.app.inject({ url: '/api/printful/products', headers: { 'accept-encoding': 'br' } });
    expect(first.headers['content-encoding']).toBe('br');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({ url: '/api/printful/products', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });
});
