import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readableMessage } from '../../../tests/fixtures/mime-message.js';
import { randomUUID } from 'node:crypto';
import type { Job, Queue } from 'bullmq';
import {
  graceChangeJobId,
  ORDER_JOB_OPTIONS,
  orderJobId,
  printfulEventJobId,
  releaseJobId,
} from '@shop/shared/domain/order';
import { changeHoldEnd } from '@shop/shared/server/orders';
import type {
  PaymentEventJobData,
  PrintfulOrderEventJobData,
  PrintfulOrderEventType,
  StripePaymentEventType,
} from '@shop/shared/schemas';
import { JOBS, QUEUES } from '@shop/shared/server/queues';
import { openTestQueues, type TestQueues } from '../../../tests/fixtures/test-queues.js';
import type { SandboxOrder } from '../../../tests/sandbox/printful/orders.js';
import { createOrderHarness, type OrderHarness } from './order-harness.js';

// The order harness plus what happens after payment: a paid order with a confirmed Printful
// order, Printful webhooks and Stripe refund and dispute events enqueued the way the API does.

export interface PaidOrder {
  orderId: string;
  sessionId: string;
  paymentIntent: string;
  printfulOrderId: number;
}

export interface AfterPaymentHarness extends OrderHarness {
  paidOrder(quantities?: number[]): Promise<PaidOrder>;
  /**
   * Runs one Printful order webhook through the worker (jobId from the delivery, as the API adds
   * it). First the sandbox's Printful order is moved the way the event says, as Printful's own
   * change precedes its webhook; `printfulAgrees: false` sends the event with Printful unchanged.
   */
  printfulEvent(
    type: PrintfulOrderEventType,
    paid: Pick<PaidOrder, 'orderId' | 'printfulOrderId'>,
    options?: Partial<PrintfulOrderEventJobData>,
    printful?: { printfulAgrees?: boolean },
  ): Promise<{ job: Job; result: unknown; data: PrintfulOrderEventJobData }>;
  runPrintfulJob(data: PrintfulOrderEventJobData): Promise<unknown>;
  /** Runs the orders job for a Stripe event the sandbox emitted (by type and object id). */
  stripeEvent(type: StripePaymentEventType, objectId: string): Promise<unknown>;
  /** The Stripe sandbox's event of this type about this object (refund, charge or dispute id). */
  stripeEventId(type: StripePaymentEventType, objectId: string): string;
  runRetry(orderId: string): Promise<unknown>;
  /** The job the API queues after a shopper's grace-period change (number `changeNumber`). */
  runGraceChange(orderId: string, changeNumber: number): Promise<unknown>;
  /** The grace period ends now (as the studio's "confirm now" does): the hold's end moves and its release job runs. */
  endGrace(orderId: string): Promise<unknown>;
  /** The e-mail written for a notification job id (waits for it), as a mail client shows it. */
  email(jobId: string): Promise<string>;
}

// Events happened in the recent past, one after another (a time after now is capped at now).
let created = Math.floor(Date.now() / 1000) - 86_400;
let shipmentIds = 7_000_001;

/** The sandbox's Printful order as it stands after the change the event reports. */
function movePrintfulOrder(order: SandboxOrder, data: PrintfulOrderEventJobData): PrintfulOrderEventJobData {
  const status: Record<PrintfulOrderEventType, string> = {
    order_failed: 'failed',
    order_canceled: 'canceled',
    order_put_hold: 'onhold',
    order_remove_hold: data.printfulStatus ?? 'pending',
    package_shipped: data.printfulStatus ?? 'fulfilled',
    package_returned: order.status,
  };
  order.status = status[data.type];
  order.updated = data.created;
  if (data.type === 'package_shipped' && data.shipment) {
    const id = data.shipment.id ?? String(shipmentIds++);
    order.shipments.push({
      id: Number(id),
      carrier: data.shipment.carrier,
      tracking_number: data.shipment.number,
      tracking_url: data.shipment.url,
    });
    return { ...data, shipment: { ...data.shipment, id } };
  }
  if (data.type === 'package_returned' && !data.shipment) {
    // Printful's package_returned names the shipment that came back: the order's last one.
    const last = order.shipments.at(-1) as { id: number; carrier: string; tracking_number: string } | undefined;
    if (last)
      return {
        ...data,
        shipment: {
          id: String(last.id),
          carrier: last.carrier,
          number: last.tracking_number,
          url: null,
          shippedAt: null,
        },
      };
  }
  return data;
}

