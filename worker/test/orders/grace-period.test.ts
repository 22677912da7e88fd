import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job, Queue, QueueEvents } from 'bullmq';
import {
  confirmationEmailJobId,
  graceCancelJobId,
  ORDER_JOB_OPTIONS,
  orderAlertJobId,
  orderAttention,
  orderStage,
  releaseJobId,
  secondChanceOf,
} from '@shop/shared/domain/order';
import { MESSAGES } from '@shop/shared';
import { changeHoldEnd, requestCancellation } from '@shop/shared/server/orders';
import { JOBS, QUEUES } from '@shop/shared/server/queues';
import { openTestQueues } from '../../../tests/fixtures/test-queues.js';
import { createAfterPaymentHarness, type AfterPaymentHarness } from './after-payment-harness.js';

// The grace period before production (docs/after-payment.md#the-grace-period-before-production),
// against both sandboxes: a paid order waits at Printful as a draft; the shopper's cancellation
// within it deletes the draft and refunds in full; after it, the order is confirmed once by its
// delayed job, across a worker restart and with two replicas; the studio can end or extend a hold.

const CONFIRM = 'POST /orders/{id}/confirm';

interface Bench {
  h: AfterPaymentHarness;
  orders: Queue;
  events: QueueEvents;
  close(): Promise<void>;
}

async function bench(graceMinutes: string): Promise<Bench> {
  const h = await createAfterPaymentHarness({ env: { ORDER_GRACE_MINUTES: graceMinutes } });
  const opened = await openTestQueues(h.config.REDIS_URL, h.config.QUEUE_PREFIX, [QUEUES.orders]);
  return {
    h,
    orders: opened.queues[0],
    events: opened.queueEvents,
    async close() {
      await opened.close();
      await h.close();
    },
  };
}

const confirms = (h: AfterPaymentHarness) => h.printfulSandbox.stats.snapshot().byRoute[CONFIRM] ?? 0;
const atPrintful = (h: AfterPaymentHarness, orderId: string) => h.printfulSandbox.orders.find(`@${orderId}`);

