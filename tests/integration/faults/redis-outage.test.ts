import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import type { SyncJob } from '@shop/shared/schemas';
import { createTestUser } from '../../fixtures/auth.js';
import { bearer, guestHeaders, type ErrorAnswer } from './helpers/api-client.js';
import { processStackPerFile } from './helpers/process-stack.js';
import { readUntil, waitUntil } from './helpers/wait.js';

// Redis crashes (SIGKILL) while shoppers browse and an admin's full sync is running, then comes
// back on the same port with its append-only file. The API and the worker are separate processes,
// as in production. Shoppers must not notice (the catalogue and carts live in the document store);
// what needs the queue says so (503); and the sync picks up where it stopped once Redis is back.

const PRODUCTS = 60;
const NEW_PRICE = 27.5;

const shop = processStackPerFile({
  printful: { products: PRODUCTS, rateLimitPerMin: 6000 },
  env: { PRINTFUL_RATE_LIMIT_PER_MIN: '6000' },
});
let adminHeaders: Record<string, string>;
let seedJobId: string;

async function syncJob(jobId: string): Promise<SyncJob | null> {
  const { status, body } = await shop().call<SyncJob>('GET', `/api/admin/products/sync/jobs/${jobId}`, {
    headers: adminHeaders,
  });
  return status === 200 ? body : null;
}

function finishedSync(jobId: string, timeoutMs: number): Promise<SyncJob> {
  return readUntil(
    () => syncJob(jobId),
    (job) => job.state === 'completed' || job.state === 'failed',
    timeoutMs,
    `sync ${jobId} to finish`,
  );
}

async function storefront(): Promise<StorefrontProduct[]> {
  const { status, body } = await shop().call<{ products: StorefrontProduct[] }>(
    'GET',
    `/api/products?limit=${PRODUCTS}`,
  );
  expect(status).toBe(200);
  return body.products;
}

beforeAll(async () => {
  adminHeaders = bearer((await createTestUser({ claims: { admin: true } })).token);

  // The shop as it stands before the fault: its catalogue synced once.
  const seed = await shop().call<{ jobId: string }>('POST', '/api/admin/products/sync', {
    headers: adminHeaders,
    body: { fullSync: true },
  });
  expect(seed.status).toBe(202);
  seedJobId = seed.body.jobId;
  expect(await finishedSync(seedJobId, 60_000)).toMatchObject({
    state: 'completed',
    result: { created: PRODUCTS },
  });
  await waitUntil(async () => (await storefront()).length === PRODUCTS, 15_000, 'the storefront to list the catalogue');
});

describe('Redis crashes in the middle of a sync', () => {
  it('keeps shoppers served, answers 503 for the queue, and completes the sync once Redis is back', async () => {
    const { printful: sandbox, call, redis, store, api, worker } = shop();
    // Every product changes price, and Printful answers slowly, so the full sync is still writing
    // when Redis goes.
    for (const product of sandbox.catalogue.list())
      sandbox.catalogue.update(product.id, { price: NEW_PRICE.toFixed(2) });
    sandbox.stats.reset();
    sandbox.faults.slow({ delayMs: 300, paths: ['/store/products/'] });
    const queued = await call<{ jobId: string }>('POST', '/api/admin/products/sync', {
      headers: adminHeaders,
      body: { fullSync: true },
    });
    expect(queued.status).toBe(202);
    const { jobId } = queued.body;
    await waitUntil(
      () => Object.keys(sandbox.stats.snapshot().productDetails).length > 0,
      30_000,
      'the sync to fetch product details',
    );

    await redis.crash();
    const repriced = async () =>
      (await store.query<{ price: number }>('storeInventory')).docs.filter((d) => d.data.price === NEW_PRICE).length;

    // Shoppers browse and fill carts as before.
    const [firstProduct, secondProduct] = await storefront();
    expect(await storefront()).toHaveLength(PRODUCTS);
    const byId = await call<StorefrontProduct>('GET', `/api/products/${secondProduct.id}`);
    expect(byId).toMatchObject({ status: 200, body: { id: secondProduct.id } });
    const shopper = guestHeaders();
    const added = await call('POST', '/api/cart/items', {
      headers: shopper,
      body: { productId: firstProduct.id, quantity: 2 },
    });
    expect(added.status).toBe(200);
    const cart = await call<{ totalItems: number }>('GET', '/api/cart', { headers: shopper });
    expect(cart).toMatchObject({ status: 200, body: { totalItems: 2 } });

    // What needs the queue fails fast and says why.
    const refused = await call<ErrorAnswer>('POST', '/api/admin/products/sync', {
      headers: adminHeaders,
      body: { fullSync: true },
    });
    expect(refused).toEqual({
      status: 503,
      body: { error: { code: 'unavailable', message: MESSAGES.queueUnavailable } },
    });
    const ready = await call<ErrorAnswer & { checks: Record<string, string> }>('GET', '/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.error.code).toBe('unavailable');
    expect(ready.body.error.message).toMatch(/Redis/);
    expect(ready.body.checks.store).toBe('ok');

    // The sync is stuck half way, not dead: the worker keeps trying to reach Redis.
    await worker.waitForLog(
      (line) => line.msg === 'redis error' && /ECONNREFUSED/.test(String(line.err)),
      'a refused reconnection attempt',
    );
    expect(await repriced()).toBeLessThan(PRODUCTS);
    expect(worker.running).toBe(true);

    await redis.restart();
    await waitUntil(async () => (await call('GET', '/api/health/ready')).status === 200, 30_000, 'the API to be ready');
    const finished = await finishedSync(jobId, 90_000);
    // One run from start to end: the job kept its lock through the outage, nothing was redone.
    expect(finished).toMatchObject({
      state: 'completed',
      result: { created: 0, updated: PRODUCTS, deleted: 0, failed: 0 },
    });
    expect(await store.query('storeInventory').then((page) => page.docs.length)).toBe(PRODUCTS);
    expect(await repriced()).toBe(PRODUCTS);

    // No job lost or doubled: the seed and this sync, both completed; the refused one never existed.
    // (The schedulers' next runs, ids `repeat:...`, are the other jobs listed.)
    const history = await call<{ jobs: SyncJob[] }>('GET', '/api/admin/products/sync/jobs', { headers: adminHeaders });
    const requested = history.body.jobs.filter((j) => !j.id.startsWith('repeat:'));
    expect(requested.map((j) => [j.id, j.state]).sort()).toEqual(
      [
        [seedJobId, 'completed'],
        [jobId, 'completed'],
      ].sort(),
    );

    // The API heard the sync's change event over its re-established subscription.
    await waitUntil(
      async () => (await storefront()).every((p) => p.price === NEW_PRICE),
      15_000,
      'the storefront to show the new prices',
    );
    expect((await call<{ totalItems: number }>('GET', '/api/cart', { headers: shopper })).body.totalItems).toBe(2);
    expect(api.running && worker.running).toBe(true);
  });
});
