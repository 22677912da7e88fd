import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { startPrintfulSandbox, type PrintfulSandbox } from '../../../tests/sandbox/printful/server.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { adminCallers, type AdminCallers } from './admin-users.js';

// The admin product-sync endpoints without a worker: the request is queued (and stays waiting),
// so deduplication, job reads, history, validation and the provider check can be seen exactly.
let t: TestApp;
let sandbox: PrintfulSandbox;
let as: AdminCallers;

beforeAll(async () => {
  sandbox = await startPrintfulSandbox({ products: 3 });
  t = await createTestApp({ PRINTFUL_API_URL: sandbox.url, PRINTFUL_API_KEY: 'pk-super-secret-key-123' });
  as = await adminCallers(t.store);
});
afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

const adminRoutes = [
  { method: 'POST' as const, url: '/api/admin/products/sync', payload: {} },
  { method: 'GET' as const, url: '/api/admin/products/sync/jobs' },
  { method: 'GET' as const, url: '/api/admin/products/sync/jobs/some-id' },
  { method: 'GET' as const, url: '/api/admin/products/sync/jobs/some-id/events' },
  { method: 'GET' as const, url: '/api/admin/products/sync/config-check' },
  { method: 'POST' as const, url: '/api/admin/session' },
];

/** POST /api/admin/products/sync as the caller `headers` name, with `payload` as its body if given. */
function requestSync(headers: Record<string, string>, payload?: Record<string, unknown>, app = t) {
  return app.app.inject({ method: 'POST', url: '/api/admin/products/sync', headers, payload });
}

describe('admins only', () => {
  it.each(adminRoutes)('$method $url: 401 signed out, 403 for a shopper', async (route) => {
    const signedOut = await t.app.inject({ ...route, headers: as.signedOut });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error).toEqual({ code: 'unauthenticated', message: MESSAGES.unauthenticated });
    const shopper = await t.app.inject({ ...route, headers: as.shopper });
    expect(shopper.statusCode).toBe(403);
    expect(shopper.json().error).toEqual({ code: 'permission-denied', message: MESSAGES.adminOnly });
  });

  it('checks the caller before the body: a signed-out request with a bad body is still 401', async () => {
    const res = await requestSync(as.signedOut, { days: 'many' });
    expect(res.statusCode).toBe(401);
  });

  it.each(['claimAdmin', 'docAdmin'] as const)('lets an admin by %s in', async (who) => {
    const res = await t.app.inject({ url: '/api/admin/products/sync/config-check', headers: as[who] });
    expect(res.statusCode).toBe(200);
  });
});

describe('POST /api/admin/products/sync', () => {
  it('queues a sync with 202 { success, jobId }; a second request while it waits gets the same job', async () => {
    const first = await requestSync(as.claimAdmin, { fullSync: true, days: 30 });
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ success: true, jobId: expect.any(String) });
    const jobId = first.json().jobId;

    const second = await requestSync(as.docAdmin, {});
    expect(second.statusCode).toBe(202);
    expect(second.json().jobId).toBe(jobId);

    const job = await t.app.queues.productSync.getJob(jobId);
    expect(job?.name).toBe('full');
    expect(job?.data).toEqual({ fullSync: true, days: 30 });
  });

  it('accepts a request without a body', async () => {
    const res = await requestSync(as.claimAdmin);
    expect(res.statusCode).toBe(202);
  });

  it.each([
    [{ days: 0 }, 'days must be a whole number from 1 to 365'],
    [{ days: 366 }, 'days must be a whole number from 1 to 365'],
    [{ fullSync: 'yes' }, 'fullSync must be true or false'],
    [{ fullsync: true }, 'fullsync'],
  ])('refuses %j with 400 and says why', async (payload, message) => {
    const res = await requestSync(as.claimAdmin, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid-argument');
    expect(res.json().error.message).toContain(message);
  });
});

