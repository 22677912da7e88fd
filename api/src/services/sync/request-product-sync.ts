import type { FastifyInstance } from 'fastify';
import { enqueueProductSync, type ProductSyncData } from '@shop/shared/server/queues';
import { queueOrUnavailable } from '../queues/queue-or-unavailable.js';

// Enqueues a product sync for the admin endpoint and the Printful webhook. One sync runs at a
// time (deduplication): a request while one is waiting or running gets that job's id.

const ENQUEUE_TIMEOUT_MS = 5_000;

/** The job id; Redis being down (or too slow to answer) is 503 rather than a hung request. */
export async function requestProductSync(app: FastifyInstance, data: ProductSyncData): Promise<string> {
  const { jobId } = await queueOrUnavailable(() => enqueueProductSync(app.queues.productSync, data), {
    timeoutMs: ENQUEUE_TIMEOUT_MS,
    onFailure: (e) => app.log.warn({ err: (e as Error).message }, 'product sync could not be enqueued'),
  });
  return jobId;
}
