import type { Job } from 'bullmq';
import { canRetryFulfilment, fulfilmentInWords, NOT_APPLIED } from '@shop/shared/domain/order';
import { retryFulfilmentJobDataSchema } from '@shop/shared/schemas';
import type { JobContext } from '../../job-module.js';
import type { PrintfulClient } from '@shop/shared/providers/printful';
import { findByExternalId as existing, printfulOrderCost } from './printful/printful-order.js';
import { placeOrderWithTeamSlip } from './team-order-slip.js';

// The studio's "retry fulfilment" (POST /api/admin/orders/:id/retry-fulfilment): a paid order
// whose Printful order failed (fixed meanwhile in Printful's dashboard) is confirmed again, and
// one that never reached Printful is placed. Printful keeps one order per external_id, so a
// retry never makes a second one.

export type RetryOutcome = { outcome: 'placed'; status: string } | { outcome: 'not-needed'; reason: string };

export async function processRetryFulfilment(
  job: Job,
  ctx: JobContext,
  printful: PrintfulClient,
): Promise<RetryOutcome> {
  const data = retryFulfilmentJobDataSchema.parse(job.data);
  const order = await ctx.orders.readOrder(data.orderId);
  if (!order) return { outcome: 'not-needed', reason: 'no such order' };
  const event = { at: data.requestedAt, source: 'studio' as const, type: 'retry-fulfilment', eventId: job.id ?? null };
  if (!canRetryFulfilment(order)) {
    const reason = `the order is ${order.status} and its Printful order is ${fulfilmentInWords(order.fulfilment.status)}`;
    await ctx.orders.recordOrderEvent(order.id, { ...event, note: `${NOT_APPLIED}${reason}` });
    return { outcome: 'not-needed', reason };
  }
  const current = await existing(printful, order.id);
  const placed =
    current && (current.status === 'failed' || current.status === 'draft')
      ? await printful.confirmOrder(current.id)
      : (current ?? (await placeOrderWithTeamSlip(ctx, printful, order)));
  await ctx.orders.recordFulfilmentChange(order.id, {
    orderId: placed.id,
    status: placed.status,
    reason: null,
    cost: printfulOrderCost(placed),
    event: {
      ...event,
      note: `Printful order ${placed.id} is ${fulfilmentInWords(placed.status)} (asked by ${data.requestedBy})`,
    },
  });
  return { outcome: 'placed', status: placed.status };
}
