import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { minutesAfter, seedCatalogue, storefrontProduct } from './catalog-fixtures.js';
import { openSse, type SseConnection } from './sse-client.js';

// GET /api/products/stream over a real HTTP connection: a snapshot first, another after each
// inventory change announced on Redis, and never held back by the rate limiter.
let t: TestApp;
let base: string;
const open: SseConnection[] = [];

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MIN: '3' });
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

async function stream(): Promise<SseConnection> {
  const c = await openSse(`${base}/api/products/stream`);
  open.push(c);
  return c;
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

  it('is exempt from the rate limit that stops ordinary requests', async () => {
    // This app allows 3 ordinary requests a minute; streams above were not counted.
    const streams = await Promise.all([stream(), stream(), stream(), stream()]);
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200, 200]);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await fetch(`${base}/api/products`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
