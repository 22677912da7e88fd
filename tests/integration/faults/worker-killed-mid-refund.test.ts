import { TEST_SHIPPING } from '../../fixtures/shipping-destination.js';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import { orderSchema, type Order } from '@shop/shared/schemas';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { createStripeClient } from '@shop/shared/server/stripe';
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

// The worker process dies (SIGKILL) while it applies a full refund: the order is already
// refunded and the worker is waiting on Printful to cancel the order, which Printful does anyway.
// A new worker reruns the stalled jobs; the cancellation meets an order Printful has already
// cancelled, reads it, and records it. The order converges: refunded once, one refund, the one
// Printful order cancelled, one e-mail to the shopper.

const SHORT_LOCK_WORKER = fileURLToPath(new URL('./helpers/short-lock-worker.ts', import.meta.url));
const WEBHOOK_SECRET = 'whsec_faults_worker_killed_refund';

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
  printful = await startPrintfulSandbox({ products: 2 });
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
  products = await seedStorefront(stack.sqlitePath, printful, 1);
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

async function orderOf(sessionId: string): Promise<Order | null> {
  const page = await store.query(COLLECTIONS.orders, { where: [['sessionId', '==', sessionId]], limit: 1 });
  return page.docs[0] ? orderSchema.parse(page.docs[0].data) : null;
}

describe('the worker killed while a refund is being applied', () => {
  it('converges: refunded once, the Printful order cancelled, one e-mail to the shopper', async () => {
    const shopper = guestHeaders();
    const added = await call('POST', '/api/cart/items', {
      headers: shopper,
      body: { productId: products[0].id, quantity: 1 },
    });
    expect(added.status).toBe(200);
    const checkout = await call<{ id: string; url: string }>('POST', '/api/checkout/sessions', {
      headers: shopper,
      body: { shipping: TEST_SHIPPING },
    });
    expect(checkout.status).toBe(200);
    const session = checkout.body;
    const paid = await fetch(`${session.url}/pay`, {
      method: 'POST',
      body: new URLSearchParams({ ...DEMO_SHIPPING, payment_method: 'card' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    await waitUntil(
      async () => (await orderOf(session.id))?.fulfilment.status === 'pending',
      30_000,
      'the paid order to reach Printful',
    );

    // Printful is slow to cancel, so the worker dies while it waits for the answer.
    printful.faults.slow({ delayMs: 3000, count: 2, paths: ['/orders'] });
    const sdk = createStripeClient(
      { STRIPE_SECRET_KEY: undefined, STRIPE_API_URL: stripe.url },
      { maxNetworkRetries: 0 },
    );
    const paymentIntent = (await sdk.checkout.sessions.retrieve(session.id)).payment_intent as string;
    const refund = await sdk.refunds.create({ payment_intent: paymentIntent });
    await waitUntil(
      () => (printful.stats.snapshot().byRoute['DELETE /orders/{id}'] ?? 0) > 0,
      30_000,
      'the refund job to ask Printful to cancel the order',
    );
    await firstWorker.kill();
    const beforeRetry = await orderOf(session.id);
    expect(beforeRetry).toMatchObject({ status: 'refunded', fulfilment: { status: 'pending' } });

    secondWorker = await startWorkerProcess(stack.env, SHORT_LOCK_WORKER);
    let order: Order | null = null;
    await waitUntil(
      async () => {
        order = await orderOf(session.id);
        return order?.fulfilment.status === 'canceled';
      },
      60_000,
      () => `the cancellation to be recorded (last seen: ${JSON.stringify(order?.fulfilment)})`,
    );
    const done = order as unknown as Order;
    expect(done.status).toBe('refunded');
    expect(done.refunds).toEqual([{ id: refund.id, amount: refund.amount / 100, status: 'succeeded' }]);
    expect(printful.orders.list()).toEqual([expect.objectContaining({ external_id: done.id, status: 'canceled' })]);
    expect(done.events?.filter((e) => e.type === 'printful-cancel')).toHaveLength(1);
    expect(
      done.events
        ?.filter((e) => e.source === 'stripe')
        .map((e) => e.type)
        .sort(),
    ).toEqual(['charge.refunded', 'refund.created']);
    const outbox = path.join(stack.dir, 'outbox');
    await waitUntil(
      // A message is written aside and renamed to .eml when complete: wait for the finished one.
      () => readdirSync(outbox).some((f) => f.startsWith(`alert-shopper-refunded-${done.id}`) && f.endsWith('.eml')),
      30_000,
      "the shopper's refund e-mail",
    );
    expect(
      readdirSync(outbox).filter((f) => f.startsWith('alert-shopper-refunded-') && f.endsWith('.eml')),
    ).toHaveLength(1);
  });
});
