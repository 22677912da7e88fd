import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import pino from 'pino';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { parseConfig, type Config } from '@shop/shared/server/config';
import { QUEUES, createRedis, enqueueProductSync } from '@shop/shared/server/queues';
import { openSqliteStore, type FullDocumentStore } from '@shop/shared/server/store';
import { startServiceProcess, API_ENTRY } from '../integration/faults/helpers/service-process.js';
import { startWorkers, type RunningWorkers } from '../../worker/src/runner.js';
import { jobModules } from '../../worker/src/jobs/index.js';
import { startPrintfulSandbox, type PrintfulSandbox } from '../sandbox/printful/server.js';
import { startStripeSandbox, type StripeSandbox } from '../sandbox/stripe/server.js';
import { DEMO_SHIPPING } from '../sandbox/stripe/hosted-page.js';
import { TEST_SHOPPER_ADDRESS } from '../fixtures/hosted-payment.js';
// @ts-expect-error plain ESM helper shared with the start script (node built-ins only)
import { ProcessGroup, ensureRedis, freePort } from '../../scripts/lib/services.mjs';

// The whole store on 127.0.0.1 only, for the load test: the API in a process of its own, as in
// production (so the load generator does not share its event loop), and in this process both
// provider sandboxes and every worker; Redis (REDIS_URL if it answers, else a redis-server of its
// own), a temporary SQLite file shared by both processes, and a queue prefix of its own. The catalogue comes from a real full sync
// of the Printful sandbox, as an admin's would. Nothing outlives close().

export interface LoadStack {
  apiUrl: string;
  /** Every API replica, on one Redis and one SQLite file; the Stripe sandbox delivers to the first. */
  apiUrls: string[];
  config: Config;
  store: FullDocumentStore;
  /** The storefront as the API serves it after the sync. */
  products: StorefrontProduct[];
  /** Presses Pay on a hosted checkout page; resolves once the sandbox has delivered the signed event. */
  pay(sessionUrl: string): Promise<void>;
  /** Per API replica: whether its live catalogue stream, opened before the seeding sync, delivered the synced catalogue. */
  liveUpdates: boolean[];
  /** Scheduled syncs recorded in syncRuns, and the schedule slots that ran more than once (must be 0). */
  scheduledSyncs(): Promise<{ runs: number; slotsRunTwice: number }>;
  /** Resolves when the orders and notifications queues have nothing waiting or running (or time is up). */
  drainQueues(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

const SANDBOX_PRODUCTS = 24;
/** The sandbox and the worker agree on a budget that does not make the seeding sync wait. */
const SEED_RATE_LIMIT_PER_MIN = 6000;
const SYNC_TIMEOUT_MS = 120_000;
/** With replicas, every worker set schedules the incremental sync this often, to show it runs once a slot. */
const REPLICA_SYNC_SCHEDULE = '*/5 * * * * *';
/** Several slots of REPLICA_SYNC_SCHEDULE, for a slow machine. */
const SCHEDULED_SYNC_TIMEOUT_MS = 30_000;

/**
 * A browser's live catalogue (GET /api/products/stream): remembers the most products any
 * snapshot it received held, until closed.
 */
async function watchCatalogue(url: string): Promise<{ largest(): number; close(): void }> {
  const controller = new AbortController();
  const response = await fetch(`${url}/api/products/stream`, { signal: controller.signal });
  if (!response.ok || response.body === null)
    throw new Error(`the live catalogue at ${url} answered ${response.status}`);
  let largest = 0;
  void (async () => {
    const decoder = new TextDecoder();
    let buffered = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffered += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffered.indexOf('\n\n')) !== -1) {
          const message = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const data = message.split('\n').find((line) => line.startsWith('data: '));
          if (!message.includes('event: snapshot') || !data) continue;
          const products = (JSON.parse(data.slice(6)) as { products: unknown[] }).products;
          largest = Math.max(largest, products.length);
        }
      }
    } catch {
      // Closed.
    }
  })();
  return { largest: () => largest, close: () => controller.abort() };
}

