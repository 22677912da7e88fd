import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import { startPrintfulSandbox, type PrintfulSandbox } from '../../sandbox/printful/server.js';
import { apiClient, guestHeaders, type ApiCall, type ErrorAnswer } from './helpers/api-client.js';
import { seedStorefront } from './helpers/seed-catalog.js';
import { startApiProcess, stopAll, type ServiceProcess } from './helpers/service-process.js';
import { createStackEnv, type StackEnv } from './helpers/stack-env.js';

// The document store stops taking writes: another process (a backup, an operator's sqlite3
// shell) holds the SQLite file's write lock for longer than the store waits for it. Making the
// file read-only would be the other way, but chmod does not stop root, which CI runs as. Shoppers
// can still browse; what must write answers 503 with the store's message instead of a 500 or a
// hung request; readiness names the store; and once the lock goes, everything works again.

let sandbox: PrintfulSandbox;
let stack: StackEnv;
let api: ServiceProcess;
let call: ApiCall;
let products: StorefrontProduct[];

beforeAll(async () => {
  sandbox = await startPrintfulSandbox({ products: 4 });
  stack = createStackEnv({ REDIS_URL: process.env.REDIS_URL ?? '', PRINTFUL_API_URL: sandbox.url });
  products = await seedStorefront(stack.sqlitePath, sandbox, 2);
  const started = await startApiProcess(stack.env);
  api = started.process;
  call = apiClient(started.url);
});

afterAll(async () => {
  await stopAll([api]);
  await sandbox?.close();
  stack?.remove();
});

const storeUnavailable = { status: 503, body: { error: { code: 'unavailable', message: MESSAGES.storeUnavailable } } };

describe('the document store refusing writes', () => {
  it('answers 503 for writes, keeps reads up, reports not ready, and recovers when the lock is released', async () => {
    const [first, second] = products;
    const regular = guestHeaders();
    expect(
      (await call('POST', '/api/cart/items', { headers: regular, body: { productId: first.id, quantity: 1 } })).status,
    ).toBe(200);

    const locker = new Database(stack.sqlitePath);
    try {
      locker.exec('BEGIN EXCLUSIVE');
      const newcomer = guestHeaders();
      const [addToExisting, addToNew, cart, list, product, ready, live] = await Promise.all([
        call<ErrorAnswer>('POST', '/api/cart/items', { headers: regular, body: { productId: second.id, quantity: 2 } }),
        call<ErrorAnswer>('POST', '/api/cart/items', { headers: newcomer, body: { productId: first.id, quantity: 1 } }),
        call<{ totalItems: number }>('GET', '/api/cart', { headers: regular }),
        call<{ products: StorefrontProduct[] }>('GET', '/api/products'),
        call<StorefrontProduct>('GET', `/api/products/${second.id}`),
        call<ErrorAnswer & { checks: { store: string; redis: string } }>('GET', '/api/health/ready'),
        call('GET', '/api/health'),
      ]);

      expect(addToExisting).toEqual(storeUnavailable);
      expect(addToNew).toEqual(storeUnavailable);
      expect(cart).toMatchObject({ status: 200, body: { totalItems: 1 } });
      expect(list.status).toBe(200);
      expect(list.body.products.map((p) => p.id).sort()).toEqual([first.id, second.id].sort());
      expect(product).toMatchObject({ status: 200, body: { id: second.id } });
      expect(ready.status).toBe(503);
      expect(ready.body.error.code).toBe('unavailable');
      expect(ready.body.error.message).toMatch(/document store/);
      expect(ready.body.checks).toEqual({ store: MESSAGES.storeUnavailable, redis: 'ok' });
      expect(live.status).toBe(200);
      expect(api.running).toBe(true);
    } finally {
      locker.exec('ROLLBACK');
      locker.close();
    }

    // The failed add wrote nothing, and writes work again.
    expect((await call<{ totalItems: number }>('GET', '/api/cart', { headers: regular })).body.totalItems).toBe(1);
    const retried = await call<{ totalItems: number }>('POST', '/api/cart/items', {
      headers: regular,
      body: { productId: second.id, quantity: 2 },
    });
    expect(retried).toMatchObject({ status: 200, body: { totalItems: 3 } });
    expect((await call('GET', '/api/health/ready')).status).toBe(200);
  });
});
