import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, STREAM_CAPACITY_RETRY_AFTER_S, STREAM_PER_CLIENT_RETRY_AFTER_S } from '@shop/shared';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { minutesAfter, seedCatalogue, storefrontProduct } from './catalog-fixtures.js';
import { openSse, type SseConnection } from './sse-client.js';

// GET /api/products/stream over a real HTTP connection: a snapshot first, another after each
// inventory change announced on Redis; capped per client and overall and counted by the rate
// limit (docs/rules.md#money-and-abuse); a client that already has the current version gets a short `unchanged`.
let t: TestApp;
let base: string;
const open: SseConnection[] = [];

beforeAll(async () => {
  t = await createTestApp({ STREAM_MAX_PER_CLIENT: '3' });
  await seedCatalogue(t.store, [
    storefrontProduct('tee', { title: 'Tee', updatedAt: minutesAfter(1) }),
    storefrontProduct('mug', { title: 'Mug', updatedAt: minutesAfter(2) }),
  ]);
  t.app.catalog.invalidate([]);
  await t.app.catalog.idle();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const c of open) c.close();
  await t?.close();
});

afterEach(async () => {
  for (const c of open.splice(0)) c.close();
  await settle(t.app, 0);
});

async function stream(at = base, headers: Record<string, string> = {}, query = ''): Promise<SseConnection> {
  const c = await openSse(`${at}/api/products/stream${query}`, headers);
  open.push(c);
  return c;
}

/** Until the server has seen the hang-ups, a closed stream still counts. */
async function settle(app: TestApp['app'], openStreams: number) {
  while (app.productStreams.openCount > openStreams) await new Promise((resolve) => setImmediate(resolve));
}

const titles = (data: string) => (JSON.parse(data).products as StorefrontProduct[]).map((p) => p.title);

describe('GET /api/products/stream', () => {
  it('sends the list as a snapshot, then a new snapshot after an inventory change', async () => {
    const c = await stream();
    expect(c.status).toBe(200);
    expect(c.headers.get('content-type')).toContain('text/event-stream');
    const first = await c.next();
    expect(first.event).toBe('snapshot');
    expect(titles(first.data)).toEqual(['Mug', 'Tee']);

    await seedCatalogue(t.store, [storefrontProduct('cap', { title: 'Cap', updatedAt: minutesAfter(3) })]);
    await t.app.eventBus.publish({ type: 'inventory.changed', ids: ['cap'] });
    const second = await c.next();
    expect(second.event).toBe('snapshot');
    expect(titles(second.data)).toEqual(['Cap', 'Mug', 'Tee']);
    expect(second.id).not.toBe(first.id);
  });

  it('tells every open stream about a removed product', async () => {
    const a = await stream();
    const b = await stream();
    await a.next();
    await b.next();
    await t.store.delete('storeInventory', 'cap');
    await t.store.delete('products', 'cap');
    await t.app.eventBus.publish({ type: 'inventory.changed', ids: ['cap'] });
    expect(titles((await a.next()).data)).toEqual(['Mug', 'Tee']);
    expect(titles((await b.next()).data)).toEqual(['Mug', 'Tee']);
  });

  it('keeps serving streams after a client hangs up', async () => {
    const gone = await stream();
    await gone.next();
    gone.close();
    const stays = await stream();
    await stays.next();
    await t.app.eventBus.publish({ type: 'inventory.changed', ids: [] });
    expect((await stays.next()).event).toBe('snapshot');
  });

  it('caps the streams one client holds open with a clear 429, and frees a place when one closes', async () => {
    await settle(t.app, 0);
    const held = [await stream(), await stream(), await stream()];
    expect(held.map((c) => c.status)).toEqual([200, 200, 200]);
    const refused = await fetch(`${base}/api/products/stream`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(STREAM_PER_CLIENT_RETRY_AFTER_S));
    expect(await refused.json()).toEqual({
      error: { code: 'resource-exhausted', message: MESSAGES.streamPerClientLimit(3) },
    });
    held[0].close();
    await settle(t.app, 2);
    expect((await stream()).status).toBe(200);
  });

  it('answers a client that already has the current version with a short `unchanged`, not the catalogue', async () => {
    const first = await (await stream()).next();
    expect(first.event).toBe('snapshot');
    const version = first.id!;
    const byQuery = await (await stream(base, {}, `?version=${encodeURIComponent(version)}`)).next();
    expect(byQuery).toEqual({ event: 'unchanged', data: '{}', id: version });
    const c = await stream(base, { 'last-event-id': version });
    expect(await c.next()).toEqual({ event: 'unchanged', data: '{}', id: version });
    // A later change still arrives in full.
    await seedCatalogue(t.store, [storefrontProduct('hat', { title: 'Hat', updatedAt: minutesAfter(9) })]);
    await t.app.eventBus.publish({ type: 'inventory.changed', ids: ['hat'] });
    let next = await c.next();
    while (next.event !== 'snapshot' || !titles(next.data).includes('Hat')) next = await c.next();
    expect(titles(next.data)).toContain('Hat');
    // An old version gets the whole snapshot (this client's three places are taken: free one).
    c.close();
    await settle(t.app, 2);
    expect((await (await stream(base, { 'last-event-id': version })).next()).event).toBe('snapshot');
  });
});

describe('the stream under load', () => {
  let small: TestApp;
  let smallBase: string;
  beforeAll(async () => {
    small = await createTestApp({ RATE_LIMIT_PER_MIN: '3', STREAM_MAX_CONNECTIONS: '2', STREAM_MAX_PER_CLIENT: '10' });
    smallBase = await small.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const c of open.splice(0)) c.close();
    await small?.close();
  });

  it('refuses streams above the global cap with 503, and counts every stream against the rate limit', async () => {
    const held = [await stream(smallBase), await stream(smallBase)];
    expect(held.map((c) => c.status)).toEqual([200, 200]);
    const full = await fetch(`${smallBase}/api/products/stream`);
    expect(full.status).toBe(503);
    expect(full.headers.get('retry-after')).toBe(String(STREAM_CAPACITY_RETRY_AFTER_S));
    expect(await full.json()).toEqual({ error: { code: 'unavailable', message: MESSAGES.streamsAtCapacity } });
    // Three stream requests spent this client's three requests a minute.
    const limited = await fetch(`${smallBase}/api/products`);
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('resource-exhausted');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The stream itself, past the request budget, says when to come back too.
    const limitedStream = await fetch(`${smallBase}/api/products/stream`);
    expect(limitedStream.status).toBe(429);
    expect(Number(limitedStream.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
