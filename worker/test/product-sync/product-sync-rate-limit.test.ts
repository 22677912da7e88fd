import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSyncHarness, type SyncHarness } from './sync-harness.js';

// Printful allows N calls a window (docs/providers.md#printful-rate-limit). The sync paces itself with a
// counter in Redis sized like that window, so it spends the budget without being refused, and
// when Printful refuses anyway (429) it waits Retry-After instead of failing products.
// The window here is 2 s instead of a minute, on both sides, to keep the test short.

describe('product sync under the Printful rate limit', () => {
  let h: SyncHarness;
  beforeAll(async () => {
    h = await createSyncHarness({
      sandbox: { products: 40, rateLimitPerMin: 15, windowMs: 2000 },
      sync: { windowMs: 2000 },
    });
    await h.startWorker();
  });
  afterAll(() => h.close());

  it('syncs more products than one window allows without a single 429', async () => {
    const { result } = await h.sync({ fullSync: true });
    expect(result).toMatchObject({ created: 40, failed: 0 });
    const stats = h.sandbox.stats.snapshot();
    // Every product fetched, none refused. (A request the client repeats after a dropped connection
    // on a loaded machine is allowed; a 429 is not.)
    expect(Object.keys(stats.productDetails)).toHaveLength(40);
    expect(stats.rateLimited).toBe(0);
  });

  it('waits out 429s and still syncs every changed product', async () => {
    const changed = h.sandbox.catalogue.list().slice(0, 5);
    for (const p of changed) h.sandbox.catalogue.update(p.id, { price: '31.00' });
    h.sandbox.stats.reset();
    h.sandbox.faults.rateLimit({ count: 3, retryAfterSec: 1 });

    const { result } = await h.sync({});
    expect(result).toMatchObject({ updated: 5, failed: 0 });
    expect(h.sandbox.stats.snapshot().rateLimited).toBe(3);
    for (const p of changed) expect(await h.store.get('storeInventory', String(p.id))).toMatchObject({ price: 31 });
  });
});
