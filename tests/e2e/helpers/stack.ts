import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import pino from 'pino';
import { syncJobSchema, type ProductSyncRequest, type SyncJob } from '@shop/shared/schemas';
import { parseConfig, type Config } from '@shop/shared/server/config';
import { createRedis } from '@shop/shared/server/queues';
import { openSqliteStore, type FullDocumentStore } from '@shop/shared/server/store';
import { buildApp } from '../../../api/src/app.js';
import { startWorkers, type RunningWorkers } from '../../../worker/src/runner.js';
import { jobModules } from '../../../worker/src/jobs/index.js';
import { createTestUser, type TestUser } from '../../fixtures/auth.js';
import { testRunEnv } from '../../fixtures/test-run-env.js';
import { startPrintfulSandbox, type PrintfulSandbox } from '../../sandbox/printful/server.js';
import { startStripeSandbox, type StripeSandbox } from '../../sandbox/stripe/server.js';
import { ensureWebBuild } from './web-build.js';

// The whole store in one process for browser tests, every part real: a temporary SQLite file,
// the test Redis under a queue prefix of its own, both provider sandboxes on random ports, the API
// (serving the built SPA) on a random port, every worker, and the Firebase Auth emulator that the
// vitest global setup started. The catalogue is seeded the way an admin would: a full sync job
// queued through the API. Close it in afterAll.

export interface StoreStack {
  /** Origin of the API and the SPA, e.g. http://127.0.0.1:41234. */
  url: string;
  config: Config;
  store: FullDocumentStore;
  printful: PrintfulSandbox;
  stripe: StripeSandbox;
  /** An account with the admin claim (its password signs in on /login). */
  admin: TestUser;
  /** The finished seeding run. */
  seed: SyncJob;
  /** Queues a sync through the admin API and waits until it has finished. */
  runSync(request: ProductSyncRequest): Promise<SyncJob>;
  /**
   * Stops the API process as a crash would leave it, while the SPA's files stay available on the
   * same address (as from a CDN): requests under /api get no answer at all. Cannot be undone.
   */
  stopApi(): Promise<void>;
  close(): Promise<void>;
}

export interface StoreStackOptions {
  /** Sandbox catalogue size (its demo products first). Default 12. */
  products?: number;
  /** More configuration for the API and the worker. */
  env?: Record<string, string>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server: Server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitFor<T>(read: () => Promise<T | null>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The built SPA without an API: files and the history fallback, and dropped connections under /api. */
async function serveSpaWithoutApi(root: string, port: number): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.addHook('onRequest', async (request) => {
    // No HTTP answer at all, as when nothing listens behind the proxy: the browser's fetch fails.
    if (request.url.startsWith('/api/')) request.raw.socket.destroy();
  });
  await app.register(fastifyStatic, { root, wildcard: false, index: false });
  app.setNotFoundHandler((_request, reply) => reply.type('text/html').sendFile('index.html'));
  await app.listen({ port, host: '127.0.0.1' });
  return app;
}

export async function startStoreStack(options: StoreStackOptions = {}): Promise<StoreStack> {
  if (!process.env.FIREBASE_AUTH_EMULATOR_HOST)
    throw new Error(
      'FIREBASE_AUTH_EMULATOR_HOST is not set: run through vitest (its global setup starts the emulator)',
    );
  const webDist = ensureWebBuild();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const webhookSecret = `whsec_e2e_${randomUUID().replaceAll('-', '')}`;

  const printful = await startPrintfulSandbox({ products: options.products ?? 12 });
  // The sandbox account has Stripe Tax set up, as STRIPE_AUTOMATIC_TAX=true needs.
  const stripe = await startStripeSandbox({
    webhookUrl: `${url}/api/webhooks/stripe`,
    webhookSecret,
    taxActivated: true,
  });
  const config = parseConfig({
    ...testRunEnv('test-e2e'),
    LOG_LEVEL: 'silent',
    PORT: String(port),
    PUBLIC_URL: url,
    SQLITE_PATH: path.join(dir, 'shop.db'),
    OUTBOX_DIR: path.join(dir, 'outbox'),
    WEB_DIST: webDist,
    PRINTFUL_API_URL: printful.url,
    STRIPE_API_URL: stripe.url,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    // One browser makes many requests in a few seconds; the budget is not what these tests check.
    RATE_LIMIT_PER_MIN: '100000',
    // Every simulated shopper comes from loopback: the per-address guest-cart budget would stop them.
    GUEST_CARTS_PER_CLIENT: '1000000',
    // Pages stay open until the suite ends, each holding a live catalogue stream from loopback: the
    // per-address stream cap (6) would refuse every page after the sixth, which then never updates.
    STREAM_MAX_PER_CLIENT: '1000',
    ...options.env,
  });
  const store = openSqliteStore(config.SQLITE_PATH);
  const logger = pino({ level: 'silent' });
  let api: FastifyInstance | null = await buildApp({ config, store, logger: false });
  await api.listen({ port, host: '127.0.0.1' });
  const workers: RunningWorkers = await startWorkers({ config, store, logger, modules: jobModules, schedule: false });
  const admin = await createTestUser({ email: `admin-${randomUUID()}@example.test`, claims: { admin: true } });
  let spaOnly: FastifyInstance | null = null;

  async function adminRequest(method: string, route: string, body?: unknown): Promise<Response> {
    return fetch(`${url}${route}`, {
      method,
      headers: {
        authorization: `Bearer ${admin.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  async function runSync(request: ProductSyncRequest): Promise<SyncJob> {
    const queued = await adminRequest('POST', '/api/admin/products/sync', request);
    if (queued.status !== 202) throw new Error(`queueing a sync answered ${queued.status}: ${await queued.text()}`);
    const { jobId } = (await queued.json()) as { jobId: string };
    const job = await waitFor(
      async () => {
        const response = await adminRequest('GET', `/api/admin/products/sync/jobs/${jobId}`);
        if (!response.ok) return null;
        const current = syncJobSchema.parse(await response.json());
        if (current.state === 'failed')
          throw new Error(`sync ${jobId} failed: ${current.error ?? JSON.stringify(current.result)}`);
        return current.state === 'completed' ? current : null;
      },
      120_000,
      `sync job ${jobId}`,
    );
    return job;
  }

  let seed: SyncJob;
  try {
    seed = await runSync({ fullSync: true });
  } catch (e) {
    await workers.close(true);
    await api.close();
    throw e;
  }

  async function removeQueueKeys(): Promise<void> {
    const redis = createRedis(config.REDIS_URL, 'worker');
    try {
      const keys = await redis.keys(`${config.QUEUE_PREFIX}:*`);
      if (keys.length > 0) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
  }

  return {
    url,
    config,
    store,
    printful,
    stripe,
    admin,
    seed,
    runSync,
    async stopApi() {
      if (!api) return;
      await api.close();
      api = null;
      spaOnly = await serveSpaWithoutApi(webDist, port);
    },
    async close() {
      await workers.close(true);
      await api?.close();
      await spaOnly?.close();
      await removeQueueKeys();
      await store.close();
      await stripe.close();
      await printful.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
