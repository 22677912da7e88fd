import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import type { FullDocumentStore } from '@shop/shared/server/store';
import type { CollectionName } from '@shop/shared/server/collections';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { seedCatalogue, storefrontProduct } from './catalog-fixtures.js';

// The store is down when the API starts: catalogue reads answer 503 (the SPA then shows its cached
// or built-in products; the API never invents any), without leaking the store's error, and the
// API recovers by itself once the store answers again.

const INTERNAL_DETAIL = 'SQLITE_IOERR: disk I/O error in /var/secret/shop.db';

/** The real SQLite store with a switch that makes every read fail as a broken disk would. */
function switchableStore(inner: FullDocumentStore) {
  const state = { down: true, failedReads: 0 };
  const guard =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      if (!state.down) return fn(...args);
      state.failedReads += 1;
      return Promise.reject(new Error(INTERNAL_DETAIL));
    };
  const store: FullDocumentStore = {
    backend: inner.backend,
    get: guard((c: CollectionName, id: string) => inner.get(c, id)),
    getMany: guard((c: CollectionName, ids: string[]) => inner.getMany(c, ids)),
    query: guard((c: CollectionName, o?: Parameters<FullDocumentStore['query']>[1]) => inner.query(c, o)),
    set: (c, id, d) => inner.set(c, id, d),
    update: (c, id, d) => inner.update(c, id, d),
    delete: (c, id) => inner.delete(c, id),
    batch: (ops) => inner.batch(ops),
    transaction: (fn) => inner.transaction(fn),
    ping: () => inner.ping(),
    close: () => inner.close(),
  } as FullDocumentStore;
  return { store, state };
}

let t: TestApp;
let state: { down: boolean; failedReads: number };

beforeAll(async () => {
  t = await createTestApp({}, undefined, {
    store: async (inner) => {
      await seedCatalogue(inner, [storefrontProduct('tee', { title: 'Tee' })]);
      const switchable = switchableStore(inner);
      state = switchable.state;
      return switchable.store;
    },
  });
});
afterAll(() => t?.close());

describe('store down at start', () => {
  it.each([
    '/api/products',
    '/api/products/search?q=tee',
    '/api/products/stream',
    '/api/products/tee',
    '/api/printful/products',
  ])('%s answers 503 unavailable without the internal error', async (url) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: { code: 'unavailable', message: MESSAGES.storeUnavailable } });
    expect(res.body).not.toContain('SQLITE');
  });

  it('serves the catalogue once the store answers again', async () => {
    state.down = false;
    const res = await t.app.inject({ url: '/api/products' });
    expect(res.statusCode).toBe(200);
    expect(res.json().products.map((p: { title: string }) => p.title)).toEqual(['Tee']);
  });

  it('keeps serving the last good catalogue when the store fails later', async () => {
    state.down = true;
    const failedBefore = state.failedReads;
    await t.app.eventBus.publish({ type: 'inventory.changed', ids: ['tee'] });
    await expect.poll(() => state.failedReads, { timeout: 10_000 }).toBeGreaterThan(failedBefore);
    const res = await t.app.inject({ url: '/api/products' });
    expect(res.statusCode).toBe(200);
    expect(res.json().products).toHaveLength(1);
    state.down = false;
  });
});
