import { fulfilmentInWords, repricedWithinMargin } from '@shop/shared/domain/order';
import type { Order } from '@shop/shared/schemas';
import type { PrintfulClient, PrintfulOrder } from '@shop/shared/providers/printful';
import type { JobContext } from '../../../job-module.js';
import { queueAlert } from '../order-alerts.js';
import { printfulOrderCost } from './printful-order.js';

// Printful holds an order it cannot price at once (advanced embroidery), calculates the cost and
// sends it back to draft with order_remove_hold; it must be confirmed again or it is never made
// (docs/fidelity.md#printful-order-states). The store confirms it when the new cost keeps the
// margin guard, else leaves it a draft and tells the studio (Retry fulfilment confirms it).

export async function confirmRepricedDraft(
  ctx: JobContext,
  printful: PrintfulClient,
  order: Order,
  draft: PrintfulOrder,
  fact: string,
): Promise<void> {
  if (order.status !== 'paid') return;
  const cost = printfulOrderCost(draft);
  const within = repricedWithinMargin(order, cost, ctx.config.MIN_MARGIN_PERCENT);
  const placed = within ? await printful.confirmOrder(draft.id) : draft;
  await ctx.orders.recordFulfilmentChange(order.id, {
    orderId: draft.id,
    status: placed.status,
    reason: within ? null : `Printful now charges $${(cost ?? 0).toFixed(2)}, above the margin guard`,
    cost: printfulOrderCost(placed) ?? cost,
    event: {
      // The shop's own step (like a retry): Printful's event times, which order its webhooks, stay Printful's.
      at: new Date().toISOString(),
      source: 'studio',
      type: within ? 'printful-reconfirm' : 'printful-repriced',
      eventId: `repriced-${fact}`,
      note: `Printful order ${draft.id} is ${fulfilmentInWords(placed.status)} at $${(cost ?? 0).toFixed(2)}`,
    },
  });
  if (!within) {
    const note = `Printful now charges $${(cost ?? 0).toFixed(2)} for it`;
    await queueAlert(ctx, order.id, { kind: 'fulfilment-repriced', audience: 'studio', subject: fact, note });
  }
}
