import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PRINTFUL_SANDBOX_TOKEN } from '@shop/shared';
import {
  PrintfulClient,
  PrintfulMalformedError,
  PrintfulNotFoundError,
  PrintfulRateLimitError,
  PrintfulRequestError,
  PrintfulUnavailableError,
} from '@shop/shared/providers/printful';
import { startPrintfulSandbox, type PrintfulSandbox } from '../../../tests/sandbox/printful/server.js';

// The real client against the Printful sandbox, which speaks the v1 wire protocol.

const FAST_RETRY = { baseDelayMs: 5, maxDelayMs: 20 };

describe('PrintfulClient: catalogue', () => {
  let sandbox: PrintfulSandbox;
  let client: PrintfulClient;
  beforeAll(async () => {
    sandbox = await startPrintfulSandbox({ products: 250, rateLimitPerMin: 100_000 });
    client = new PrintfulClient({ baseUrl: sandbox.url, apiKey: PRINTFUL_SANDBOX_TOKEN, retry: FAST_RETRY });
  });
  afterAll(() => sandbox.close());
  afterEach(() => sandbox.reset());

  it('reads all 250 products in pages of 100', async () => {
    const { products, total } = await client.listAllProducts();
    expect(total).toBe(250);
    expect(products).toHaveLength(250);
    expect(new Set(products.map((p) => p.id)).size).toBe(250);
    expect(sandbox.stats.snapshot().byRoute['GET /store/products']).toBe(3);
  });

  it('reads one page with its paging', async () => {
    const page = await client.listProducts({ offset: 240, limit: 20 });
    expect(page.products).toHaveLength(10);
    expect(page.paging).toEqual({ total: 250, offset: 240, limit: 20 });
  });

  it('reads a product by id and by @external_id', async () => {
    const [first] = sandbox.catalogue.list();
    const detail = await client.getProduct(first.id);
    expect(detail.sync_product).toMatchObject({ id: first.id, name: first.name });
    expect(detail.sync_variants).toHaveLength(first.variants.length);
    expect(await client.getProduct(`@${first.externalId}`)).toEqual(detail);
  });

  it('throws PrintfulNotFoundError for an unknown product', async () => {
    await expect(client.getProduct(12345)).rejects.toBeInstanceOf(PrintfulNotFoundError);
  });

  it('throws PrintfulMalformedError naming the product when its fields are missing', async () => {
    const [first] = sandbox.catalogue.list();
    sandbox.faults.malformed({ productIds: [first.id], kind: 'missing-fields' });
    const error = await client.getProduct(first.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PrintfulMalformedError);
    expect(error).toMatchObject({
      productId: String(first.id),
      message: expect.stringContaining('unexpected response'),
    });
  });

  it('throws PrintfulMalformedError when the body is not JSON, without retrying', async () => {
    const [first] = sandbox.catalogue.list();
    sandbox.faults.malformed({ productIds: [first.id], kind: 'invalid-json' });
    await expect(client.getProduct(first.id)).rejects.toThrow(/not valid JSON/);
    expect(sandbox.stats.snapshot().productDetails[first.id]).toBe(1);
  });

  it("retries a 5xx three times (the spec's library default) and then succeeds", async () => {
    sandbox.faults.serverError({ count: 3, status: 503 });
    const { products } = await client.listProducts();
    expect(products).toHaveLength(20);
    expect(sandbox.stats.snapshot()).toMatchObject({ serverErrors: 3, requests: 4 });
  });

  it('gives up with PrintfulUnavailableError after the first attempt and three retries', async () => {
    sandbox.faults.serverError({ count: 10 });
    const error = await client.listProducts().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PrintfulUnavailableError);
    expect(error).toMatchObject({ retryable: true, printfulStatus: 500, code: 'unavailable' });
    expect(sandbox.stats.snapshot().requests).toBe(4);
  });

  it('throws PrintfulUnavailableError when Printful cannot be reached', async () => {
    const offline = new PrintfulClient({ baseUrl: 'http://127.0.0.1:9', apiKey: PRINTFUL_SANDBOX_TOKEN, retry: false });
    await expect(offline.listProducts()).rejects.toBeInstanceOf(PrintfulUnavailableError);
  });

  it('fails with an unauthenticated PrintfulRequestError when the token is missing', async () => {
    const anonymous = new PrintfulClient({ baseUrl: sandbox.url, apiKey: '', retry: FAST_RETRY });
    const error = await anonymous.listProducts().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PrintfulRequestError);
    expect(error).toMatchObject({
      code: 'unauthenticated',
      message: expect.stringContaining('Malformed Authorization header.'),
    });
    expect(sandbox.stats.snapshot().unauthorized).toBe(1);
  });
});

