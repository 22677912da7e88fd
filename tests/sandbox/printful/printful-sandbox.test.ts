import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PRINTFUL_SANDBOX_TOKEN } from '@shop/shared';
import {
  normaliseStorefrontProduct,
  printfulProductDetailSchema,
  printfulSyncProductSchema,
} from '@shop/shared/providers/printful';
import { decodePng, isPng, pixelsNear, pngSize } from '../../fixtures/png.js';
import { mockupSvg } from './mockup-svg.js';
import { MOCKUP_SIZE_PX } from './mockup-png.js';
import { mockupUrl } from './printful-wire.js';
import { startPrintfulSandbox, type PrintfulSandbox } from './server.js';

// The sandbox speaks Printful v1's wire protocol (docs/providers.md#printful-api); these tests
// drive it over HTTP the way the worker's client and other tools do.

const AUTH = { Authorization: `Bearer ${PRINTFUL_SANDBOX_TOKEN}` };

async function api(sandbox: PrintfulSandbox, path: string, init: RequestInit = {}) {
  const response = await fetch(`${sandbox.url}${path}`, {
    ...init,
    headers: { ...AUTH, 'Content-Type': 'application/json', ...init.headers },
  });
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- wire JSON; the assertions check its fields
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* left as text */
  }
  return { status: response.status, headers: response.headers, body };
}

