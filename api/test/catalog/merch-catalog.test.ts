import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { storefrontProductSchema } from '@shop/shared/domain/product';
import { sizeGuideSchema } from '@shop/shared/schemas';
import { normaliseProductDocument, PrintfulClient } from '@shop/shared/providers/printful';
import { readSyncedProduct } from '../../../tests/fixtures/synced-printful-product.js';
import { startPrintfulSandbox, type PrintfulSandbox } from '../../../tests/sandbox/printful/server.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// What a merch shopper expects of the catalogue (docs/rules.md#what-a-merch-shopper-expects): search that understands
// "t-shirt", and size guides from Printful's size tables, in inches and centimetres. The
// products are the Printful sandbox's demo catalogue, normalised as the sync does.

let printful: PrintfulSandbox;
let t: TestApp;
const idOf: Record<string, string> = {};

async function seedFromSandbox(name: string) {
  const source = printful.catalogue.list().find((p) => p.name === name);
  if (!source) throw new Error(`no sandbox product ${name}`);
  const client = new PrintfulClient({ baseUrl: printful.url, apiKey: 't', retry: false });
  const doc = normaliseProductDocument(await readSyncedProduct(client, source.id));
  await t.store.set('products', doc.id, doc);
  await t.store.set('storeInventory', doc.id, storefrontProductSchema.parse(doc));
  t.app.catalog.invalidate([doc.id]);
  idOf[name] = doc.id;
}

beforeAll(async () => {
  printful = await startPrintfulSandbox({ rateLimitPerMin: 10_000 });
  t = await createTestApp({ PRINTFUL_API_URL: printful.url, PRINTFUL_RATE_LIMIT_PER_MIN: '1000' });
  for (const name of [
    'Pixel Perfect Tee',
    'Dark Mode Hoodie',
    'Full Stack Crewneck',
    'Studio Logo Cap',
    '404 Coffee Not Found Mug',
  ])
    await seedFromSandbox(name);
  await t.app.catalog.idle();
});

afterAll(async () => {
  await t?.close();
  await printful?.close();
});

const search = async (q: string) =>
  (await t.app.inject({ url: `/api/products/search?q=${encodeURIComponent(q)}` }))
    .json()
    .products.map((p: { title: string }) => p.title)
    .sort();

describe('GET /api/products/search, as a shopper types', () => {
  it('finds the tee for "t-shirt", "t shirt", "T-Shirt" and "tee" through the provider product type, not the crewneck', async () => {
    for (const q of ['t-shirt', 't shirt', 'T-Shirt', 'tee']) expect(await search(q), q).toEqual(['Pixel Perfect Tee']);
  });

  it('finds the tee for "tshirt" and "TSHIRT" too (typed text also matches inside "Sweatshirt")', async () => {
    for (const q of ['tshirt', 'TSHIRT', 'T-SHIRTS']) expect(await search(q), q).toContain('Pixel Perfect Tee');
  });

  it('knows hoody, crewneck and hat', async () => {
    expect(await search('hoody')).toEqual(['Dark Mode Hoodie']);
    expect(await search('sweatshirt')).toEqual(['Full Stack Crewneck']);
    // Typed text still matches inside words as the spec's search did ("hat" is in a mug's "that").
    expect(await search('hat')).toContain('Studio Logo Cap');
    expect(await search('hats')).toEqual(['Studio Logo Cap']);
  });

  it('matches the category; for a word nothing has, answers an empty list that offers every category', async () => {
    const clothing = (await t.app.inject({ url: '/api/products/search?q=clothing' })).json();
    expect(clothing.total).toBeGreaterThanOrEqual(3);
    // A result is the answer: no offer of categories beside it.
    expect(clothing).not.toHaveProperty('categories');
    const none = (await t.app.inject({ url: '/api/products/search?q=umbrella' })).json();
    expect(none).toMatchObject({ products: [], total: 0, facets: { category: {} } });
    // Where to go instead: every category of the store, with its number of products.
    const all = (await t.app.inject({ url: '/api/products/search' })).json();
    expect(Object.keys(all.facets.category).length).toBeGreaterThan(1);
    expect(none.categories).toEqual(all.facets.category);
    // Also when a category filter leaves nothing.
    const noCap = (await t.app.inject({ url: '/api/products/search?q=mug&category=clothing' })).json();
    expect(noCap).toMatchObject({ total: 0, categories: all.facets.category });
  });
});

describe('GET /api/products/:id/size-guide', () => {
  it("answers the tee's sizes, XS included, with each measurement in inches and in centimetres", async () => {
    const response = await t.app.inject({ url: `/api/products/${idOf['Pixel Perfect Tee']}/size-guide` });
    expect(response.statusCode).toBe(200);
    const guide = sizeGuideSchema.parse(response.json());
    expect(guide.sizes).toEqual(['XS', 'S', 'M', 'L', 'XL', '2XL']);
    const length = (unit: string) => guide.measurements.find((m) => m.name === 'Length' && m.unit === unit);
    expect(length('in')?.values).toMatchObject({ XS: '27', M: '29', '2XL': '32' });
    expect(length('cm')?.values).toMatchObject({ XS: '68.6', M: '73.7' });
    expect(guide.measurements.find((m) => m.name === 'Width' && m.unit === 'in')?.values.XS).toBe('16.5');
  });

  it('asks Printful once per blank and answers later requests from the cache', async () => {
    printful.stats.reset();
    const first = await t.app.inject({ url: `/api/products/${idOf['Dark Mode Hoodie']}/size-guide` });
    const again = await t.app.inject({ url: `/api/products/${idOf['Dark Mode Hoodie']}/size-guide` });
    expect(first.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(printful.stats.snapshot().byRoute['GET /products/{id}/sizes']).toBe(1);
  });

  it('answers 404 not-found for a product without a size guide and for an unknown product', async () => {
    const mug = await t.app.inject({ url: `/api/products/${idOf['404 Coffee Not Found Mug']}/size-guide` });
    expect(mug.statusCode).toBe(404);
    expect(mug.json()).toEqual({ error: { code: 'not-found', message: MESSAGES.sizeGuideNotFound } });
    const unknown = await t.app.inject({ url: '/api/products/no-such-product/size-guide' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({ code: 'not-found', message: MESSAGES.productNotFound });
  });
});
