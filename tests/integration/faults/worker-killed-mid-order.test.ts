import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import type { OrderStatusResponse } from '@shop/shared/schemas';
import { QUEUES, createRedis } from '@shop/shared/server/queues';
import { openSqliteStore, type DocumentStore } from '@shop/shared/server/store';
import { startPrintfulSandbox, type PrintfulSandbox } from '../../sandbox/printful/server.js';
import { DEMO_SHIPPING } from '../../sandbox/stripe/hosted-page.js';
import { startStripeSandbox, type StripeSandbox } from '../../sandbox/stripe/server.js';
import { apiClient, guestHeaders, type ApiCall } from './helpers/api-client.js';
import { startPrivateRedis, type PrivateRedis } from './helpers/private-redis.js';
import { seedStorefront } from './helpers/seed-catalogue.js';
import { startApiProcess, startWorkerProcess, stopAll, type ServiceProcess } from './helpers/service-process.js';
import { createStackEnv, type StackEnv } from './helpers/stack-env.js';
import { waitUntil } from './helpers/wait.js';
import { TEST_SHIPPING } from '../../fixtures/shipping-destination.js';

// The worker process dies (SIGKILL: no clean-up, its job lock left to expire) while the orders
// job of a paid checkout is waiting on Printful to create the order; Printful creates it anyway.
// A new worker finds the job stalled and runs it again. Every step of the job is idempotent (the
// Printful order is looked up by our order id before one is created), so the shopper ends with
// exactly one paid order, exactly one Printful order and an empty cart.
// (A worker killed in the middle of a product sync: worker/test/product-sync/product-sync-crash.test.ts.)

const SHORT_LOCK_WORKER = fileURLToPath(new URL('./helpers/short-lock-worker.ts', import.meta.url));
const WEBHOOK_SECRET = 'whsec_faults_worker_killed';

let redis: PrivateRedis;
let printful: PrintfulSandbox;
let stripe: StripeSandbox;
let stack: StackEnv;
let api: ServiceProcess;
let apiUrl: string;
let call: ApiCall;
let firstWorker: ServiceProcess;
let secondWorker: ServiceProcess | undefined;
let store: DocumentStore;
let products: StorefrontProduct[];

beforeAll(async () => {
  redis = await startPrivateRedis();
  printful = await startPrintfulSandbox({ products: 4 });
  stripe = await startStripeSandbox({
    webhookUrl: () => `${apiUrl}/api/webhooks/stripe`,
    webhookSecret: WEBHOOK_SECRET,
  });
  stack = createStackEnv({
    REDIS_URL: redis.url,
    PRINTFUL_API_URL: printful.url,
    STRIPE_API_URL: stripe.url,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  products = await seedStorefront(stack.sqlitePath, printful, 2);
  const [started, worker] = await Promise.all([
    startApiProcess(stack.env),
    startWorkerProcess(stack.env, SHORT_LOCK_WORKER),
  ]);
  api = started.process;
  apiUrl = started.url;
  call = apiClient(apiUrl);
  firstWorker = worker;
  store = openSqliteStore(stack.sqlitePath);
});

afterAll(async () => {
  await stopAll([api, firstWorker, secondWorker]);
  await store?.close();
  await redis?.close();
  await stripe?.close();
  await printful?.close();
  stack?.remove();
});

async function orderOf(sessionId: string): Promise<OrderStatusResponse | null> {
  const { status, body } = await call<OrderStatusResponse>('GET', `/api/orders/by-session/${sessionId}`);
  return status === 200 ? body : null;
}

describe('the worker killed while an order is on its way to Printful', () => {
  it('runs the stalled job again: one paid order, one Printful order, an empty cart', async () => {
    const shopper = guestHeaders();
    for (const product of products) {
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
    const session = checkout.body;

    // Printful is slow to look the order up and to create it, so the worker dies mid-request.
    printful.faults.slow({ delayMs: 3000, count: 2, paths: ['/orders'] });
    const paid = await fetch(`${session.url}/pay`, {
      method: 'POST',
      body: new URLSearchParams({ ...DEMO_SHIPPING, payment_method: 'card' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    await waitUntil(
      () => (printful.stats.snapshot().byRoute['POST /orders'] ?? 0) > 0,
      30_000,
      'the orders job to ask Printful to create the order',
    );
    await firstWorker.kill();

    const beforeRetry = await orderOf(session.id);
    expect(beforeRetry).toMatchObject({ status: 'paid', fulfilment: { orderId: null } });

    secondWorker = await startWorkerProcess(stack.env, SHORT_LOCK_WORKER);
    let order: OrderStatusResponse | null = null;
    await waitUntil(
      async () => {
        order = await orderOf(session.id);
        return order?.fulfilment.status === 'pending';
      },
      60_000,
      () => `the order to reach Printful (last seen: ${JSON.stringify(order)})`,
    );
    const placed = order as unknown as OrderStatusResponse;
    expect(placed.status).toBe('paid');
    expect(printful.orders.list()).toEqual([
      expect.objectContaining({ id: placed.fulfilment.orderId, external_id: placed.id, status: 'pending' }),
    ]);
    expect((await store.query('orders')).docs.map((d) => d.id)).toEqual([placed.id]);
    expect((await call<{ totalItems: number }>('GET', '/api/cart', { headers: shopper })).body.totalItems).toBe(0);

    // The job finished on its second run, after BullMQ found it stalled.
    const connection = createRedis(redis.url, 'worker');
    const orders = new Queue(QUEUES.orders, { connection, prefix: stack.prefix });
    try {
      const jobs = (await orders.getJobs(['completed', 'failed', 'active', 'waiting', 'delayed'])).filter(
        (job) => job.data.sessionId === session.id && job.name === 'checkout-completed',
      );
      expect(jobs).toHaveLength(1);
      expect(await jobs[0].getState()).toBe('completed');
      expect(jobs[0].stalledCounter).toBe(1);
    } finally {
      await orders.close();
      connection.disconnect();
    }
  });
});