async function until<T>(read: () => Promise<T | null>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** `replicas` API processes and as many sets of workers, all on one Redis and one store. */
export async function startLoadStack(replicas = 1): Promise<LoadStack> {
  const group = new ProcessGroup();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-load-'));
  const cleanups: Array<() => Promise<unknown> | unknown> = [
    () => group.stopAll(),
    () => rmSync(dir, { recursive: true, force: true }),
  ];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    const redis = await ensureRedis(group, {
      url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      port: await freePort(),
      dataDir: path.join(dir, 'redis'),
      persist: false,
    });
    const ports: number[] = [];
    for (let i = 0; i < replicas; i++) ports.push(await freePort());
    const port = ports[0];
    const apiUrls = ports.map((p) => `http://127.0.0.1:${p}`);
    const apiUrl = apiUrls[0];
    const webhookSecret = `whsec_load_${randomUUID().replaceAll('-', '')}`;

    const printful: PrintfulSandbox = await startPrintfulSandbox({
      products: SANDBOX_PRODUCTS,
      rateLimitPerMin: SEED_RATE_LIMIT_PER_MIN,
    });
    cleanups.push(() => printful.close());
    const stripe: StripeSandbox = await startStripeSandbox({
      webhookUrl: `${apiUrl}/api/webhooks/stripe`,
      webhookSecret,
    });
    cleanups.push(() => stripe.close());

    const config = parseConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: String(port),
      PUBLIC_URL: apiUrl,
      REDIS_URL: redis.url,
      QUEUE_PREFIX: `load-${randomUUID()}`,
      SQLITE_PATH: path.join(dir, 'shop.db'),
      OUTBOX_DIR: path.join(dir, 'outbox'),
      PRINTFUL_API_URL: printful.url,
      PRINTFUL_RATE_LIMIT_PER_MIN: String(SEED_RATE_LIMIT_PER_MIN),
      STRIPE_API_URL: stripe.url,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      // Prices stay in dollars here: inside the test run, the run's address where nothing answers, so
      // the worker's rate refresh never reaches a running npm start's rates sandbox on :3103.
      ...(process.env.TEST_NO_PROVIDER_URL ? { CURRENCY_RATES_URL: process.env.TEST_NO_PROVIDER_URL } : {}),
      // Every virtual shopper comes from 127.0.0.1: the per-client budget is not under test.
      RATE_LIMIT_PER_MIN: '100000000',
      // Every simulated shopper comes from loopback: the per-address guest-cart budget would stop them.
      GUEST_CARTS_PER_CLIENT: '1000000',
      // Orders go to print at once: the run counts paid orders that reach Printful within its minutes,
      // which an hour's grace period would leave as drafts (docs/after-payment.md).
      ORDER_GRACE_MINUTES: '0',
      ...(replicas > 1 ? { SYNC_SCHEDULE: REPLICA_SYNC_SCHEDULE } : {}),
    });
    const store = openSqliteStore(config.SQLITE_PATH);
    cleanups.push(() => store.close());

    // Not NODE_ENV=production: that refuses the sandboxes and the emulator this stack runs on
    // (docs/rules.md#production-refuses-unsafe-settings); the request path measured is the same.
    for (const [i, replicaPort] of ports.entries()) {
      const replicaUrl = apiUrls[i];
      const api = startServiceProcess(`api-${i + 1}`, API_ENTRY, {
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(replicaPort),
        // One public address for every replica, as behind a load balancer.
        PUBLIC_URL: apiUrl,
        REDIS_URL: config.REDIS_URL,
        QUEUE_PREFIX: config.QUEUE_PREFIX,
        SQLITE_PATH: config.SQLITE_PATH,
        WEB_DIST: path.join(dir, 'no-web-build'),
        PRINTFUL_API_URL: config.PRINTFUL_API_URL,
        STRIPE_API_URL: config.STRIPE_API_URL,
        CURRENCY_RATES_URL: config.CURRENCY_RATES_URL,
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099',
        RATE_LIMIT_PER_MIN: config.RATE_LIMIT_PER_MIN.toString(),
        GUEST_CARTS_PER_CLIENT: config.GUEST_CARTS_PER_CLIENT.toString(),
        ORDER_GRACE_MINUTES: String(config.ORDER_GRACE_MINUTES),
      });
      cleanups.push(() => api.stop(10_000));
      await until(
        async () => ((await fetch(`${replicaUrl}/api/health`).catch(() => null))?.ok ? true : null),
        60_000,
        `API replica ${i + 1} to listen`,
      );
    }
    const connection = createRedis(config.REDIS_URL, 'worker');
    const queues = {
      productSync: new Queue(QUEUES.productSync, { connection, prefix: config.QUEUE_PREFIX }),
      orders: new Queue(QUEUES.orders, { connection, prefix: config.QUEUE_PREFIX }),
      notifications: new Queue(QUEUES.notifications, { connection, prefix: config.QUEUE_PREFIX }),
    };
    cleanups.push(async () => {
      for (const queue of Object.values(queues)) await queue.obliterate({ force: true }).catch(() => undefined);
      await Promise.all(Object.values(queues).map((queue) => queue.close()));
      connection.disconnect();
    });
    // Each set of workers has Redis connections of its own, as a separate worker process would.
    for (let i = 0; i < replicas; i++) {
      const workers: RunningWorkers = await startWorkers({
        config,
        store,
        logger: pino({ level: 'silent' }),
        modules: jobModules,
        // With replicas every worker set schedules, as each worker process does on start.
        schedule: replicas > 1,
      });
      cleanups.push(() => workers.close(true));
    }

    // Each replica's live catalogue is open before the sync, as a browser's would be.
    const streams = await Promise.all(apiUrls.map((url) => watchCatalogue(url)));
    cleanups.push(() => streams.forEach((stream) => stream.close()));
    const { jobId } = await enqueueProductSync(queues.productSync, { fullSync: true });
    await until(
      async () => {
        const state = await (await queues.productSync.getJob(jobId))?.getState();
        if (state === 'failed') throw new Error(`the seeding sync ${jobId} failed`);
        return state === 'completed' ? true : null;
      },
      SYNC_TIMEOUT_MS,
      'the seeding full sync',
    );
    const stored = (await store.query(COLLECTIONS.storeInventory)).docs.length;
    // Each replica's read model follows the sync's inventory.changed event, published once in Redis.
    let products: StorefrontProduct[] = [];
    for (const url of apiUrls) {
      products = await until(
        async () => {
          const response = await fetch(`${url}/api/products?limit=100`);
          const body = (await response.json()) as { products: StorefrontProduct[] };
          return body.products.length === stored && stored > 0 ? body.products : null;
        },
        30_000,
        `the API at ${url} to serve the ${stored} synced products`,
      );
    }

    const liveUpdates = await Promise.all(
      streams.map((stream) =>
        until(async () => (stream.largest() === stored ? true : null), 10_000, 'the live catalogue').catch(() => false),
      ),
    );
    streams.forEach((stream) => stream.close());

    return {
      apiUrl,
      apiUrls,
      liveUpdates,
      async scheduledSyncs() {
        // A scheduled run's job id ends in its slot's time (repeat:<scheduler>:<ms>).
        const scheduledRuns = async () =>
          (await store.query(COLLECTIONS.syncRuns)).docs.filter((d) => d.id.startsWith('repeat:'));
        // With replicas a slot comes every 5 s, but a short run on a busy machine can end before the
        // first slot's job has started (it waits behind the seeding sync: one sync at a time). Wait
        // for one to start rather than report none; a scheduler that never fires still reports 0.
        if (replicas > 1) {
          await until(
            async () => ((await scheduledRuns()).length > 0 ? true : null),
            SCHEDULED_SYNC_TIMEOUT_MS,
            'a scheduled sync to start',
          ).catch(() => false);
        }
        const runs = await scheduledRuns();
        const slots = new Map<string, number>();
        for (const run of runs) {
          const slot = `${String(run.data.name)}@${run.id.split(':').at(-1)}`;
          slots.set(slot, (slots.get(slot) ?? 0) + 1);
        }
        return { runs: runs.length, slotsRunTwice: [...slots.values()].filter((n) => n > 1).length };
      },
      config,
      store,
      products,
      async pay(sessionUrl) {
        // Paid where the shoppers' checkouts were quoted (TEST_SHIPPING), or the order is held.
        const form = new URLSearchParams({ ...DEMO_SHIPPING, ...TEST_SHOPPER_ADDRESS, payment_method: 'card' });
        const response = await fetch(`${sessionUrl}/pay`, { method: 'POST', body: form, redirect: 'manual' });
        await response.arrayBuffer();
        if (response.status !== 303) throw new Error(`Pay answered ${response.status}`);
      },
      async drainQueues(timeoutMs) {
        const deadline = Date.now() + timeoutMs;
        while (Date.now() < deadline) {
          const counts = await Promise.all(
            [queues.orders, queues.notifications].map((q) =>
              q.getJobCounts('waiting', 'active', 'delayed', 'prioritized'),
            ),
          );
          if (counts.every((c) => Object.values(c).every((n) => n === 0))) return true;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        return false;
      },
      close,
    };
  } catch (e) {
    await close();
    throw e;
  }
}
