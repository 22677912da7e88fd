import type { Job } from 'bullmq';
import { alertsForPrintfulEvent } from '@shop/shared/domain/order';
import { printfulOrderEventJobDataSchema } from '@shop/shared/schemas';
import { applyPrintfulEvent, type EventOutcome } from '@shop/shared/server/orders';
import type { JobContext } from '../../job-module.js';
import { announce, queueAlert, queueShippedEmail } from './order-alerts.js';

// One Printful order webhook (reference/providers-commerce.md A3), verified by the API's token
// and queued here so that the worker alone writes orders. The event is recorded in the order's
// history once; whether it changes anything is decided in applyPrintfulEvent.

export type PrintfulEventOutcome =
  | { outcome: EventOutcome; orderId: string; firstTime: boolean; status: string; fulfilment: string }
  | { outcome: 'order-unknown'; externalId: string };

export async function processPrintfulEvent(job: Job, ctx: JobContext): Promise<PrintfulEventOutcome> {
  const event = printfulOrderEventJobDataSchema.parse(job.data);
  const result = await applyPrintfulEvent(ctx.store, event);
  const log = ctx.logger.child({ printfulEvent: event.deliveryId, type: event.type });
  if (!result.order) {
    log.info({ externalId: event.externalId }, 'printful event for an order this shop does not have');
    return { outcome: 'order-unknown', externalId: event.externalId };
  }
  const { order } = result;
  // Repeated after a crash too: the e-mails' job ids keep them single.
  if (result.outcome === 'applied') {
    if (event.type === 'package_shipped') await queueShippedEmail(ctx, order);
    for (const alert of alertsForPrintfulEvent(event.type, order)) {
      await queueAlert(ctx, order.id, { ...alert, subject: event.deliveryId, note: event.reason });
    }
  }
  if (result.firstTime) await announce(ctx, order);
  log.info({ orderId: order.id, outcome: result.outcome, firstTime: result.firstTime }, 'printful event');
  return {
    outcome: result.outcome,
    orderId: order.id,
    firstTime: result.firstTime,
    status: order.status,
    fulfilment: order.fulfilment.status,
  };
}
