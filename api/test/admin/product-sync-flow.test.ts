import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { startPrintfulSandbox, type PrintfulSandbox } from '../../../tests/sandbox/printful/server.js';
import { startWorkers, type RunningWorkers } from '../../../worker/src/runner.js';
import { createProductSyncModule } from '../../../worker/src/jobs/product-sync/index.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { openSse, type SseEvent } from '../catalog/sse-client.js';
import { adminCallers, type AdminCallers } from './admin-users.js';

// An admin's sync from request to storefront: POST the sync, follow it live over SSE while the
// real worker syncs from the Printful sandbox, and see the products in the catalogue afterwards.
const PRODUCTS = 6;
let t: TestApp;
let sandbox: PrintfulSandbox;
let workers: RunningWorkers | undefined;
let as: AdminCallers;
let base: string;

beforeAll(async () => {
  sandbox = await startPrintfulSandbox({ products: PRODUCTS });
  t = await createTestApp({ PRINTFUL_API_URL: sandbox.url });
  as = await adminCallers(t.store);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await workers?.close();
  await t?.close();
  await sandbox?.close();
});

describe('an admin sync, followed live', () => {
  it('streams the waiting state, progress, then the completed result, and the storefront shows the products', async () => {
    const queued = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products/sync',
      headers: as.claimAdmin,
      payload: { fullSync: true },
    });
    const { jobId } = queued.json();

    const stream = await openSse(`${base}/api/admin/products/sync/jobs/${jobId}/events`, as.claimAdmin);
    expect(stream.status).toBe(200);
    const first = await stream.next();
    expect(first.event).toBe('state');
    expect(JSON.parse(first.data)).toMatchObject({ id: jobId, name: 'full', state: 'waiting' });

    // The worker starts only now, so every step of the run is seen on the open stream.
    workers = await startWorkers({
      config: t.config,
      store: t.store,
      logger: pino({ level: 'silent' }),
      modules: [createProductSyncModule()],
      schedule: false,
    });

    const events: SseEvent[] = [];
    for (;;) {
      const event = await stream.next(30_000).catch(() => null);
      if (!event) break;
      events.push(event);
    }
    const progress = events.filter((e) => e.event === 'progress').map((e) => JSON.parse(e.data));
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toMatchObject({ id: jobId, state: 'active', progress: { phase: expect.any(String) } });
    const final = JSON.parse(events.filter((e) => e.event === 'state').at(-1)!.data);
    expect(final).toMatchObject({
      id: jobId,
      state: 'completed',
      result: { created: PRODUCTS, updated: 0, deleted: 0, failed: 0 },
    });

    // The worker's inventory.changed event reached the read model: the storefront lists the products.
    await expect
      .poll(async () => (await t.app.inject({ url: '/api/products' })).json().products.length, { timeout: 10_000 })
      .toBe(PRODUCTS);
    const history = (await t.app.inject({ url: '/api/admin/products/sync/jobs', headers: as.claimAdmin })).json().jobs;
    expect(history[0]).toMatchObject({ id: jobId, state: 'completed', result: { created: PRODUCTS } });
  });

  it('a stream opened after the run ended sends the final state and closes', async () => {
    const { jobs } = (await t.app.inject({ url: '/api/admin/products/sync/jobs', headers: as.claimAdmin })).json();
    const stream = await openSse(`${base}/api/admin/products/sync/jobs/${jobs[0].id}/events`, as.claimAdmin);
    expect(JSON.parse((await stream.next()).data).state).toBe('completed');
    await expect(stream.next(5_000)).rejects.toThrow('the stream ended');
  });
});
