import type { Job } from 'bullmq';
import { toMajor } from '@shop/shared/domain/currency';
import { graceCancelJobId, isPrintfulCancellable, ORDER_JOB_OPTIONS, releaseJobId } from '@shop/shared/domain/order';
import { orderGraceJobDataSchema, type Order, type OrderGraceJobData, type OrderRefund } from '@shop/shared/schemas';
import { JOBS } from '@shop/shared/server/queues';
import type { PrintfulClient } from '@shop/shared/providers/printful';
import type { JobContext } from '../../job-module.js';
import type { OrderClients } from './order-clients.js';
import { cancelPrintfulOrder } from './printful/cancel-printful-order.js';
import { queueAlert } from './order-alerts.js';
import { findByExternalId, printfulOrderCost } from './printful/printful-order.js';
import { placeOrderWithTeamSlip } from './team-order-slip.js';
import { syncChangedDraft } from './grace-change.job.js';
import { refundRestOfCheckout } from './stripe/grace-refund.js';

// The grace period before production (docs/after-payment.md#the-grace-period-before-production).
// A paid order waits at Printful as a draft; a delayed BullMQ job per hold end confirms it. The
// job lives in Redis, so it survives a worker restart, and its id is derived from the order and
// the end, so however many replicas or retried checkout jobs schedule it, it exists once. The
// shopper's cancellation within the hold is a job of its own: the draft deleted, the payment
// refunded in full (stripe/grace-refund.ts), both sides told.

/** Schedules the release of a held order at its hold's end (at once when the end is past). */
export async function scheduleRelease(ctx: JobContext, order: Order): Promise<void> {
  if (!order.hold || order.hold.releasedAt !== null) return;
  const data: OrderGraceJobData = { orderId: order.id };
  await ctx.queues.orders.add(JOBS.orders.releaseOrder, data, {
    ...ORDER_JOB_OPTIONS,
    jobId: releaseJobId(order.id, order.hold.until),
    delay: Math.max(0, Date.parse(order.hold.until) - Date.now()),
  });
}

export async function queueGraceCancel(ctx: JobContext, orderId: string): Promise<void> {
  const data: OrderGraceJobData = { orderId };
  await ctx.queues.orders.add(JOBS.orders.graceCancel, data, {
    ...ORDER_JOB_OPTIONS,
    jobId: graceCancelJobId(orderId),
  });
}

export type ReleaseOutcome =
  | { outcome: 'released'; orderId: string; printfulOrderId: number; printfulStatus: string }
  | { outcome: 'skipped'; orderId: string; reason: string };

export async function processReleaseOrder(
  job: Job,
  ctx: JobContext,
  printful: PrintfulClient,
): Promise<ReleaseOutcome> {
  const { orderId } = orderGraceJobDataSchema.parse(job.data);
  const { claim, order } = await ctx.orders.claimRelease(orderId);
  if (claim === 'not-due') {
    // The job of an earlier end (the studio extended the hold) leaves it to the job of the new end.
    if (job.id !== releaseJobId(orderId, order!.hold!.until)) return { outcome: 'skipped', orderId, reason: 'moved' };
    // Its own end not reached yet (the clocks of Redis and this machine differ by a moment): the
    // job's backoff tries again.
    throw new Error(`Order ${orderId} is held until ${order!.hold!.until}`);
  }
  if (claim === 'not-held' || !order) {
    // Cancelled, but its refund job could not be queued then: queued now (once, by its id).
    if (order?.cancellation?.kind === 'cancelled' && order.status === 'paid') await queueGraceCancel(ctx, orderId);
    return { outcome: 'skipped', orderId, reason: 'not held' };
  }
  // Cancelled at Printful or already confirmed there by an earlier attempt: nothing to confirm.
  if (order.fulfilment.status !== 'draft' && order.fulfilment.status !== 'none')
    return { outcome: 'skipped', orderId, reason: `Printful order is ${order.fulfilment.status}` };
  // The shopper's changes reach the draft before it is confirmed, whichever job got there first.
  await syncChangedDraft(printful, order);
  // The draft made at payment is confirmed; had none been made, it is made now (a team's names included).
  const placed = await placeOrderWithTeamSlip(ctx, printful, order);
  const updated = await ctx.orders.recordFulfilment(orderId, {
    orderId: placed.id,
    status: placed.status,
    cost: printfulOrderCost(placed),
  });
  ctx.logger.info({ orderId, printfulOrderId: placed.id, status: placed.status }, 'grace period over: order released');
  return {
    outcome: 'released',
    orderId,
    printfulOrderId: Number(updated.fulfilment.orderId),
    printfulStatus: updated.fulfilment.status,
  };
}

export type GraceCancelOutcome =
  | { outcome: 'cancelled'; orderId: string; printful: string; refunds: OrderRefund[] }
  | { outcome: 'skipped'; orderId: string; reason: string };

/** The shopper's cancellation within the hold: Printful first (nothing made), then the refund, then the e-mails. */
export async function processGraceCancel(
  job: Job,
  ctx: JobContext,
  clients: OrderClients,
): Promise<GraceCancelOutcome> {
  const { orderId } = orderGraceJobDataSchema.parse(job.data);
  const order = await ctx.orders.readOrder(orderId);
  if (!order || order.cancellation?.kind !== 'cancelled')
    return { outcome: 'skipped', orderId, reason: 'no cancellation recorded' };

  // A draft the checkout job created after the cancellation was recorded is found by its external id.
  let printfulStatus = order.fulfilment.status;
  const atPrintful = await findByExternalId(clients.printful, orderId);
  if (atPrintful && isPrintfulCancellable(atPrintful.status)) {
    printfulStatus = await cancelPrintfulOrder(ctx, clients.printful, {
      ...order,
      fulfilment: { ...order.fulfilment, orderId: atPrintful.id, status: atPrintful.status },
    });
  } else if (atPrintful) printfulStatus = atPrintful.status;

  const { refunds, chargedCents } = await refundRestOfCheckout(
    clients.stripe,
    orderId,
    order.sessionId,
    job.attemptsMade,
  );
  // Recorded now, so the page says refunded at once; Stripe's own refund event is then a repeat.
  await ctx.orders.applyRefunds(orderId, {
    eventId: `grace-cancel-${orderId}`,
    type: 'grace-cancel-refund',
    created: Math.floor(Date.now() / 1000),
    refunds,
  });
  // The amount in the order's currency, as the e-mails write it (docs/rules.md#local-prices).
  const note = String(toMajor(chargedCents, order.currency));
  await queueAlert(ctx, orderId, { kind: 'cancelled-in-grace', audience: 'shopper', subject: 'grace', note });
  await queueAlert(ctx, orderId, { kind: 'cancelled-in-grace', audience: 'studio', subject: 'grace', note });
  ctx.logger.info({ orderId, printful: printfulStatus, refunds: refunds.length }, 'cancelled within the grace period');
  return { outcome: 'cancelled', orderId, printful: printfulStatus, refunds };
}