describe('sync jobs', () => {
  it('reads a waiting job as { id, name, state, progress, result }', async () => {
    const { jobId } = (await requestSync(as.claimAdmin)).json();
    const res = await t.app.inject({ url: `/api/admin/products/sync/jobs/${jobId}`, headers: as.claimAdmin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: jobId,
      name: 'full',
      state: 'waiting',
      progress: { phase: 'waiting', done: 0, total: 0 },
      result: { created: 0, updated: 0, deleted: 0, failed: 0 },
    });
  });

  it('reads a past run from the syncRuns history once the queue has forgotten it, with its failures', async () => {
    await t.store.set('syncRuns', 'sync-old-run', {
      id: 'sync-old-run',
      name: 'incremental',
      state: 'completed',
      startedAt: '2024-05-01T10:00:00.000Z',
      finishedAt: '2024-05-01T10:02:00.000Z',
      options: {},
      attempt: 1,
      progress: { phase: 'done', done: 12, total: 12 },
      counts: { created: 2, updated: 9, deleted: 0, failed: 1 },
      unchanged: 0,
      failures: [{ productId: '4711', reason: 'Printful GET /store/products/4711: unexpected response' }],
      error: null,
    });
    const res = await t.app.inject({ url: '/api/admin/products/sync/jobs/sync-old-run', headers: as.claimAdmin });
    expect(res.json()).toEqual({
      id: 'sync-old-run',
      name: 'incremental',
      state: 'completed',
      progress: { phase: 'done', done: 12, total: 12 },
      result: { created: 2, updated: 9, deleted: 0, failed: 1 },
      failures: [{ productId: '4711', reason: 'Printful GET /store/products/4711: unexpected response' }],
      queuedAt: '2024-05-01T10:00:00.000Z',
      finishedAt: '2024-05-01T10:02:00.000Z',
    });
  });

  it('lists the queued job and the history, newest first', async () => {
    const res = await t.app.inject({ url: '/api/admin/products/sync/jobs', headers: as.claimAdmin });
    expect(res.statusCode).toBe(200);
    const jobs = res.json().jobs as Array<{ id: string; state: string }>;
    expect(jobs.map((j) => j.state)).toEqual(['waiting', 'completed']);
    expect(jobs[1].id).toBe('sync-old-run');
  });

  it('answers 404 for an id neither the queue nor the history knows', async () => {
    const res = await t.app.inject({ url: '/api/admin/products/sync/jobs/sync-nope', headers: as.claimAdmin });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(MESSAGES.syncJobNotFound('sync-nope'));
  });

  // The queue keeps its own bookkeeping (an event stream, a meta hash, state lists) under the same
  // prefix as the jobs; an id naming one of those is no job either. `/jobs/./events` in a browser's
  // address bar becomes `/jobs/events`, which is how the first one was found.
  it.each(['events', 'meta', 'id', 'wait', 'completed', 'repeat:product-sync-full', 'de:product-sync'])(
    'answers 404 for the queue key "%s", not 503',
    async (id) => {
      const res = await t.app.inject({
        url: `/api/admin/products/sync/jobs/${encodeURIComponent(id)}`,
        headers: as.claimAdmin,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(MESSAGES.syncJobNotFound(id));
    },
  );
});

describe('GET /api/admin/products/sync/config-check', () => {
  it('succeeds against a reachable Printful and never shows the key', async () => {
    const res = await t.app.inject({ url: '/api/admin/products/sync/config-check', headers: as.claimAdmin });
    expect(res.json()).toEqual({
      success: true,
      message: 'Connected to the local Printful sandbox: product syncs can run',
    });
    expect(res.body).not.toContain('pk-super-secret');
    // An operator reads words: no address, no setting's name.
    expect(res.body).not.toContain('127.0.0.1');
  });

  it('fails with the status when Printful answers with an error', async () => {
    sandbox.faults.serverError({ count: 1, status: 503 });
    const res = await t.app.inject({ url: '/api/admin/products/sync/config-check', headers: as.claimAdmin });
    expect(res.json()).toEqual({ success: false, message: 'Printful answered the check with an error (HTTP 503)' });
  });

  it('fails saying in words which Printful did not answer, without its address', async () => {
    const port = await closedPort();
    const offline = await createTestApp({ PRINTFUL_API_URL: `http://127.0.0.1:${port}` });
    try {
      const admin = await adminCallers(offline.store);
      const res = await offline.app.inject({ url: '/api/admin/products/sync/config-check', headers: admin.claimAdmin });
      expect(res.statusCode).toBe(200);
      expect(res.json().success).toBe(false);
      expect(res.json().message).toBe(
        'Could not reach the local Printful sandbox (no Printful account is connected yet): nothing answers there',
      );
    } finally {
      await offline.close();
    }
  });
});

describe('Redis down', () => {
  it('answers 503 unavailable with the queue message instead of hanging', async () => {
    const down = await createTestApp();
    try {
      const admin = await adminCallers(down.store);
      down.app.redis.disconnect();
      const res = await requestSync(admin.claimAdmin, {}, down);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: { code: 'unavailable', message: MESSAGES.queueUnavailable } });
    } finally {
      await down.close();
    }
  });
});

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
