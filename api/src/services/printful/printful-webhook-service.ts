import type { FastifyInstance } from 'fastify';
import { printfulProductEventDataSchema, type PrintfulWebhook } from '@shop/shared/providers/printful';
import { enqueuePrintfulOrderEvent, PRINTFUL_ORDER_EVENTS, printfulOrderJob } from './printful-order-events.js';
import { requestProductSync } from '../sync/request-product-sync.js';
import { handleDeliveryOnce } from '../webhooks/delivery-once.js';
import { dataOf, deliveryId } from './printful-webhook-event.js';

// Printful v1 webhooks (docs/providers.md#printful-webhooks; docs/contracts.md#http-api). They are unsigned, so
// the route carries a secret token and the payload is only a hint: product events re-fetch the
// named products from Printful through an incremental sync, never trusting the payload's data;
// order events are handed to the worker on the `orders` queue.
// Printful retries anything but a 200 (after 1, 4, 16... minutes), so each delivery is recorded in
// `webhookEvents` once handled (handleDeliveryOnce, as for Stripe), and a repeat is answered 200
// without doing the work again.

const PRODUCT_EVENTS = new Set(['product_synced', 'product_updated', 'product_deleted']);

/** A delivery's envelope as Printful sends it: the route validates the body with it. */
export { printfulWebhookSchema } from '@shop/shared/providers/printful';

export const PRINTFUL_WEBHOOK_OUTCOMES = ['sync-queued', 'order-queued', 'duplicate', 'ignored'] as const;
export type PrintfulWebhookOutcome = (typeof PRINTFUL_WEBHOOK_OUTCOMES)[number];

export async function handlePrintfulWebhook(
  app: FastifyInstance,
  event: PrintfulWebhook,
): Promise<{ outcome: PrintfulWebhookOutcome; jobId?: string }> {
  if (PRODUCT_EVENTS.has(event.type)) {
    const { sync_product } = dataOf(event, printfulProductEventDataSchema);
    const id = deliveryId(event, String(sync_product.id));
    return once(app, id, event, 'sync-queued', () =>
      requestProductSync(app, { productIds: [String(sync_product.id)] }),
    );
  }
  if (PRINTFUL_ORDER_EVENTS.has(event.type)) {
    // Order events only go to the worker, which makes every change after checkout's pending order (docs/rules.md#after-payment).
    const job = printfulOrderJob(event);
    // An order Printful has without our external_id was not placed by this shop.
    if (!job) return { outcome: 'ignored' };
    return once(app, job.deliveryId, event, 'order-queued', () => enqueuePrintfulOrderEvent(app, job));
  }
  return { outcome: 'ignored' };
}

/** Queues the delivery's job unless the delivery was handled before, and records it. */
async function once(
  app: FastifyInstance,
  id: string,
  event: PrintfulWebhook,
  outcome: 'sync-queued' | 'order-queued',
  queue: () => Promise<string>,
): Promise<{ outcome: PrintfulWebhookOutcome; jobId?: string }> {
  const handled = await handleDeliveryOnce(app.store, id, async () => ({
    result: await queue(),
    record: {
      provider: 'printful',
      type: event.type,
      created: event.created,
      retries: event.retries,
      receivedAt: new Date().toISOString(),
      outcome,
    },
  }));
  return handled.duplicate ? { outcome: 'duplicate' } : { outcome, jobId: handled.result };
}
