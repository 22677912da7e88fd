import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Worker } from 'bullmq';
import { createRedis, QUEUES } from '@shop/shared/server/queues';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { signedEvent } from '../checkout/checkout-fixtures.js';
import { parseSamples, sampleValue, type Sample } from './prometheus-text.js';

// GET /metrics: Prometheus text behind METRICS_TOKEN, absent without one, and what an operator
// reads from it: request durations by route pattern, queue depths and job durations, sync
// outcomes, webhook events and orders, with Redis down reported rather than failing the scrape.

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';
const auth = { authorization: `Bearer ${METRICS_TOKEN}` };

async function scrape(t: TestApp): Promise<Sample[]> {
  const response = await t.app.inject({ url: '/metrics', headers: auth });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseSamples(response.body);
}

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('does not exist: 404 in the API error format, whatever is sent', async () => {
    for (const headers of [{}, auth, { authorization: 'Bearer ' }]) {
      const response = await t.app.inject({ url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'not-found', message: 'Route GET /metrics not found' } });
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN });
  });
  afterAll(async () => {
    await Promise.all(Object.values(t.app.queues).map((q) => q.obliterate({ force: true })));
    await t?.close();
  });

  it.each([
    ['no Authorization header', {}],
    ['a wrong token', { authorization: 'Bearer not-the-metrics-token' }],
    ['the token without the Bearer scheme', { authorization: METRICS_TOKEN }],
    ['the token with a suffix', { authorization: `Bearer ${METRICS_TOKEN}x` }],
  ])('refuses %s with 401 in the API error format', async (_name, headers) => {
    const response = await t.app.inject({ url: '/metrics', headers });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: 'unauthenticated', message: 'Send the metrics token as "Authorization: Bearer <METRICS_TOKEN>"' },
    });
  });

  it('times requests by route pattern, method and status, never by the raw URL', async () => {
    await t.app.inject({ url: '/api/products/secret-looking-id-123' });
    await t.app.inject({ url: '/api/blog/no-such-post-456' });
    await t.app.inject({ url: '/api/no/such/route/789' });
    const samples = await scrape(t);
    const counts = samples.filter((s) => s.name === 'http_request_duration_seconds_count');
    expect(counts.find((s) => s.labels.route === '/api/blog/:slug')?.labels).toEqual({
      method: 'GET',
      route: '/api/blog/:slug',
      status_code: '404',
    });
    expect(counts.some((s) => s.labels.route === '/api/products/:id' && s.labels.method === 'GET')).toBe(true);
    expect(
      sampleValue(samples, 'http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(samples)).not.toMatch(/secret-looking-id-123|no-such-post-456|route\/789/);
  });

  it('reports queue depths per state and the durations of recently completed jobs', async () => {
    const { notifications, orders, maintenance } = t.app.queues;
    await notifications.add('quote-received', { quoteId: 'a' });
    await notifications.add('quote-received', { quoteId: 'b' });
    await orders.add('checkout-expired', { eventId: 'evt_later' }, { delay: 60_000 });
    await maintenance.add('work', { ms: 40 });
    await maintenance.add('work', { ms: 40 });
    await maintenance.add('boom', {}, { attempts: 1 });

    const worker = new Worker(
      QUEUES.maintenance,
      async (job) => {
        if (job.name === 'boom') throw new Error('planned failure');
        await sleep(job.data.ms);
      },
      { connection: createRedis(t.config.REDIS_URL, 'worker'), prefix: t.config.QUEUE_PREFIX },
    );
    try {
      for (let i = 0; i < 200; i++) {
        const counts = await maintenance.getJobCounts('completed', 'failed');
        if (counts.completed === 2 && counts.failed === 1) break;
        await sleep(50);
      }
    } finally {
      await worker.close();
    }

    const samples = await scrape(t);
    expect(sampleValue(samples, 'shop_metrics_source_up', { source: 'queues' })).toBe(1);
    expect(sampleValue(samples, 'shop_queue_jobs', { queue: 'notifications', state: 'waiting' })).toBe(2);
    expect(sampleValue(samples, 'shop_queue_jobs', { queue: 'orders', state: 'delayed' })).toBe(1);
    expect(sampleValue(samples, 'shop_queue_jobs', { queue: 'maintenance', state: 'failed' })).toBe(1);
    expect(sampleValue(samples, 'shop_queue_jobs', { queue: 'product-sync', state: 'active' })).toBe(0);
    expect(sampleValue(samples, 'shop_queue_recent_jobs', { queue: 'maintenance' })).toBe(2);
    // Each job slept 40 ms, so even the median completed job took at least that long.
    expect(
      sampleValue(samples, 'shop_queue_recent_job_duration_seconds', { queue: 'maintenance', quantile: '0.5' }),
    ).toBeGreaterThanOrEqual(0.04);
    expect(
      sampleValue(samples, 'shop_queue_recent_job_duration_seconds', { queue: 'notifications', quantile: '0.5' }),
    ).toBeUndefined();
  });

  it('counts orders by status, webhook events by provider, type and outcome, and sync outcomes', async () => {
    const statuses = ['pending', 'pending', 'paid', 'expired'];
    await Promise.all(
      statuses.map((status, i) => t.store.set('orders', `ord_metrics_${i}`, { id: `ord_metrics_${i}`, status })),
    );
    const event = signedEvent(
      'checkout.session.completed',
      { id: 'cs_test_metrics', object: 'checkout.session', metadata: {} },
      t.config.STRIPE_WEBHOOK_SECRET,
    );
    const delivered = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      payload: event.payload,
    });
    expect(delivered.statusCode).toBe(200);
    await t.store.set('webhookEvents', 'printful-product_updated-1', {
      provider: 'printful',
      type: 'product_updated',
      outcome: 'sync-queued',
    });
    const run = (id: string, name: string, state: string, startedAt: string) => ({
      id,
      name,
      state,
      startedAt,
      finishedAt: state === 'active' ? null : startedAt,
      counts: { created: 3, updated: 2, deleted: 1, failed: state === 'failed' ? 4 : 0 },
      unchanged: 7,
      failures: [],
      options: {},
      attempt: 1,
      progress: { phase: 'done', done: 1, total: 1 },
      error: null,
    });
    await t.store.set('syncRuns', 'sync-1', run('sync-1', 'full', 'completed', '2026-01-01T00:00:00.000Z'));
    await t.store.set('syncRuns', 'sync-2', run('sync-2', 'incremental', 'failed', '2026-01-02T00:00:00.000Z'));
    await t.store.set('syncRuns', 'sync-3', run('sync-3', 'incremental', 'active', '2026-01-03T00:00:00.000Z'));

    const samples = await scrape(t);
    expect(sampleValue(samples, 'shop_metrics_source_up', { source: 'store' })).toBe(1);
    expect(
      ['pending', 'paid', 'failed', 'expired', 'shipped'].map((status) =>
        sampleValue(samples, 'shop_orders', { status }),
      ),
    ).toEqual([2, 1, 0, 1, 0]);
    expect(
      sampleValue(samples, 'shop_webhook_events', {
        provider: 'stripe',
        type: 'checkout.session.completed',
        outcome: 'queued',
      }),
    ).toBe(1);
    expect(
      sampleValue(samples, 'shop_webhook_events', {
        provider: 'printful',
        type: 'product_updated',
        outcome: 'sync-queued',
      }),
    ).toBe(1);
    expect(sampleValue(samples, 'shop_sync_runs', { name: 'full', state: 'completed' })).toBe(1);
    expect(sampleValue(samples, 'shop_sync_runs', { name: 'incremental', state: 'failed' })).toBe(1);
    expect(sampleValue(samples, 'shop_sync_runs', { name: 'incremental', state: 'active' })).toBe(1);
    // The latest finished run is the failed incremental one; the active one has no outcome yet.
    expect(sampleValue(samples, 'shop_sync_last_run_products', { outcome: 'failed' })).toBe(4);
    expect(sampleValue(samples, 'shop_sync_last_run_products', { outcome: 'unchanged' })).toBe(7);

    // A second scrape reports the same counts (they are read, not accumulated).
    const again = await scrape(t);
    expect(
      sampleValue(again, 'shop_webhook_events', {
        provider: 'stripe',
        type: 'checkout.session.completed',
        outcome: 'queued',
      }),
    ).toBe(1);
    expect(sampleValue(again, 'shop_orders', { status: 'pending' })).toBe(2);
  });
});

describe('GET /metrics while Redis is down', () => {
  let t: TestApp;
  let redis: ChildProcess;

  beforeAll(async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (let i = 0; i < 100 && !(await canConnect(port)); i++) await sleep(100);
    t = await createTestApp({ METRICS_TOKEN, REDIS_URL: `redis://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await t?.close();
    redis?.kill('SIGKILL');
  });

  it('still answers, with the queues reported down and the store counts present', async () => {
    await t.store.set('orders', 'ord_while_down', { id: 'ord_while_down', status: 'paid' });
    redis.kill('SIGKILL');
    await new Promise((resolve) => redis.once('exit', resolve));
    const samples = await scrape(t);
    expect(sampleValue(samples, 'shop_metrics_source_up', { source: 'queues' })).toBe(0);
    expect(sampleValue(samples, 'shop_metrics_source_up', { source: 'store' })).toBe(1);
    expect(sampleValue(samples, 'shop_orders', { status: 'paid' })).toBe(1);
    expect(samples.some((s) => s.name === 'shop_queue_jobs')).toBe(false);
  });
});

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