describe('an hour to change one’s mind (ORDER_GRACE_MINUTES=60)', () => {
  let b: Bench;
  beforeAll(async () => {
    b = await bench('60');
  });
  afterAll(async () => {
    await b?.close();
  });

  /** What the studio's "confirm now" does: the hold ends now, and its release job runs. */
  async function confirmNow(orderId: string): Promise<unknown> {
    const changed = await changeHoldEnd(b.h.store, orderId, new Date().toISOString(), 'admin@studio.local');
    const job = await b.orders.add(
      JOBS.orders.releaseOrder,
      { orderId },
      { ...ORDER_JOB_OPTIONS, jobId: releaseJobId(orderId, changed!.hold!.until) },
    );
    return job.waitUntilFinished(b.events, 30_000);
  }

  it('a paid order waits at Printful as a draft, with one release job for the end of the hour', async () => {
    const before = confirms(b.h);
    const paid = await b.h.paidOrder();
    const order = await b.h.order(paid.orderId);
    expect(order.status).toBe('paid');
    expect(order.fulfilment.status).toBe('draft');
    expect(atPrintful(b.h, paid.orderId)?.status).toBe('draft');
    expect(Date.parse(order.hold!.until) - Date.parse(order.paidAt!)).toBe(60 * 60_000);
    expect(order.hold!.releasedAt).toBeNull();
    const job = await b.orders.getJob(releaseJobId(paid.orderId, order.hold!.until));
    expect(await job!.getState()).toBe('delayed');
    // The shopper reads that it is not made yet and can still be cancelled.
    const chance = secondChanceOf(order);
    expect(chance).toEqual({ changeableUntil: order.hold!.until, cancellation: null, changes: 0, decision: null });
    expect(orderStage({ status: order.status, fulfilmentStatus: order.fulfilment.status, secondChance: chance })).toBe(
      'changeable',
    );
    // The confirmation e-mail says how long it can still be cancelled.
    expect(await b.h.email(confirmationEmailJobId(paid.orderId))).toMatch(
      /Nothing is printed for 60 minutes after your payment/,
    );
    // The Stripe event again (a retry, or a second replica) adds no second job or draft.
    await b.h.runEvent(paid.sessionId, JOBS.orders.checkoutCompleted);
    expect(b.h.printfulSandbox.orders.list().filter((o) => o.external_id === paid.orderId)).toHaveLength(1);
    expect((await b.orders.getDelayed()).filter((j) => j.data.orderId === paid.orderId)).toHaveLength(1);
    expect(confirms(b.h)).toBe(before);
  });

  it('a cancellation within the hour deletes the draft, refunds in full, tells both sides, and the release then does nothing', async () => {
    const paid = await b.h.paidOrder();
    const decided = await requestCancellation(b.h.store, paid.orderId);
    expect(decided?.decision).toEqual({ kind: 'cancel' });
    const job = await b.orders.add(
      JOBS.orders.graceCancel,
      { orderId: paid.orderId },
      { ...ORDER_JOB_OPTIONS, jobId: graceCancelJobId(paid.orderId) },
    );
    expect(await job.waitUntilFinished(b.events, 30_000)).toMatchObject({ outcome: 'cancelled', printful: 'canceled' });

    const order = await b.h.order(paid.orderId);
    expect(order.status).toBe('refunded');
    expect(atPrintful(b.h, paid.orderId)?.status).toBe('canceled');
    const refunds = await b.h.stripe.refunds.list({ payment_intent: paid.paymentIntent });
    const session = await b.h.stripe.checkout.sessions.retrieve(paid.sessionId);
    expect(refunds.data.reduce((sum, r) => sum + r.amount, 0)).toBe(session.amount_total);
    expect(orderStage({ status: order.status, secondChance: secondChanceOf(order) })).toBe('cancelled');
    expect(await b.h.email(orderAlertJobId('cancelled-in-grace', paid.orderId, 'grace', 'shopper'))).toMatch(
      /Your order is cancelled/,
    );
    expect(await b.h.email(orderAlertJobId('cancelled-in-grace', paid.orderId, 'grace', 'studio'))).toMatch(
      /cancelled by the shopper before production/,
    );

    // Stripe's own refund event afterwards: applied once, and no second e-mail about the refund.
    await b.h.stripeEvent('charge.refunded', refunds.data[0].charge as string);
    const alerts = (await b.h.notificationJobs(paid.orderId)).filter((j: Job) => j.data.kind === 'refunded');
    expect(alerts).toHaveLength(0);

    // The hour ends: the release job finds nothing to send to print.
    const before = confirms(b.h);
    const release = await b.orders.getJob(releaseJobId(paid.orderId, order.hold!.until));
    await release!.promote();
    expect(await release!.waitUntilFinished(b.events, 30_000)).toMatchObject({ outcome: 'skipped' });
    expect(atPrintful(b.h, paid.orderId)?.status).toBe('canceled');
    expect(confirms(b.h)).toBe(before);

    // Asking twice is refused with why.
    const again = await requestCancellation(b.h.store, paid.orderId);
    expect(again?.decision).toEqual({ kind: 'refused', code: 'aborted', message: MESSAGES.orderAlreadyCancelled });
  });

  it('a cancellation whose refund met a Stripe 500 refunds in full on the next attempt, under a new key', async () => {
    const paid = await b.h.paidOrder();
    await requestCancellation(b.h.store, paid.orderId);
    // Stripe saves the 500 under the refund's key and would replay it to every retry for 24 hours.
    b.h.stripeSandbox.failNext('POST /v1/refunds', 1, 500);
    const job = await b.orders.add(
      JOBS.orders.graceCancel,
      { orderId: paid.orderId },
      { ...ORDER_JOB_OPTIONS, backoff: { type: 'fixed', delay: 10 }, jobId: graceCancelJobId(paid.orderId) },
    );
    expect(await job.waitUntilFinished(b.events, 30_000)).toMatchObject({ outcome: 'cancelled' });
    const refunds = await b.h.stripe.refunds.list({ payment_intent: paid.paymentIntent });
    const session = await b.h.stripe.checkout.sessions.retrieve(paid.sessionId);
    expect(refunds.data.reduce((sum, r) => sum + r.amount, 0)).toBe(session.amount_total);
    expect((await b.h.order(paid.orderId)).status).toBe('refunded');
  });

  it('after the hold, the order is confirmed once and a cancellation becomes a request on the studio’s list', async () => {
    const before = confirms(b.h);
    const paid = await b.h.paidOrder();
    const hourEnd = (await b.h.order(paid.orderId)).hold!.until;
    expect(await confirmNow(paid.orderId)).toMatchObject({ outcome: 'released', printfulStatus: 'pending' });
    expect(atPrintful(b.h, paid.orderId)?.status).toBe('pending');
    expect(confirms(b.h)).toBe(before + 1);
    const released = await b.h.order(paid.orderId);
    expect(released.hold!.releasedAt).not.toBeNull();
    expect(orderStage({ status: released.status, fulfilmentStatus: released.fulfilment.status })).toBe('in-production');

    const asked = await requestCancellation(b.h.store, paid.orderId);
    expect(asked?.decision).toEqual({ kind: 'request' });
    expect(orderAttention(asked!.order)).toBe('cancel-requested');
    expect(atPrintful(b.h, paid.orderId)?.status).toBe('pending');
    const twice = await requestCancellation(b.h.store, paid.orderId);
    expect(twice?.decision).toEqual({
      kind: 'refused',
      code: 'aborted',
      message: MESSAGES.orderCancelAlreadyRequested,
    });
    // The hour's own job, when its time comes, confirms nothing more.
    const first = await b.orders.getJob(releaseJobId(paid.orderId, hourEnd));
    await first!.promote();
    expect(await first!.waitUntilFinished(b.events, 30_000)).toMatchObject({ outcome: 'skipped' });
    expect(confirms(b.h)).toBe(before + 1);
  });

  it('an extended hold moves the release: the job of the old end leaves the draft alone', async () => {
    const before = confirms(b.h);
    const paid = await b.h.paidOrder();
    const held = await b.h.order(paid.orderId);
    const later = new Date(Date.parse(held.hold!.until) + 30 * 60_000).toISOString();
    expect((await changeHoldEnd(b.h.store, paid.orderId, later, 'admin@studio.local'))?.hold?.until).toBe(later);
    const old = await b.orders.getJob(releaseJobId(paid.orderId, held.hold!.until));
    await old!.promote();
    expect(await old!.waitUntilFinished(b.events, 30_000)).toMatchObject({ outcome: 'skipped', reason: 'moved' });
    expect(atPrintful(b.h, paid.orderId)?.status).toBe('draft');
    expect(confirms(b.h)).toBe(before);
    expect(secondChanceOf(await b.h.order(paid.orderId))?.changeableUntil).toBe(later);
  });
});