describe('PrintfulClient: rate limit', () => {
  let sandbox: PrintfulSandbox;
  beforeAll(async () => {
    // Two calls a second, so Retry-After is at most one second.
    sandbox = await startPrintfulSandbox({ rateLimitPerMin: 2, windowMs: 1000 });
  });
  afterAll(() => sandbox.close());
  afterEach(() => sandbox.reset());

  it('answers a 429 with PrintfulRateLimitError carrying Retry-After when retries are off', async () => {
    const client = new PrintfulClient({ baseUrl: sandbox.url, apiKey: PRINTFUL_SANDBOX_TOKEN, retry: false });
    sandbox.faults.rateLimit({ count: 1, retryAfterSec: 1 });
    const error = await client.listProducts().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PrintfulRateLimitError);
    expect(error).toMatchObject({ retryAfterMs: 1000, code: 'resource-exhausted' });
  });

  it('waits out Retry-After after a 429 and then gets every answer', async () => {
    const client = new PrintfulClient({ baseUrl: sandbox.url, apiKey: PRINTFUL_SANDBOX_TOKEN, retry: FAST_RETRY });
    const ids = sandbox.catalogue
      .list()
      .slice(0, 5)
      .map((p) => p.id);
    const details = [];
    for (const id of ids) details.push(await client.getProduct(id));
    expect(details.map((d) => d.sync_product.id)).toEqual(ids);
    const stats = sandbox.stats.snapshot();
    expect(stats.rateLimited).toBeGreaterThan(0);
    expect(stats.byRoute['GET /store/products/{id}']).toBe(5 + stats.rateLimited);
  });

  it('sits out a forced 429 and succeeds', async () => {
    const client = new PrintfulClient({ baseUrl: sandbox.url, apiKey: PRINTFUL_SANDBOX_TOKEN, retry: FAST_RETRY });
    sandbox.faults.rateLimit({ count: 1, retryAfterSec: 1 });
    const { products } = await client.listProducts({ limit: 5 });
    expect(products).toHaveLength(5);
    expect(sandbox.stats.snapshot()).toMatchObject({ rateLimited: 1, requests: 2 });
  });

  it('sits out a 419 "rate limited warning" like a 429 and succeeds', async () => {
    const client = new PrintfulClient({ baseUrl: sandbox.url, apiKey: PRINTFUL_SANDBOX_TOKEN, retry: FAST_RETRY });
    sandbox.faults.rateLimit({ count: 1, retryAfterSec: 1, status: 419 });
    const { products } = await client.listProducts({ limit: 5 });
    expect(products).toHaveLength(5);
    expect(sandbox.stats.snapshot()).toMatchObject({ rateLimited: 1, requests: 2 });
  });
});

describe('PrintfulClient: orders', () => {
  let sandbox: PrintfulSandbox;
  let client: PrintfulClient;
  beforeAll(async () => {
    sandbox = await startPrintfulSandbox({ rateLimitPerMin: 100_000 });
    client = new PrintfulClient({
      baseUrl: sandbox.url,
      apiKey: PRINTFUL_SANDBOX_TOKEN,
      storeId: '12345678',
      retry: FAST_RETRY,
    });
  });
  afterAll(() => sandbox.close());

  const order = (externalId: string) => {
    const variant = sandbox.catalogue.list()[1].variants[0];
    return {
      external_id: externalId,
      recipient: {
        name: 'Grace Hopper',
        address1: '1 Navy Way',
        city: 'Arlington',
        state_code: 'VA',
        country_code: 'US',
        zip: '22202',
      },
      items: [{ sync_variant_id: variant.id, quantity: 2, retail_price: variant.retailPrice }],
    };
  };

  it('creates a draft order, reads it by external id and confirms it', async () => {
    const draft = await client.createOrder(order('ord_1'));
    expect(draft).toMatchObject({ external_id: 'ord_1', status: 'draft' });
    expect((await client.getOrderByExternalId('ord_1')).id).toBe(draft.id);
    expect((await client.confirmOrder(draft.id)).status).toBe('pending');
    expect((await client.getOrder(draft.id)).status).toBe('pending');
  });

  it('reports a second order with the same external id as a refusal (Printful publishes no text to match)', async () => {
    await client.createOrder(order('ord_2'));
    await expect(client.createOrder(order('ord_2'))).rejects.toBeInstanceOf(PrintfulRequestError);
    expect((await client.createOrder(order('ord_2'), { updateExisting: true })).external_id).toBe('ord_2');
  });

  it('creates a confirmed order in one call', async () => {
    expect((await client.createOrder(order('ord_3'), { confirm: true })).status).toBe('pending');
  });

  it('throws PrintfulNotFoundError for an unknown external id', async () => {
    await expect(client.getOrderByExternalId('missing')).rejects.toBeInstanceOf(PrintfulNotFoundError);
  });

  it('refuses an external id Printful would reject before sending it', async () => {
    await expect(client.createOrder(order('has spaces'))).rejects.toThrow(/external_id/);
    expect(sandbox.orders.list().some((o) => o.external_id === 'has spaces')).toBe(false);
  });
});
