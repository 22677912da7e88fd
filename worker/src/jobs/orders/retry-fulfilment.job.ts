import type { Job } from 'bullmq';
import { canRetryFulfilment, fulfilmentInWords, NOT_APPLIED, orderStage } from '@shop/shared/domain/order';
import { retryFulfilmentJobDataSchema } from '@shop/shared/schemas';
import type { JobContext } from '../../job-module.js';
import {
  placementOfPrintfulExternalId,
  printfulCallAllowed,
  printfulExternalIdFor,
  printfulExternalIdOf,
  type PrintfulClient,
  type PrintfulOrder,
} from '@shop/shared/providers/printful';
import { findByExternalId as existing, printfulOrderCost } from './printful/printful-order.js';
import { placeOrderWithTeamSlip } from './team-order-slip.js';
import { queueAlert } from './order-alerts.js';

// The studio's "retry fulfilment" (POST /api/admin/orders/:id/retry-fulfilment), by Printful's
// order model (docs/fidelity.md#printful-order-states): a draft is confirmed; a failed order (fixed
// meanwhile in Printful's dashboard) is submitted again with PUT ?confirm; one that never reached
// Printful is placed. An order Printful cancelled keeps its external_id for good, so the order is
// placed anew under the next external_id (printfulExternalIdFor) and that new order is recorded.

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
  let externalId = printfulExternalIdOf(order);
  let current = await existing(printful, externalId);
  if (current?.status === 'canceled') {
    externalId = printfulExternalIdFor(order.id, placementOfPrintfulExternalId(externalId) + 1);
    current = await existing(printful, externalId);
  }
  const placed: PrintfulOrder = !current
    ? await placeOrderWithTeamSlip(ctx, printful, order, externalId)
    : printfulCallAllowed('confirm', current.status)
      ? await printful.confirmOrder(current.id)
      : current.status === 'failed'
        ? await printful.resubmitOrder(current.id)
        : current;
  await ctx.orders.recordFulfilmentChange(order.id, {
    orderId: placed.id,
    status: placed.status,
    reason: null,
    cost: printfulOrderCost(placed),
    externalId,
    event: {
      ...event,
      note: `Printful order ${placed.id} is ${fulfilmentInWords(placed.status)} (asked by ${data.requestedBy})`,
    },
  });
  // The shopper was told the order was held ("we will contact you"): say it is being made now.
  const wasHeld = orderStage({ status: order.status, fulfilmentStatus: order.fulfilment.status }) === 'on-hold';
  const nowMade = orderStage({ status: order.status, fulfilmentStatus: placed.status }) === 'in-production';
  if (wasHeld && nowMade)
    await queueAlert(ctx, order.id, {
      kind: 'hold-released',
      audience: 'shopper',
      subject: `placed-${placed.id}`,
      note: null,
    });
  return { outcome: 'placed', status: placed.status };
}
