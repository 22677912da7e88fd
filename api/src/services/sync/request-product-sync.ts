import type { FastifyInstance } from 'fastify';
import { AppError, MESSAGES } from '@shop/shared';
import { enqueueProductSync, type ProductSyncData } from '@shop/shared/server/queues';

// Enqueues a product sync for the admin endpoint and the Printful webhook. One sync runs at a
// time (deduplication): a request while one is waiting or running gets that job's id.

const ENQUEUE_TIMEOUT_MS = 5_000;

/** The job id; Redis being down (or too slow to answer) is 503 rather than a hung request. */
export async function requestProductSync(app: FastifyInstance, data: ProductSyncData): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const { jobId } = await Promise.race([
      enqueueProductSync(app.queues.productSync, data),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer from Redis within ${ENQUEUE_TIMEOUT_MS} ms`)),
          ENQUEUE_TIMEOUT_MS,
        );
      }),
    ]);
    return jobId;
  } catch (e) {
    app.log.warn({ err: (e as Error).message }, 'product sync could not be enqueued');
    throw new AppError('unavailable', MESSAGES.queueUnavailable);
  } finally {
    clearTimeout(timer);
  }
}