export async function createAfterPaymentHarness(
  options: { env?: Record<string, string>; printfulRateLimitPerMin?: number } = {},
): Promise<AfterPaymentHarness> {
  const h = await createOrderHarness(options);
  const opened: TestQueues<[typeof QUEUES.orders]> = await openTestQueues(h.config.REDIS_URL, h.config.QUEUE_PREFIX, [
    QUEUES.orders,
  ]);
  const orders: Queue = opened.queues[0];
  const finish = (job: Job) => job.waitUntilFinished(opened.queueEvents, 60_000);

  function stripeEventId(type: StripePaymentEventType, objectId: string): string {
    const event = [...h.stripeSandbox.events.values()].find(
      (e) => e.type === (type as string) && (e.data.object as { id: string }).id === objectId,
    );
    if (!event) throw new Error(`The Stripe sandbox sent no ${type} for ${objectId}`);
    return event.id;
  }

  async function runPrintfulJob(data: PrintfulOrderEventJobData) {
    const job = await orders.add(JOBS.orders.printfulEvent, data, {
      ...ORDER_JOB_OPTIONS,
      jobId: printfulEventJobId(data.deliveryId),
    });
    return finish(job);
  }

  return {
    ...h,
    async close() {
      await opened.close();
      await h.close();
    },
    async paidOrder(quantities = [1, 2]) {
      const { orderId, sessionId } = await h.checkout(quantities);
      await h.pay(sessionId);
      await h.runEvent(sessionId, JOBS.orders.checkoutCompleted);
      const order = await h.order(orderId);
      const session = await h.stripe.checkout.sessions.retrieve(sessionId);
      return {
        orderId,
        sessionId,
        paymentIntent: session.payment_intent as string,
        printfulOrderId: Number(order.fulfilment.orderId),
      };
    },
    async printfulEvent(type, paid, options = {}, { printfulAgrees = true } = {}) {
      created += 10;
      let data: PrintfulOrderEventJobData = {
        deliveryId: `printful-${type}-${paid.orderId}-${randomUUID().slice(0, 8)}`,
        type,
        created,
        externalId: paid.orderId,
        printfulOrderId: paid.printfulOrderId,
        printfulStatus: null,
        reason: null,
        shipment: null,
        ...options,
      };
      const atPrintful = h.printfulSandbox.orders.find(`@${paid.orderId}`);
      if (printfulAgrees && atPrintful) data = movePrintfulOrder(atPrintful, data);
      const job = await orders.add(JOBS.orders.printfulEvent, data, {
        ...ORDER_JOB_OPTIONS,
        jobId: printfulEventJobId(data.deliveryId),
      });
      return { job, result: await finish(job), data };
    },
    runPrintfulJob,
    stripeEventId,
    async stripeEvent(type, objectId) {
      const eventId = stripeEventId(type, objectId);
      const event = h.stripeSandbox.events.get(eventId)!;
      const object = event.data.object as unknown as { id: string; payment_intent?: string | null };
      const data: PaymentEventJobData = {
        eventId,
        eventType: type,
        objectId: object.id,
        paymentIntent: object.payment_intent ?? null,
        eventCreated: event.created,
      };
      const job = await orders.add(JOBS.orders.paymentEvent, data, {
        ...ORDER_JOB_OPTIONS,
        jobId: orderJobId(eventId),
      });
      return finish(job);
    },
    async runRetry(orderId) {
      const requestedAt = new Date().toISOString();
      const job = await orders.add(
        JOBS.orders.retryFulfilment,
        { orderId, requestedBy: 'admin-test', requestedAt },
        { ...ORDER_JOB_OPTIONS, jobId: `retry-${orderId}-${randomUUID().slice(0, 8)}` },
      );
      return finish(job);
    },
    async runGraceChange(orderId, changeNumber) {
      const job = await orders.add(
        JOBS.orders.graceChange,
        { orderId },
        { ...ORDER_JOB_OPTIONS, jobId: graceChangeJobId(orderId, changeNumber) },
      );
      return finish(job);
    },
    async endGrace(orderId) {
      const changed = await changeHoldEnd(h.store, orderId, new Date().toISOString(), 'studio@test');
      if (!changed?.hold) return null;
      const job = await orders.add(
        JOBS.orders.releaseOrder,
        { orderId },
        { ...ORDER_JOB_OPTIONS, jobId: releaseJobId(orderId, changed.hold.until) },
      );
      return finish(job);
    },
    async email(jobId) {
      const file = path.join(h.config.OUTBOX_DIR, `${jobId}.eml`);
      const deadline = Date.now() + 30_000;
      for (;;) {
        try {
          return readableMessage(readFileSync(file, 'utf8'));
        } catch (error) {
          if (Date.now() > deadline) throw error;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    },
  };
}
