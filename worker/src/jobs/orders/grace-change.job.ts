import type { Job } from 'bullmq';
import { orderGraceJobDataSchema, type Order } from '@shop/shared/schemas';
import { isHeldForGrace } from '@shop/shared/domain/order';
import { PrintfulRequestError, type PrintfulClient } from '@shop/shared/providers/printful';
import type { JobContext } from '../../job-module.js';
import { queueAlert } from './order-alerts.js';
import { printfulOrderInput } from './printful/printful-order.js';

// A shopper's change within the grace period (docs/after-payment.md#changing-an-order-within-the-grace-period),
// already recorded on the order: the Printful draft is brought in line with it (v1 `PUT
// /orders/{id}`, allowed on drafts only) and both sides are e-mailed. The order is the truth and
// the draft follows it: each run sends the order as it is now, so a later change's job, a retry or
// the release (which does the same before it confirms) all leave the draft as the order says.

/** What a draft update sends: the recipient, the lines and the shipping method, as the order has them. */
function draftUpdate(order: Order) {
  const { recipient, items, shipping } = printfulOrderInput(order);
  return { recipient, items, shipping };
}

/**
 * Sends a changed order's lines and address to its Printful draft. Nothing to do when the order
 * was never changed or has no draft yet (the draft will be made from the changed order); a draft
 * Printful has confirmed meanwhile is left to whoever confirmed it, which synced it first.
 */
export async function syncChangedDraft(printful: PrintfulClient, order: Order): Promise<'updated' | 'unchanged'> {
  if (!order.changes?.length || order.fulfilment.status !== 'draft' || order.fulfilment.orderId === null)
    return 'unchanged';
  try {
    await printful.updateOrder(Number(order.fulfilment.orderId), draftUpdate(order));
    return 'updated';
  } catch (error) {
    if (!(error instanceof PrintfulRequestError)) throw error;
    const current = await printful.getOrder(Number(order.fulfilment.orderId));
    if (current.status !== 'draft') return 'unchanged';
    throw error;
  }
}

export type GraceChangeOutcome =
  { outcome: 'synced'; orderId: string; changes: number } | { outcome: 'skipped'; orderId: string; reason: string };

export async function processGraceChange(
  job: Job,
  ctx: JobContext,
  printful: PrintfulClient,
): Promise<GraceChangeOutcome> {
  const { orderId } = orderGraceJobDataSchema.parse(job.data);
  let order = await ctx.orders.readOrder(orderId);
  if (!order?.changes?.length) return { outcome: 'skipped', orderId, reason: 'no change recorded' };
  // Sent until the draft carries the latest change: a change recorded while this one was being
  // sent is sent too, so a slower, older job cannot leave the draft behind the order.
  for (let sent = -1; order && isHeldForGrace(order) && sent !== order.changes!.length;) {
    sent = order.changes!.length;
    await syncChangedDraft(printful, order);
    order = await ctx.orders.readOrder(orderId);
  }
  if (!order?.changes?.length) return { outcome: 'skipped', orderId, reason: 'order gone' };
  const latest = order.changes[order.changes.length - 1];
  const note = `${latest.from} -> ${latest.to}`;
  const subject = `change-${order.changes.length}`;
  await queueAlert(ctx, orderId, { kind: 'order-changed', audience: 'shopper', subject, note });
  await queueAlert(ctx, orderId, { kind: 'order-changed', audience: 'studio', subject, note });
  ctx.logger.info({ orderId, changes: order.changes.length, kind: latest.kind }, 'order changed in the grace period');
  return { outcome: 'synced', orderId, changes: order.changes.length };
}
