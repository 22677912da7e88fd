import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productDocumentSchema, storefrontProductSchema } from '@shop/shared/domain/product';
import { SYNC_RECHECK_PER_RUN } from '@shop/shared/constants';
import { syncRunSchema } from '@shop/shared/server/queues';
import { createSyncHarness, type SyncHarness } from './sync-harness.js';

// A 300-product catalogue synced from the Printful sandbox through a real BullMQ job into a
// SQLite store, then changed in the sandbox step by step. The steps build on each other, as an
// operator's day would: first sync, a rerun, edits, a deletion, a broken product.

const DETAIL = 'GET /store/products/{id}';

describe('product sync of a 300-product catalogue', () => {
  let h: SyncHarness;
  beforeAll(async () => {
    h = await createSyncHarness({ sandbox: { products: 300, rateLimitPerMin: 6000 } });
    await h.startWorker();
  });
  afterAll(() => h.close());

  it('a first full sync creates all 300 products in every collection', async () => {
    const { jobId, result, run } = await h.sync({ fullSync: true });
    expect(result).toMatchObject({ created: 300, updated: 0, deleted: 0, failed: 0, failures: [] });
    expect(await h.count('storeInventory')).toBe(300);
    expect(await h.count('products')).toBe(300);
    expect(await h.count('printfulProducts')).toBe(300);
    expect(syncRunSchema.parse(run)).toMatchObject({
      id: jobId,
      name: 'full',
      state: 'completed',
      counts: { created: 300, updated: 0, deleted: 0, failed: 0 },
      failures: [],
    });
    expect(Date.parse(run.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(run.startedAt));

    const stats = h.sandbox.stats.snapshot();
    expect(stats.byRoute['GET /store/products']).toBe(3);
    expect(stats.byRoute[DETAIL]).toBe(300);

    const [first] = h.sandbox.catalogue.list();
    const storefront = storefrontProductSchema.parse(await h.store.get('storeInventory', String(first.id)));
    expect(storefront).toMatchObject({ id: String(first.id), title: first.name, description: first.description });
    expect(storefront.variants).toHaveLength(first.variants.length);
    expect(storefront.price).toBe(Math.min(...first.variants.map((v) => Number(v.retailPrice))));
    const searchable = productDocumentSchema.parse(await h.store.get('products', String(first.id)));
    expect(searchable.status).toBe('active');

    const events = await h.takeEvents();
    const changed = events.filter((e) => e.type === 'inventory.changed');
    expect(changed).toHaveLength(1);
    expect(changed[0].type === 'inventory.changed' && changed[0].ids.length).toBe(300);
    const progress = events.filter((e) => e.type === 'sync.progress');
    expect(progress.at(-1)).toMatchObject({ jobId, state: 'completed', progress: { phase: 'done' } });
  });

  it("gives every variant the size and colour of the catalog variant it is made from (Printful's sync variants carry neither), one catalog read per blank", async () => {
    const kinds = new Set(h.sandbox.catalogue.list().map((p) => p.kind));
    h.sandbox.stats.reset();
    await h.sync({ fullSync: true });
    // The catalog product is read once per blank a run, shared by every product made from it.
    expect(h.sandbox.stats.snapshot().byRoute['GET /products/{id}']).toBe(kinds.size);
    let checked = 0;
    for (const product of h.sandbox.catalogue.list().slice(0, 40)) {
      const storefront = storefrontProductSchema.parse(await h.store.get('storeInventory', String(product.id)));
      // Each variant on sale (the margin guard may keep one off) is the size and colour Printful made it in.
      for (const variant of storefront.variants) {
        const source = product.variants.find((v) => v.id === variant.sync_variant_id)!;
        expect([variant.size, variant.color], product.name).toEqual([source.size, source.colour.name]);
        checked++;
      }
      expect(new Set(storefront.variants.map((v) => `${v.size}/${v.color}`)).size).toBe(storefront.variants.length);
    }
    expect(checked).toBeGreaterThan(100);
    await h.takeEvents();
  });

  it('running it again writes nothing and announces no change', async () => {
    const before = await h.store.get('storeInventory', String(h.sandbox.catalogue.list()[5].id));
    const { result, run } = await h.sync({ fullSync: true });
    expect(result).toMatchObject({ created: 0, updated: 0, deleted: 0, failed: 0, unchanged: 300 });
    expect(run.counts).toEqual({ created: 0, updated: 0, deleted: 0, failed: 0 });
    expect(await h.store.get('storeInventory', String(h.sandbox.catalogue.list()[5].id))).toEqual(before);
    expect((await h.takeEvents()).filter((e) => e.type === 'inventory.changed')).toEqual([]);
  });

  it('an incremental sync of an unchanged catalogue re-reads only a budgeted slice of details, and writes nothing', async () => {
    h.sandbox.stats.reset();
    const before = await h.store.get('storeInventory', String(h.sandbox.catalogue.list()[7].id));
    const { result } = await h.sync({});
    expect(result).toMatchObject({ created: 0, updated: 0, deleted: 0, failed: 0, unchanged: 300 });
    expect(h.sandbox.stats.snapshot().byRoute[DETAIL]).toBe(SYNC_RECHECK_PER_RUN);
    expect(await h.store.get('storeInventory', String(h.sandbox.catalogue.list()[7].id))).toEqual(before);
    expect((await h.takeEvents()).filter((e) => e.type === 'inventory.changed')).toEqual([]);
  });

  it('after three products change, an incremental sync fetches a renamed one at once and finds price and description changes Printful does not list', async () => {
    const changed = h.sandbox.catalogue.list().slice(10, 13);
    h.sandbox.catalogue.update(changed[0].id, { name: 'Renamed Hoodie' });
    h.sandbox.catalogue.update(changed[1].id, { price: '99.00' });
    h.sandbox.catalogue.update(changed[2].id, { description: 'Now in recycled cotton.' });
    await h.takeEvents();

    // The list shows the new name only: that product is fetched by the first run.
    h.sandbox.stats.reset();
    const first = await h.sync({});
    expect(h.sandbox.stats.snapshot().productDetails[changed[0].id]).toBe(1);
    expect(first.result.updated).toBeGreaterThanOrEqual(1);
    expect(h.sandbox.stats.snapshot().byRoute[DETAIL]).toBeLessThanOrEqual(SYNC_RECHECK_PER_RUN + 1);
    expect(await h.store.get('storeInventory', String(changed[0].id))).toMatchObject({ title: 'Renamed Hoodie' });

    // The rest is found as the runs re-read every product in turn, within each run's budget.
    for (let run = 1; run < Math.ceil(300 / SYNC_RECHECK_PER_RUN) + 1; run += 1) {
      h.sandbox.stats.reset();
      await h.sync({});
      expect(h.sandbox.stats.snapshot().byRoute[DETAIL] ?? 0).toBeLessThanOrEqual(SYNC_RECHECK_PER_RUN);
    }
    expect(await h.store.get('storeInventory', String(changed[1].id))).toMatchObject({ price: 99 });
    expect(await h.store.get('products', String(changed[2].id))).toMatchObject({
      description: 'Now in recycled cotton.',
    });
    const ids = (await h.takeEvents()).flatMap((e) => (e.type === 'inventory.changed' ? e.ids : []));
    expect(new Set(ids)).toEqual(new Set(changed.map((p) => String(p.id))));
  });

  it('a product deleted in Printful leaves the storefront and is archived in search', async () => {
    const gone = h.sandbox.catalogue.list()[42];
    h.sandbox.catalogue.remove(gone.id);
    const id = String(gone.id);

    const { result } = await h.sync({ includeArchived: true });
    expect(result).toMatchObject({ created: 0, updated: 0, deleted: 1, failed: 0, archived: [id] });
    expect(await h.store.get('storeInventory', id)).toBeNull();
    expect(await h.store.get('printfulProducts', id)).toBeNull();
    expect(await h.store.get('products', id)).toMatchObject({ status: 'archived' });
    expect(await h.count('storeInventory')).toBe(299);

    const again = await h.sync({});
    expect(again.result).toMatchObject({ deleted: 0, updated: 0 });
    expect(again.result.archived).toBeUndefined();
  });

  it('a malformed product fails alone, with its reason, and keeps its last good version', async () => {
    const [broken] = h.sandbox.catalogue.list();
    const before = await h.store.get('storeInventory', String(broken.id));
    h.sandbox.faults.malformed({ productIds: [broken.id], kind: 'missing-fields' });
    try {
      const { result, run } = await h.sync({ fullSync: true });
      expect(result).toMatchObject({ created: 0, updated: 0, deleted: 0, failed: 1, unchanged: 298 });
      expect(run.failures).toEqual([
        { productId: String(broken.id), reason: expect.stringContaining('unexpected response') },
      ]);
      expect(run.counts.failed).toBe(1);
      expect(await h.store.get('storeInventory', String(broken.id))).toEqual(before);
    } finally {
      h.sandbox.faults.clear();
    }
  });

  it('a product named by a webhook is fetched even when its summary did not change', async () => {
    const named = h.sandbox.catalogue.list()[100];
    h.sandbox.stats.reset();
    const { result } = await h.sync({ productIds: [String(named.id)] });
    expect(result).toMatchObject({ failed: 0, updated: 0 });
    expect(h.sandbox.stats.snapshot().productDetails).toEqual({ [named.id]: 1 });
  });

  it('`days` limits the sync to products that are new or that the store saw change in the last N days', async () => {
    // Printful's list carries no change time, so `days` goes by when the store last saw a product
    // change: everything but the three edited earlier dates from a month ago.
    const edited = new Set(
      h.sandbox.catalogue
        .list()
        .slice(10, 13)
        .map((p) => String(p.id)),
    );
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString();
    for (const product of h.sandbox.catalogue.list()) {
      const id = String(product.id);
      if (!edited.has(id) && (await h.store.get('printfulProducts', id)))
        await h.store.update('printfulProducts', id, { updatedAt: monthAgo });
    }
    const added = h.sandbox.catalogue.add({ name: 'Launch Week Tee', kind: 'tshirt', colours: ['Black'] });
    h.sandbox.stats.reset();
    const { result } = await h.sync({ fullSync: true, days: 1 });
    expect(result).toMatchObject({ created: 1, updated: 0, failed: 0 });
    expect(Object.keys(h.sandbox.stats.snapshot().productDetails).sort()).toEqual([...edited, String(added.id)].sort());
    expect(await h.store.get('storeInventory', String(added.id))).toMatchObject({ title: 'Launch Week Tee' });
  });
});
