import { UnrecoverableError } from 'bullmq';
import type { Redis } from 'ioredis';
import { JOBS, QUEUES } from '@shop/shared/server/queues';
import { createStripeClient } from '@shop/shared/providers/stripe';
import type { JobContext, JobModule } from '../../job-module.js';
import { createPrintfulClient, createPrintfulPacer } from '@shop/shared/providers/printful';
import { processCheckoutEvent } from './checkout-event.job.js';
import type { OrderClients } from './order-clients.js';
import { processPaymentEvent } from './stripe/payment-event.job.js';
import { processPrintfulEvent } from './printful/printful-event.job.js';
import { processRetryFulfilment } from './retry-fulfilment.job.js';
import { processGraceCancel, processReleaseOrder } from './grace-period.job.js';
import { processGraceChange } from './grace-change.job.js';

// The `orders` queue: one job per Stripe checkout, refund or dispute event and per Printful order
// webhook (docs/contracts.md#queues-and-events and docs/rules.md#after-payment), and the studio's fulfilment retries. Once checkout has
// recorded the pending order (the API's one order write), this worker makes every later change.

const CHECKOUT_JOBS = new Set<string>([
  JOBS.orders.checkoutCompleted,
  JOBS.orders.checkoutAsyncSucceeded,
  JOBS.orders.checkoutFailed,
  JOBS.orders.checkoutExpired,
]);

// Clients per running worker set (its Redis connection), shared by all of its jobs.
const clientsByRunner = new WeakMap<Redis, OrderClients>();

function clientsFor(ctx: JobContext): OrderClients {
  let clients = clientsByRunner.get(ctx.redis);
  if (!clients) {
    clients = {
      stripe: createStripeClient(ctx.config),
      printful: createPrintfulClient(ctx.config, {
        // Orders share the product sync's request budget across replicas.
        pacer: createPrintfulPacer(ctx.redis, ctx.config, 'background'),
        // A 5xx fails the job at once; BullMQ's backoff (ORDER_JOB_OPTIONS) is the retry.
        retry: { maxAttempts: 1 },
      }),
    };
    clientsByRunner.set(ctx.redis, clients);
  }
  return clients;
}

export const jobModule: JobModule = {
  queue: QUEUES.orders,
  concurrency: 8,
  async process(job, ctx) {
    if (job.name === JOBS.orders.printfulEvent) return processPrintfulEvent(job, ctx, clientsFor(ctx).printful);
    if (job.name === JOBS.orders.paymentEvent) return processPaymentEvent(job, ctx, clientsFor(ctx));
    if (job.name === JOBS.orders.releaseOrder) return processReleaseOrder(job, ctx, clientsFor(ctx).printful);
    if (job.name === JOBS.orders.graceCancel) return processGraceCancel(job, ctx, clientsFor(ctx));
    if (job.name === JOBS.orders.graceChange) return processGraceChange(job, ctx, clientsFor(ctx).printful);
    if (job.name === JOBS.orders.retryFulfilment) return processRetryFulfilment(job, ctx, clientsFor(ctx).printful);
    if (!CHECKOUT_JOBS.has(job.name)) throw new UnrecoverableError(`Unknown orders job "${job.name}"`);
    return processCheckoutEvent(job, ctx, clientsFor(ctx));
  },
};
