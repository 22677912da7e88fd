import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@shop/shared';
import { parseConfig } from '@shop/shared/server/config';
import { openSqliteStore, type DocumentStore } from '@shop/shared/server/store';
import { buildApp } from '../../src/app.js';
import { seedCatalogue, storefrontProduct } from './catalog-fixtures.js';

// The store is down when the API starts: catalogue reads answer 503 (the SPA then shows its cached
// or built-in products; the API never invents any), without leaking the store's error, and the
// API recovers by itself once the store answers again.

const INTERNAL_DETAIL = 'SQLITE_IOERR: disk I/O error in /var/secret/shop.db';

/** The real SQLite store with a switch that makes every read fail as a broken disk would. */
function switchableStore(inner: DocumentStore) {
  const state = { down: true, failedReads: 0 };
  const guard =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      if (!state.down) return fn(...args);
      state.failedReads += 1;
      return Promise.reject(new Error(INTERNAL_DETAIL));
    };
  const store: DocumentStore = {
    backend: inner.backend,
    get: guard((c: string, id: string) => inner.get(c, id)),
    getMany: guard((c: string, ids: string[]) => inner.getMany(c, ids)),
    query: guard((c: string, o?: Parameters<DocumentStore['query']>[1]) => inner.query(c, o)),
    set: (c, id, d) => inner.set(c, id, d),
    update: (c, id, d) => inner.update(c, id, d),
    delete: (c, id) => inner.delete(c, id),
    batch: (ops) => inner.batch(ops),
    transaction: (fn) => inner.transaction(fn),
    ping: () => inner.ping(),
    close: () => inner.close(),
  } as DocumentStore;
  return { store, state };
}

let app: FastifyInstance;
let inner: DocumentStore;
let state: { down: boolean; failedReads: number };
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'shop-outage-test-'));
  const config = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    REDIS_URL: process.env.REDIS_URL,
    FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST,
    QUEUE_PREFIX: `test-${randomUUID()}`,
    SQLITE_PATH: path.join(dir, 'shop.db'),
  });
  inner = openSqliteStore(config.SQLITE_PATH);
  await seedCatalogue(inner, [storefrontProduct('tee', { title: 'Tee' })]);
  const switchable = switchableStore(inner);
  state = switchable.state;
  app = await buildApp({ config, store: switchable.store, serveWeb: false, logger: false });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await inner?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('store down at start', () => {
  it.each([
    '/api/products',
    '/api/products/search?q=tee',
    '/api/products/stream',
    '/api/products/tee',
    '/api/printful/products',
  ])('%s answers 503 unavailable without the internal error', async (url) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: { code: 'unavailable', message: MESSAGES.storeUnavailable } });
    expect(res.body).not.toContain('SQLITE');
  });

  it('serves the catalogue once the store answers again', async () => {
    state.down = false;
    const res = await app.inject({ url: '/api/products' });
    expect(res.statusCode).toBe(200);
    expect(res.json().products.map((p: { title: string }) => p.title)).toEqual(['Tee']);
  });

  it('keeps serving the last good catalogue when the store fails later', async () => {
    state.down = true;
    const failedBefore = state.failedReads;
    await app.eventBus.publish({ type: 'inventory.changed', ids: ['tee'] });
    await expect.poll(() => state.failedReads, { timeout: 10_000 }).toBeGreaterThan(failedBefore);
    const res = await app.inject({ url: '/api/products' });
    expect(res.statusCode).toBe(200);
    expect(res.json().products).toHaveLength(1);
    state.down = false;
  });
});
