import { Queue } from 'bullmq';
import { describe, expect, it } from 'vitest';
import type { OrderStatusResponse } from '@shop/shared/schemas';
import { QUEUES, createRedis } from '@shop/shared/server/queues';
import { payOnHostedPage } from '../../fixtures/hosted-payment.js';
import { processStackPerFile, SHORT_LOCK_WORKER } from './helpers/process-stack.js';
import { readUntil } from './helpers/wait.js';

// The worker process dies (SIGKILL: no clean-up, its job lock left to expire) while the orders
// job of a paid checkout is waiting on Printful to create the order; Printful creates it anyway.
// A new worker finds the job stalled and runs it again. Every step of the job is idempotent (the
// Printful order is looked up by our order id before one is created), so the shopper ends with
// exactly one paid order, exactly one Printful order and an empty cart.
// (A worker killed in the middle of a product sync: worker/test/product-sync/product-sync-crash.test.ts.)

const shop = processStackPerFile({ printful: { products: 4 }, seeded: 2, workerEntry: SHORT_LOCK_WORKER });

async function orderOf(sessionId: string): Promise<OrderStatusResponse | null> {
  const { status, body } = await shop().call<OrderStatusResponse>('GET', `/api/orders/by-session/${sessionId}`);
  return status === 200 ? body : null;
}

describe('the worker killed while an order is on its way to Printful', () => {
  it('runs the stalled job again: one paid order, one Printful order, an empty cart', async () => {
    const { printful, call, store, stack, redis, products } = shop();
    const { shopper, session } = await shop().guestCheckout(products);

    // Printful is slow to look the order up and to create it, so the worker dies mid-request.
    printful.faults.slow({ delayMs: 3000, count: 2, paths: ['/orders'] });
    await payOnHostedPage(session.url);
    await shop().killWorkerMidRequest('POST /orders', 'the orders job to ask Printful to create the order');

    const beforeRetry = await orderOf(session.id);
    expect(beforeRetry).toMatchObject({ status: 'paid', fulfilment: { orderId: null } });

    await shop().startWorker();
    const placed = await readUntil(
      () => orderOf(session.id),
      (order) => order.fulfilment.status === 'pending',
      60_000,
      'the order to reach Printful',
    );
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
