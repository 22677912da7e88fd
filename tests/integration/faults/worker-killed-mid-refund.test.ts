import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { orderSchema, type Order } from '@shop/shared/schemas';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { createStripeClient } from '@shop/shared/providers/stripe';
import { payOnHostedPage } from '../../fixtures/hosted-payment.js';
import { processStackPerFile, SHORT_LOCK_WORKER } from './helpers/process-stack.js';
import { readUntil, waitUntil } from './helpers/wait.js';

// The worker process dies (SIGKILL) while it applies a full refund: the order is already
// refunded and the worker is waiting on Printful to cancel the order, which Printful does anyway.
// A new worker reruns the stalled jobs; the cancellation meets an order Printful has already
// cancelled, reads it, and records it. The order converges: refunded once, one refund, the one
// Printful order cancelled, one e-mail to the shopper.

const shop = processStackPerFile({ printful: { products: 2 }, seeded: 1, workerEntry: SHORT_LOCK_WORKER });

async function orderOf(sessionId: string): Promise<Order | null> {
  const page = await shop().store.query(COLLECTIONS.orders, { where: [['sessionId', '==', sessionId]], limit: 1 });
  return page.docs[0] ? orderSchema.parse(page.docs[0].data) : null;
}

describe('the worker killed while a refund is being applied', () => {
  it('converges: refunded once, the Printful order cancelled, one e-mail to the shopper', async () => {
    const { printful, stripe, stack, products } = shop();
    const { session } = await shop().guestCheckout(products);
    await payOnHostedPage(session.url);
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
    await shop().killWorkerMidRequest('DELETE /orders/{id}', 'the refund job to ask Printful to cancel the order');
    const beforeRetry = await orderOf(session.id);
    expect(beforeRetry).toMatchObject({ status: 'refunded', fulfilment: { status: 'pending' } });

    await shop().startWorker();
    const done = await readUntil(
      () => orderOf(session.id),
      (order) => order.fulfilment.status === 'canceled',
      60_000,
      'the cancellation to be recorded',
    );
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
