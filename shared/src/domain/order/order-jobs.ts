import { ORDER_JOB_ATTEMPTS, ORDER_JOB_BACKOFF_MS } from '../../constants/index.js';

// Job ids and options of the order and notification jobs, shared by their producers (the API's
// Stripe webhook and shipping update, the worker's fulfilment). Ids are derived from what the job
// is about, so a repeated event or step adds no second job (BullMQ ignores a known jobId).

// Completed jobs stay a day so that a late duplicate still meets its jobId; webhookEvents remembers
// Stripe events for good.
const DAY_S = 24 * 60 * 60;

/** One `orders` job per Stripe event (docs/providers.md#bullmq: no ':' in ids). */
export const orderJobId = (stripeEventId: string) => `stripe-${stripeEventId}`;
export const confirmationEmailJobId = (orderId: string) => `order-confirmation-${orderId}`;
export const shippedEmailJobId = (orderId: string) => `order-shipped-${orderId}`;

/** Options of every job an order produces: its Stripe events and its e-mails. */
export const ORDER_JOB_OPTIONS = {
  attempts: ORDER_JOB_ATTEMPTS,
  backoff: { type: 'exponential', delay: ORDER_JOB_BACKOFF_MS },
  removeOnComplete: { age: DAY_S, count: 10_000 },
  removeOnFail: { age: 7 * DAY_S },
} as const;