const admin = (sandbox: PrintfulSandbox, path: string, method: string, body?: unknown) =>
  api(sandbox, `/__sandbox${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });

describe('Printful sandbox: catalogue', () => {
  let sandbox: PrintfulSandbox;
  beforeAll(async () => {
    sandbox = await startPrintfulSandbox({ rateLimitPerMin: 10_000 });
  });
  afterAll(() => sandbox.close());
  afterEach(() => sandbox.reset());

  it('lists sync products in the v1 envelope, 20 by default and at most 100 a page', async () => {
    const first = await api(sandbox, '/store/products');
    expect(first.status).toBe(200);
    expect(first.body.code).toBe(200);
    expect(first.body.result).toHaveLength(20);
    expect(first.body.paging).toEqual({ total: sandbox.catalogue.size(), offset: 0, limit: 20 });
    for (const entry of first.body.result) {
      expect(printfulSyncProductSchema.safeParse(entry).success).toBe(true);
      expect(typeof entry.variants).toBe('number');
      expect(typeof entry.synced).toBe('number');
      // Printful's v1 SyncProduct has no `updated`: a change only shows in the detail.
      expect(entry).not.toHaveProperty('updated');
    }
    const rest = await api(sandbox, '/store/products?offset=20&limit=500');
    expect(rest.body.paging).toEqual({ total: sandbox.catalogue.size(), offset: 20, limit: 100 });
    expect(rest.body.result).toHaveLength(sandbox.catalogue.size() - 20);
    expect(new Set([...first.body.result, ...rest.body.result].map((p: { id: number }) => p.id)).size).toBe(
      sandbox.catalogue.size(),
    );
  });

  it('answers a bad paging parameter with a 400 error envelope', async () => {
    const response = await api(sandbox, '/store/products?offset=-3');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 400,
      error: { reason: 'BadRequest', message: expect.stringContaining('offset') },
    });
  });

  it('serves a product with its variants by id and by @external_id', async () => {
    const [product] = sandbox.catalogue.list();
    const byId = await api(sandbox, `/store/products/${product.id}`);
    const byExternal = await api(sandbox, `/store/products/@${product.externalId}`);
    expect(byId.status).toBe(200);
    expect(byExternal.body).toEqual(byId.body);
    const detail = printfulProductDetailSchema.parse(byId.body.result);
    expect(detail.sync_variants).toHaveLength(product.variants.length);
    const variant = detail.sync_variants[0];
    expect(variant).toMatchObject({
      sync_product_id: product.id,
      synced: true,
      currency: 'USD',
      retail_price: expect.stringMatching(/^\d+\.\d{2}$/),
      product: { variant_id: variant.variant_id, product_id: expect.any(Number), name: expect.any(String) },
    });
    expect(variant.files.find((f) => f.type === 'preview')?.preview_url).toMatch(/\/images\/mockups\/.+\.png/);
  });

  it("sends a sync variant with v1's published SyncVariant fields only: size and colour come from the catalog variant", async () => {
    // Printful v1's OpenAPI: SyncVariant, SyncVariantProduct and File. Nothing else may appear,
    // so a store that needs a field Printful does not publish fails here, not in production.
    const syncVariantFields = [
      'id',
      'external_id',
      'sync_product_id',
      'name',
      'synced',
      'variant_id',
      'retail_price',
      'currency',
      'is_ignored',
      'sku',
      'product',
      'files',
      'options',
      'main_category_id',
      'warehouse_product_variant_id',
    ];
    const fileFields = [
      'type',
      'id',
      'url',
      'options',
      'hash',
      'filename',
      'mime_type',
      'size',
      'width',
      'height',
      'dpi',
      'status',
      'created',
      'thumbnail_url',
      'preview_url',
      'visible',
      'is_temporary',
    ];
    for (const product of sandbox.catalogue.list().slice(0, 8)) {
      const detail = (await api(sandbox, `/store/products/${product.id}`)).body.result;
      for (const variant of detail.sync_variants) {
        expect(syncVariantFields).toEqual(expect.arrayContaining(Object.keys(variant)));
        expect(variant).not.toHaveProperty('size');
        expect(variant).not.toHaveProperty('color');
        expect(variant).not.toHaveProperty('availability_status');
        expect(['variant_id', 'product_id', 'image', 'name']).toEqual(
          expect.arrayContaining(Object.keys(variant.product)),
        );
        for (const file of variant.files) expect(fileFields).toEqual(expect.arrayContaining(Object.keys(file)));
      }
      // The catalog variant the sync variant is made from carries its size and colour (v1 Variant).
      const catalog = (await api(sandbox, `/products/${detail.sync_variants[0].product.product_id}`)).body.result;
      for (const [i, variant] of detail.sync_variants.entries()) {
        const blank = catalog.variants.find((v: { id: number }) => v.id === variant.variant_id);
        expect(blank).toMatchObject({ size: product.variants[i].size, color: product.variants[i].colour.name });
      }
    }
  });

  it('answers an unknown product with the documented 404 envelope', async () => {
    const response = await api(sandbox, '/store/products/999');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 404, result: 'Not Found', error: { reason: 'NotFound' } });
  });

  it('links raster mockups and print files, as Printful does, and serves each as a PNG', async () => {
    const product = sandbox.catalogue.list()[0];
    const detail = (await api(sandbox, `/store/products/${product.id}`)).body.result;
    const [variant] = detail.sync_variants;
    const urls = new Set<string>([detail.sync_product.thumbnail_url, variant.product.image]);
    for (const file of variant.files) {
      expect(file.mime_type, file.type).toBe('image/png');
      expect(file.filename, file.type).toMatch(/\.png$/);
      for (const url of [file.preview_url, file.thumbnail_url, file.url]) if (url) urls.add(url);
    }
    const catalog = (await api(sandbox, `/products/${variant.product.product_id}`)).body.result;
    urls.add(catalog.product.image);
    urls.add(catalog.variants[0].image);
    for (const url of urls) {
      expect(new URL(url).pathname, url).toMatch(/\.png$/);
      const image = await fetch(url);
      expect(image.status, url).toBe(200);
      expect(image.headers.get('content-type'), url).toBe('image/png');
      const bytes = new Uint8Array(await image.arrayBuffer());
      expect(isPng(bytes), url).toBe(true);
      // Printful's real size class: 1000 px and more, photographic, a few hundred KB.
      expect(pngSize(bytes)).toEqual({ width: MOCKUP_SIZE_PX, height: MOCKUP_SIZE_PX });
      expect(MOCKUP_SIZE_PX).toBeGreaterThanOrEqual(1000);
      expect(bytes.length, url).toBeGreaterThan(150_000);
    }
  });

  it('serves no SVG mockups: mail clients and link previews show none, and Printful sends none', async () => {
    const product = sandbox.catalogue.list()[0];
    const png = mockupUrl(sandbox.url, product, product.variants[0]);
    const svg = new URL(png);
    svg.pathname = svg.pathname.replace(/\.png$/, '.svg');
    expect((await fetch(svg)).status).toBe(404);
    expect((await fetch(`${sandbox.url}/images/mockups/kettle/000000.png`)).status).toBe(404);
  });

  it('sets the product name on its mockup: another name gives another picture', async () => {
    const product = sandbox.catalogue.list()[0];
    const url = new URL(mockupUrl(sandbox.url, product, product.variants[0]));
    const picture = async (label: string) => {
      url.searchParams.set('label', label);
      return Buffer.from(await (await fetch(url)).arrayBuffer());
    };
    const [mine, other, mineAgain] = [
      await picture(product.name),
      await picture('Another Name'),
      await picture(product.name),
    ];
    expect(mine.equals(other)).toBe(false);
    expect(mine.equals(mineAgain)).toBe(true);
  });

  it('gives every colour its own front and back mockup, in that colour, without a sandbox caption', async () => {
    const product = sandbox.catalogue.list().find((p) => new Set(p.variants.map((v) => v.colour.hex)).size > 1)!;
    const detail = (await api(sandbox, `/store/products/${product.id}`)).body.result;
    const previews = (v: { files: { type: string; preview_url: string }[] }) =>
      v.files.filter((f) => f.type === 'preview').map((f) => f.preview_url);
    const byColour = new Map<string, string[]>();
    // A sync variant names no colour (v1 SyncVariant); the catalogue says which it is.
    for (const [i, variant] of detail.sync_variants.entries())
      byColour.set(product.variants[i].colour.name, previews(variant));
    expect(byColour.size).toBeGreaterThan(1);
    const fronts = [...byColour.values()].map((urls) => urls[0]);
    expect(new Set(fronts).size).toBe(byColour.size);
    for (const [colour, [front, back]] of byColour) {
      const hex = product.variants.find((v) => v.colour.name === colour)!.colour.hex;
      const [frontPng, backPng] = await Promise.all(
        [front, back].map(async (url) => Buffer.from(await (await fetch(url)).arrayBuffer())),
      );
      expect(frontPng.equals(backPng)).toBe(false);
      // A good part of each picture is the garment in its own colour.
      for (const png of [frontPng, backPng]) expect(pixelsNear(decodePng(png), hex)).toBeGreaterThan(2_000);
      expect(new URL(front).pathname).toMatch(new RegExp(`/${hex}\\.png$`));
      expect(new URL(back).pathname).toMatch(new RegExp(`/${hex}-back\\.png$`));
      // What the picture is drawn from names its view and no sandbox.
      const drawing = mockupSvg(product.kind, hex, product.name, 'front');
      expect(drawing).toContain('front view');
      expect(drawing).not.toMatch(/sandbox/i);
    }
  });

  it('rejects requests without a bearer token with the documented 401', async () => {
    const response = await fetch(`${sandbox.url}/store/products`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      code: 401,
      result: 'Malformed Authorization header.',
      error: { reason: 'BadRequest', message: 'Malformed Authorization header.' },
    });
  });

  it('has a demo catalogue of at least 24 merch products across clothing, headwear and accessories', () => {
    const products = sandbox.catalogue.list();
    expect(products.length).toBeGreaterThanOrEqual(24);
    for (const p of products) {
      const sizes = new Set(p.variants.map((v) => v.size));
      const colours = new Set(p.variants.map((v) => v.colour.name));
      expect(sizes.size).toBeGreaterThanOrEqual(2);
      expect(sizes.size).toBeLessThanOrEqual(6);
      expect(colours.size).toBeGreaterThanOrEqual(1);
      expect(colours.size).toBeLessThanOrEqual(4);
      expect(p.description.length).toBeGreaterThan(10);
    }
  });

  it('maps its products onto the storefront categories', async () => {
    const categories = new Set<string>();
    for (const p of sandbox.catalogue.list()) {
      const detail = printfulProductDetailSchema.parse((await api(sandbox, `/store/products/${p.id}`)).body.result);
      categories.add(normaliseStorefrontProduct(detail).category);
    }
    expect([...categories].sort()).toEqual(['accessories', 'clothing', 'headwear']);
  });
});

describe('Printful sandbox: costs and ignored products (reference A2)', () => {
  let sandbox: PrintfulSandbox;
  beforeAll(async () => {
    sandbox = await startPrintfulSandbox({ rateLimitPerMin: 10_000 });
  });
  afterAll(() => sandbox.close());
  afterEach(() => sandbox.reset());

  it("serves a v1 catalog product with Printful's price of each variant, the one sync variants name", async () => {
    const product = sandbox.catalogue.list()[0];
    const detail = (await api(sandbox, `/store/products/${product.id}`)).body.result;
    const variant = detail.sync_variants[0];
    const catalog = await api(sandbox, `/products/${variant.product.product_id}`);
    expect(catalog.status).toBe(200);
    expect(catalog.body.result.product).toMatchObject({ id: variant.product.product_id, currency: 'USD' });
    const blank = catalog.body.result.variants.find((v: { id: number }) => v.id === variant.variant_id);
    expect(blank.price).toMatch(/^\d+\.\d{2}$/);
    expect(Number(blank.price)).toBeLessThan(Number(variant.retail_price));
    expect((await api(sandbox, '/products/999999')).status).toBe(404);
  });

  it('prices the largest demo sticker below its cost, and most of the demo catalogue above', async () => {
    let below = 0;
    let total = 0;
    for (const product of sandbox.catalogue.list()) {
      const detail = (await api(sandbox, `/store/products/${product.id}`)).body.result;
      const costs = new Map<number, number>();
      const catalog = (await api(sandbox, `/products/${detail.sync_variants[0].product.product_id}`)).body.result;
      for (const v of catalog.variants) costs.set(v.id, Number(v.price));
      for (const v of detail.sync_variants) {
        total += 1;
        if (Number(v.retail_price) < costs.get(v.variant_id)!) below += 1;
      }
    }
    expect(below).toBeGreaterThan(0);
    expect(below / total).toBeLessThan(0.1);
  });

  it('marks a product or single variants ignored when told to', async () => {
    const product = sandbox.catalogue.list()[1];
    await admin(sandbox, `/products/${product.id}`, 'PATCH', { ignoredVariantIds: [product.variants[0].id] });
    let detail = (await api(sandbox, `/store/products/${product.id}`)).body.result;
    expect(detail.sync_variants.map((v: { is_ignored: boolean }) => v.is_ignored)).toEqual(
      product.variants.map((_, i) => i === 0),
    );
    await admin(sandbox, `/products/${product.id}`, 'PATCH', { ignored: true });
    detail = (await api(sandbox, `/store/products/${product.id}`)).body.result;
    expect(detail.sync_product.is_ignored).toBe(true);
    const listed = (await api(sandbox, '/store/products?limit=100')).body.result;
    expect(listed.find((p: { id: number }) => p.id === product.id).is_ignored).toBe(true);
  });
});

describe('Printful sandbox: generated catalogues', () => {
  it('serves a 1000-product catalogue in pages of 100', async () => {
    const sandbox = await startPrintfulSandbox({ products: 1000, rateLimitPerMin: 10_000 });
    try {
      const ids = new Set<number>();
      for (let offset = 0; offset < 1000; offset += 100) {
        const page = await api(sandbox, `/store/products?offset=${offset}&limit=100`);
        expect(page.body.paging).toEqual({ total: 1000, offset, limit: 100 });
        for (const p of page.body.result) ids.add(p.id);
      }
      expect(ids.size).toBe(1000);
    } finally {
      await sandbox.close();
    }
  });

  it('generates the same large catalogue for the same seed, with distinct ids', async () => {
    const [a, b, c] = await Promise.all([
      startPrintfulSandbox({ products: 300, seed: 7 }),
      startPrintfulSandbox({ products: 300, seed: 7 }),
      startPrintfulSandbox({ products: 300, seed: 8 }),
    ]);
    try {
      expect(a.catalogue.size()).toBe(300);
      expect(a.catalogue.list()).toEqual(b.catalogue.list());
      expect(a.catalogue.list()).not.toEqual(c.catalogue.list());
      const variantIds = a.catalogue.list().flatMap((p) => p.variants.map((v) => v.id));
      expect(new Set(variantIds).size).toBe(variantIds.length);
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  });
});

describe('Printful sandbox: rate limit', () => {
  let sandbox: PrintfulSandbox;
  beforeAll(async () => {
    // An hour-long window, so that the four requests cannot straddle a refill.
    sandbox = await startPrintfulSandbox({ rateLimitPerMin: 3, windowMs: 3_600_000 });
  });
  afterAll(() => sandbox.close());

  it('answers 429 with the v1 envelope, Retry-After and X-Ratelimit headers once the window is spent', async () => {
    const responses = [];
    for (let i = 0; i < 4; i++) responses.push(await api(sandbox, '/store/products?limit=1'));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(responses.map((r) => r.headers.get('x-ratelimit-remaining'))).toEqual(['2', '1', '0', '0']);
    for (const r of responses) expect(r.headers.get('x-ratelimit-limit')).toBe('3');
    const limited = responses[3];
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(limited.body).toMatchObject({
      code: 429,
      error: { reason: 'TooManyRequests', message: expect.stringContaining('Please try again after') },
    });
    expect(sandbox.stats.snapshot().rateLimited).toBe(1);
  });
});

describe('Printful sandbox: faults', () => {
  let sandbox: PrintfulSandbox;
  beforeAll(async () => {
    sandbox = await startPrintfulSandbox({ rateLimitPerMin: 10_000 });
  });
  afterAll(() => sandbox.close());
  afterEach(() => sandbox.reset());

  it('fails the next N requests with a 5xx when told to over the admin API', async () => {
    expect((await admin(sandbox, '/faults', 'POST', { serverError: { count: 2, status: 503 } })).status).toBe(200);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await api(sandbox, '/store/products')).status);
    expect(statuses).toEqual([503, 503, 200]);
    expect(sandbox.stats.snapshot().serverErrors).toBe(2);
  });

  it('limits a 5xx fault to the given paths', async () => {
    sandbox.faults.serverError({ paths: ['/store/products/'] });
    expect((await api(sandbox, '/store/products')).status).toBe(200);
    expect((await api(sandbox, `/store/products/${sandbox.catalogue.list()[0].id}`)).status).toBe(500);
  });

  it('forces 429s with the Retry-After it was given', async () => {
    sandbox.faults.rateLimit({ count: 1, retryAfterSec: 7 });
    const limited = await api(sandbox, '/store/products');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect((await api(sandbox, '/store/products')).status).toBe(200);
  });

  it('slows down the next request and then stops', async () => {
    sandbox.faults.slow({ delayMs: 50, count: 1 });
    expect((await api(sandbox, '/store/products')).status).toBe(200);
    expect(sandbox.faults.snapshot().slow?.remaining).toBe(0);
  });

  it('serves invalid JSON or a product missing required fields for the products it is told', async () => {
    const [a, b, c] = sandbox.catalogue.list();
    await admin(sandbox, '/faults', 'POST', { malformed: { productIds: [a.id], kind: 'invalid-json' } });
    await admin(sandbox, '/faults', 'POST', { malformed: { productIds: [String(b.id)], kind: 'missing-fields' } });
    const invalid = await api(sandbox, `/store/products/${a.id}`);
    expect(typeof invalid.body).toBe('string');
    const missing = await api(sandbox, `/store/products/${b.id}`);
    expect(printfulProductDetailSchema.safeParse(missing.body.result).success).toBe(false);
    expect(
      printfulProductDetailSchema.safeParse((await api(sandbox, `/store/products/${c.id}`)).body.result).success,
    ).toBe(true);
  });

  it('rejects an unknown fault with a 400 naming the problem', async () => {
    const response = await admin(sandbox, '/faults', 'POST', { serverError: { status: 404 } });
    expect(response.status).toBe(400);
    expect(response.body.error).toContain('status');
  });
});

describe('Printful sandbox: catalogue admin and stats', () => {
  let sandbox: PrintfulSandbox;
  beforeAll(async () => {
    sandbox = await startPrintfulSandbox({ rateLimitPerMin: 10_000 });
  });
  afterAll(() => sandbox.close());
  afterEach(() => sandbox.reset());

  it('adds, changes and deletes products, and the list summary follows', async () => {
    const start = sandbox.catalogue.size();
    const added = await admin(sandbox, '/products', 'POST', {
      name: 'Launch Day Tee',
      kind: 'tshirt',
      colours: ['Black', 'White'],
      sizes: ['S', 'M', 'L'],
      price: '27.00',
    });
    expect(added.status).toBe(201);
    const id = added.body.id;
    const listed = () =>
      api(sandbox, '/store/products?limit=100').then((r) => r.body.result.find((p: { id: number }) => p.id === id));
    const before = await listed();
    expect(before).toMatchObject({ name: 'Launch Day Tee', variants: 6 });

    const patched = await admin(sandbox, `/products/${id}`, 'PATCH', { name: 'Launch Day Tee v2', price: '29.50' });
    expect(patched.status).toBe(200);
    const after = await listed();
    expect(after.name).toBe('Launch Day Tee v2');
    const detail = (await api(sandbox, `/store/products/${id}`)).body.result;
    expect(detail.sync_variants.every((v: { retail_price: string }) => v.retail_price === '29.50')).toBe(true);

    expect((await admin(sandbox, `/products/${id}`, 'DELETE')).status).toBe(200);
    expect((await api(sandbox, `/store/products/${id}`)).status).toBe(404);
    expect(sandbox.catalogue.size()).toBe(start);
  });

  it('counts requests per route and resets everything on /__sandbox/reset', async () => {
    const id = sandbox.catalogue.list()[0].id;
    await api(sandbox, '/store/products');
    await api(sandbox, `/store/products/${id}`);
    await api(sandbox, `/store/products/${id}`);
    await fetch(`${sandbox.url}/store/products`);
    const stats = (await admin(sandbox, '/stats', 'GET')).body;
    expect(stats).toMatchObject({
      requests: 3,
      byRoute: { 'GET /store/products': 1, 'GET /store/products/{id}': 2 },
      productDetails: { [id]: 2 },
      unauthorized: 1,
    });
    sandbox.catalogue.remove(id);
    await admin(sandbox, '/reset', 'POST');
    expect((await admin(sandbox, '/stats', 'GET')).body.requests).toBe(0);
    expect(sandbox.catalogue.get(id)).toBeDefined();
  });
});

describe('Printful sandbox: orders', () => {
  let sandbox: PrintfulSandbox;
  beforeAll(async () => {
    sandbox = await startPrintfulSandbox({ rateLimitPerMin: 10_000 });
  });
  afterAll(() => sandbox.close());

  const order = (externalId: string, quantity = 1) => {
    const variant = sandbox.catalogue.list()[0].variants[0];
    return {
      external_id: externalId,
      recipient: {
        name: 'Ada Lovelace',
        address1: '12 Analytical St',
        city: 'London',
        country_code: 'GB',
        zip: 'N1 9GU',
      },
      items: [{ sync_variant_id: variant.id, quantity, retail_price: variant.retailPrice }],
    };
  };

  it('creates draft orders, refuses a second one with the same external_id, and confirms', async () => {
    const created = await api(sandbox, '/orders', { method: 'POST', body: JSON.stringify(order('order-1')) });
    expect(created.status).toBe(200);
    expect(created.body.result).toMatchObject({ external_id: 'order-1', status: 'draft', items: [{ quantity: 1 }] });

    const duplicate = await api(sandbox, '/orders', { method: 'POST', body: JSON.stringify(order('order-1')) });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.error.message).toContain('already used');

    const updated = await api(sandbox, '/orders?update_existing=true', {
      method: 'POST',
      body: JSON.stringify(order('order-1', 2)),
    });
    expect(updated.body.result).toMatchObject({ id: created.body.result.id, items: [{ quantity: 2 }] });

    const read = await api(sandbox, '/orders/@order-1');
    expect(read.body.result.id).toBe(created.body.result.id);

    const confirmed = await api(sandbox, `/orders/${created.body.result.id}/confirm`, { method: 'POST' });
    expect(confirmed.body.result.status).toBe('pending');
    expect((await api(sandbox, `/orders/${created.body.result.id}/confirm`, { method: 'POST' })).status).toBe(400);
    expect((await api(sandbox, `/orders/${created.body.result.id}`)).body.result.status).toBe('pending');
  });

  it('cancels a draft with DELETE, after which it can be neither confirmed nor cancelled again', async () => {
    const created = await api(sandbox, '/orders', { method: 'POST', body: JSON.stringify(order('order-grace')) });
    expect(created.body.result.status).toBe('draft');
    const id = created.body.result.id;
    const cancelled = await api(sandbox, `/orders/${id}`, { method: 'DELETE' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.result.status).toBe('canceled');
    expect((await api(sandbox, `/orders/${id}/confirm`, { method: 'POST' })).status).toBe(400);
    expect((await api(sandbox, `/orders/${id}`, { method: 'DELETE' })).status).toBe(400);
    expect((await api(sandbox, '/orders/@order-grace')).body.result.status).toBe('canceled');
  });

  it("updates a draft with PUT (only the fields sent), and refuses it once confirmed, in Printful's error shape", async () => {
    const created = await api(sandbox, '/orders', { method: 'POST', body: JSON.stringify(order('order-put')) });
    const id = created.body.result.id;
    const recipient = { ...order('order-put').recipient, address1: '2 Other Street' };
    const updated = await api(sandbox, `/orders/${id}`, { method: 'PUT', body: JSON.stringify({ recipient }) });
    expect(updated.status).toBe(200);
    expect(updated.body.result).toMatchObject({ id, status: 'draft', recipient: { address1: '2 Other Street' } });
    expect(updated.body.result.items).toEqual(created.body.result.items);
    const noItems = await api(sandbox, `/orders/${id}`, { method: 'PUT', body: JSON.stringify({ items: [] }) });
    expect(noItems.status).toBe(400);
    await api(sandbox, `/orders/${id}/confirm`, { method: 'POST' });
    const late = await api(sandbox, `/orders/${id}`, { method: 'PUT', body: JSON.stringify({ recipient }) });
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({
      code: 400,
      error: { message: expect.stringContaining('only a draft or failed order') },
    });
    expect((await api(sandbox, `/orders/${id}`, { method: 'PUT', body: '{}' })).status).toBe(400);
    expect((await api(sandbox, '/orders/999', { method: 'PUT', body: '{}' })).status).toBe(404);
  });

  it('creates a confirmed order at once with confirm=true', async () => {
    const created = await api(sandbox, '/orders?confirm=true', {
      method: 'POST',
      body: JSON.stringify(order('order-2')),
    });
    expect(created.body.result.status).toBe('pending');
  });

  it('rejects invalid orders with a 400 saying what is wrong', async () => {
    const us = { ...order('order-3'), recipient: { ...order('order-3').recipient, country_code: 'US' } };
    const missingState = await api(sandbox, '/orders', { method: 'POST', body: JSON.stringify(us) });
    expect(missingState.status).toBe(400);
    expect(missingState.body.error.message).toContain('State code');

    const badVariant = { ...order('order-4'), items: [{ sync_variant_id: 1, quantity: 1 }] };
    expect(
      (await api(sandbox, '/orders', { method: 'POST', body: JSON.stringify(badVariant) })).body.error.message,
    ).toContain('Sync variant not found');

    const longId = await api(sandbox, '/orders', { method: 'POST', body: JSON.stringify(order('x'.repeat(33))) });
    expect(longId.status).toBe(400);
    expect((await api(sandbox, '/orders/@nope')).status).toBe(404);
  });

  it("takes a packing slip of v1's six fields, returns it with the order, and refuses any other field", async () => {
    const slip = { message: 'Team order "Platform": Ada: Hoodie, M, Navy', store_name: 'Copperleaf Studio' };
    const created = await api(sandbox, '/orders', {
      method: 'POST',
      body: JSON.stringify({ ...order('order-slip'), packing_slip: slip }),
    });
    expect(created.status).toBe(200);
    expect(created.body.result.packing_slip).toEqual(slip);
    const unknown = await api(sandbox, '/orders', {
      method: 'POST',
      body: JSON.stringify({ ...order('order-slip-2'), packing_slip: { names: ['Ada'] } }),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toContain('packing_slip');
  });
});