describe('the release survives a restart and runs once across replicas (ORDER_GRACE_MINUTES=0.15, 9 s)', () => {
  let b: Bench;
  beforeAll(async () => {
    b = await bench('0.15');
  });
  afterAll(async () => {
    await b?.close();
  });

  it('a worker that restarts in the middle of the hold still confirms the order, once', async () => {
    const before = confirms(b.h);
    const paid = await b.h.paidOrder();
    await b.h.stopWorkers();
    const order = await b.h.order(paid.orderId);
    expect(atPrintful(b.h, paid.orderId)?.status).toBe('draft');
    const job = await b.orders.getJob(releaseJobId(paid.orderId, order.hold!.until));
    expect(await job!.getState()).toBe('delayed');
    // The hold ends while no worker runs: nothing is confirmed.
    await new Promise((r) => setTimeout(r, Math.max(0, Date.parse(order.hold!.until) - Date.now()) + 300));
    expect(atPrintful(b.h, paid.orderId)?.status).toBe('draft');
    await b.h.startWorkers();
    expect(await job!.waitUntilFinished(b.events, 30_000)).toMatchObject({ outcome: 'released' });
    expect(atPrintful(b.h, paid.orderId)?.status).toBe('pending');
    expect(confirms(b.h)).toBe(before + 1);
    expect((await b.h.order(paid.orderId)).fulfilment.status).toBe('pending');
  });

  it('two replicas running the same queues confirm the order once', async () => {
    await b.h.startWorkers();
    const before = confirms(b.h);
    const paid = await b.h.paidOrder();
    const order = await b.h.order(paid.orderId);
    const job = await b.orders.getJob(releaseJobId(paid.orderId, order.hold!.until));
    expect(await job!.waitUntilFinished(b.events, 30_000)).toMatchObject({ outcome: 'released' });
    expect(atPrintful(b.h, paid.orderId)?.status).toBe('pending');
    expect(confirms(b.h)).toBe(before + 1);
  });
});
