import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import { openSqliteStore, type FullDocumentStore } from '@shop/shared/server/store';
import { TEST_SHIPPING } from '../../../fixtures/shipping-destination.js';
import {
  startPrintfulSandbox,
  type PrintfulSandbox,
  type PrintfulSandboxOptions,
} from '../../../sandbox/printful/server.js';
import { startStripeSandbox, type StripeSandbox } from '../../../sandbox/stripe/server.js';
import { apiClient, guestHeaders, type ApiCall } from './api-client.js';
import { startPrivateRedis, type PrivateRedis } from './private-redis.js';
import { seedStorefront } from './seed-catalog.js';
import { startApiProcess, startWorkerProcess, stopAll, WORKER_ENTRY, type ServiceProcess } from './service-process.js';
import { createStackEnv, type StackEnv } from './stack-env.js';
import { waitUntil } from './wait.js';
import { noProviderUrl } from '../../../fixtures/test-run-env.js';

// The shop as production runs it, for the tests that crash a part of it: a redis-server of the
// test's own, both provider sandboxes (Stripe delivers its signed events to the API), and the API
// and the worker as separate processes on one temporary SQLite file, which the test also opens to
// check what was written. close() stops and removes everything, also after a start that failed
// half way.

const WEBHOOK_SECRET = 'whsec_faults_process_stack';

/** The worker with a 2 s job lock, so that a killed worker's job is found stalled within seconds. */
export const SHORT_LOCK_WORKER = fileURLToPath(new URL('./short-lock-worker.ts', import.meta.url));

export interface ProcessStackOptions {
  /** The Printful sandbox's catalogue and rate limit. */
  printful: PrintfulSandboxOptions;
  /** How many sandbox products to write to the storefront before the processes start. Default none. */
  seeded?: number;
  /** More environment for both processes. */
  env?: Record<string, string>;
  /** The worker's entry file; default the real worker's. */
  workerEntry?: string;
}

export interface ProcessStack {
  redis: PrivateRedis;
  printful: PrintfulSandbox;
  stripe: StripeSandbox;
  /** The environment both processes run with (queue prefix, SQLite file, outbox folder). */
  stack: StackEnv;
  api: ServiceProcess;
  apiUrl: string;
  call: ApiCall;
  /** The worker process started with the stack. */
  worker: ServiceProcess;
  store: FullDocumentStore;
  /** The storefront products seeded from the sandbox. */
  products: StorefrontProduct[];
  /**
   * Waits until Printful has been sent a `route` request (as its stats name it, `POST /orders`),
   * then kills the first worker (SIGKILL) while it waits for the answer the test has slowed.
   */
  killWorkerMidRequest(route: string, what: string): Promise<void>;
  /** Starts one more worker process like the first; close() stops it too. */
  startWorker(): Promise<ServiceProcess>;
  /** A new guest puts one of each product in the cart and opens a checkout to TEST_SHIPPING. */
  guestCheckout(products: readonly StorefrontProduct[]): Promise<{
    shopper: Record<string, string>;
    session: { id: string; url: string };
  }>;
  close(): Promise<void>;
}

export async function startProcessStack(options: ProcessStackOptions): Promise<ProcessStack> {
  const workerEntry = options.workerEntry ?? WORKER_ENTRY;
  const processes: Array<ServiceProcess | undefined> = [];
  let redis: PrivateRedis | undefined;
  let printful: PrintfulSandbox | undefined;
  let stripe: StripeSandbox | undefined;
  let stack: StackEnv | undefined;
  let store: FullDocumentStore | undefined;
  let apiUrl = '';

  async function close(): Promise<void> {
    await stopAll(processes);
    await store?.close();
    await redis?.close();
    await stripe?.close();
    await printful?.close();
    stack?.remove();
  }

  try {
    redis = await startPrivateRedis();
    printful = await startPrintfulSandbox(options.printful);
    stripe = await startStripeSandbox({
      webhookUrl: () => `${apiUrl}/api/webhooks/stripe`,
      webhookSecret: WEBHOOK_SECRET,
    });
    stack = createStackEnv({
      REDIS_URL: redis.url,
      PRINTFUL_API_URL: printful.url,
      // No rates source answers: the worker's refresh keeps the last good rates (none here).
      CURRENCY_RATES_URL: noProviderUrl(),
      STRIPE_API_URL: stripe.url,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      ...options.env,
    });
    const products = options.seeded ? await seedStorefront(stack.sqlitePath, printful, options.seeded) : [];
    const env = stack.env;
    // Both at once; whichever started is stopped by close() when the other did not.
    const [apiStart, workerStart] = await Promise.allSettled([
      startApiProcess(env),
      startWorkerProcess(env, workerEntry),
    ]);
    if (apiStart.status === 'fulfilled') processes.push(apiStart.value.process);
    if (workerStart.status === 'fulfilled') processes.push(workerStart.value);
    if (apiStart.status === 'rejected') throw apiStart.reason;
    if (workerStart.status === 'rejected') throw workerStart.reason;
    const started = apiStart.value;
    const worker = workerStart.value;
    apiUrl = started.url;
    const call = apiClient(apiUrl);
    store = openSqliteStore(stack.sqlitePath);
    const sandbox = printful;

    return {
      redis,
      printful,
      stripe,
      stack,
      api: started.process,
      apiUrl,
      call,
      worker,
      store,
      products,
      async killWorkerMidRequest(route, what) {
        await waitUntil(() => (sandbox.stats.snapshot().byRoute[route] ?? 0) > 0, 30_000, what);
        await worker.kill();
      },
      async startWorker() {
        const another = await startWorkerProcess(env, workerEntry);
        processes.push(another);
        return another;
      },
      async guestCheckout(lines) {
        const shopper = guestHeaders();
        for (const product of lines) {
          const added = await call('POST', '/api/cart/items', {
            headers: shopper,
            body: { productId: product.id, quantity: 1 },
          });
          expect(added.status).toBe(200);
        }
        const checkout = await call<{ id: string; url: string }>('POST', '/api/checkout/sessions', {
          headers: shopper,
          body: { shipping: TEST_SHIPPING },
        });
        expect(checkout.status).toBe(200);
        return { shopper, session: checkout.body };
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * One stack for a test file: started before its tests (beforeAll), closed after them (afterAll).
 * Returns the accessor to the running stack, for hooks and tests.
 */
export function processStackPerFile(options: ProcessStackOptions): () => ProcessStack {
  let running: ProcessStack | undefined;
  beforeAll(async () => {
    running = await startProcessStack(options);
  });
  afterAll(async () => {
    await running?.close();
  });
  return () => {
    if (!running) throw new Error('the process stack is not running (used outside the tests of its file?)');
    return running;
  };
}
