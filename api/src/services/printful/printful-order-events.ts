import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '@shop/shared';
import { ORDER_JOB_OPTIONS, printfulEventJobId, safeTrackingUrl } from '@shop/shared/domain/order';
import {
  PRINTFUL_ORDER_EVENT_TYPES,
  printfulOrderEventJobDataSchema,
  type PrintfulOrderEventJobData,
} from '@shop/shared/schemas';
import type { PrintfulWebhook } from '@shop/shared/providers/printful';
import { JOBS } from '@shop/shared/server/queues';
import { queueOrUnavailable } from '../queues/queue-or-unavailable.js';
import { dataOf, deliveryId } from './printful-webhook-event.js';

// Printful's order webhooks (docs/providers.md#printful-orders) become one `orders` job per
// delivery; the worker applies them. The token proves the sender; the payload still only names
// an order of ours by external_id, and a tracking link that is not http(s) is dropped here too.

export const PRINTFUL_ORDER_EVENTS: ReadonlySet<string> = new Set(PRINTFUL_ORDER_EVENT_TYPES);

const text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined || v === '' ? null : String(v).slice(0, 2000)));

const orderEventDataSchema = z.object({
  reason: text,
  order: z.looseObject({
    id: z.union([z.number().int(), z.string().max(64)]).nullish(),
    external_id: z.string().max(64).nullish(),
    status: z.string().max(64).nullish(),
  }),
  shipment: z
    .looseObject({
      id: z.union([z.number(), z.string().max(64)]).nullish(),
      carrier: text,
      tracking_number: z.union([z.string().min(1).max(200), z.number()]).transform(String),
      tracking_url: text,
      /** Unix seconds. */
      shipped_at: z.number().int().nullish(),
      created: z.number().int().nullish(),
    })
    .nullish(),
});

export interface PrintfulOrderJob {
  deliveryId: string;
  data: PrintfulOrderEventJobData;
}

/** The job for an order event, or null when the order is not one this shop placed. */
export function printfulOrderJob(event: PrintfulWebhook): PrintfulOrderJob | null {
  const { reason, order, shipment } = dataOf(event, orderEventDataSchema);
  if (!order.external_id) return null;
  // Without Printful's order id the event cannot be checked against the order Printful has.
  if (order.id === null || order.id === undefined || order.id === '')
    throw new AppError('invalid-argument', `Invalid ${event.type} payload: data.order.id: Required`);
  if (event.type === 'package_shipped' && !shipment)
    throw new AppError('invalid-argument', `Invalid ${event.type} payload: data.shipment: Required`);
  const subject = shipment ? `${order.external_id}-${shipment.id ?? shipment.tracking_number}` : order.external_id;
  const id = deliveryId(event, subject);
  const shippedAt = shipment ? (shipment.shipped_at ?? shipment.created) : null;
  const data = printfulOrderEventJobDataSchema.parse({
    deliveryId: id,
    type: event.type,
    created: event.created,
    externalId: order.external_id,
    printfulOrderId: order.id,
    printfulStatus: order.status ?? null,
    reason,
    shipment: shipment
      ? {
          id: shipment.id === null || shipment.id === undefined ? null : String(shipment.id),
          carrier: shipment.carrier,
          number: shipment.tracking_number,
          url: safeTrackingUrl(shipment.tracking_url),
          shippedAt: shippedAt ? new Date(shippedAt * 1000).toISOString() : null,
        }
      : null,
  });
  return { deliveryId: id, data };
}

/** Adds the job (a replayed delivery meets its jobId and adds none); 503 when Redis is down. */
export async function enqueuePrintfulOrderEvent(app: FastifyInstance, job: PrintfulOrderJob): Promise<string> {
  const jobId = printfulEventJobId(job.deliveryId);
  await queueOrUnavailable(() =>
    app.queues.orders.add(JOBS.orders.printfulEvent, job.data, { ...ORDER_JOB_OPTIONS, jobId }),
  );
  return jobId;
}
