import { fulfilmentInWords } from '@shop/shared/domain/order';
import type { Order } from '@shop/shared/schemas';
import type { JobContext } from '../../../job-module.js';
import { PrintfulRequestError, type PrintfulClient } from '@shop/shared/providers/printful';

// A fully refunded order whose Printful order is still a draft or pending (not yet in production)
// is cancelled at Printful (v1 DELETE /orders/{id}; docs/providers.md#printful-orders). A
// repeat, or a run after a crash, meets an order Printful already cancelled: Printful's current
// status is then read and recorded.

const CANCEL_EVENT_ID = (orderId: string) => `cancel-after-refund-${orderId}`;

export async function cancelPrintfulOrder(ctx: JobContext, printful: PrintfulClient, order: Order): Promise<string> {
  const id = Number(order.fulfilment.orderId);
  let status: string;
  try {
    status = (await printful.cancelOrder(id)).status;
  } catch (error) {
    if (!(error instanceof PrintfulRequestError)) throw error;
    status = (await printful.getOrder(id)).status;
  }
  await ctx.orders.recordFulfilmentChange(order.id, {
    orderId: order.fulfilment.orderId,
    status,
    reason: status === 'canceled' ? 'Cancelled after a full refund' : (order.fulfilment.reason ?? null),
    event: {
      at: new Date().toISOString(),
      source: 'studio',
      type: 'printful-cancel',
      eventId: CANCEL_EVENT_ID(order.id),
      note: `Printful order ${id} is ${fulfilmentInWords(status)}`,
    },
  });
  if (status !== 'canceled') {
    ctx.logger.warn({ orderId: order.id, printfulOrderId: id, status }, 'printful order could not be cancelled');
  }
  return status;
}
