import { randomUUID } from 'node:crypto';
import type { JobsOptions, Queue } from 'bullmq';
import { z } from 'zod';
import {
  pictureFailureSchema,
  syncFailureSchema,
  syncProgressSchema,
  syncResultSchema,
} from '../../schemas/product-sync.js';
import {
  PRODUCT_SYNC_JOB_NAMES,
  productSyncDataSchema,
  type ProductSyncData,
  type ProductSyncJobName,
} from '../../schemas/product-sync-job.js';

// The product-sync queue's contract (docs/contracts.md#queues-and-events), shared by the API (admin endpoint,
// Printful webhooks) and the worker: job data, the run record in `syncRuns`, and how a sync is
// enqueued so that only one runs at a time. Progress, counts and failures use the browser-safe
// schemas the admin screen reads, so a run record and the API's answer never drift apart.

export {
  PRODUCT_SYNC_JOB_NAMES,
  productSyncDataSchema,
  productSyncResultSchema,
  type ProductSyncData,
  type ProductSyncJobName,
  type ProductSyncResult,
} from '../../schemas/product-sync-job.js';

/** `syncRuns/{jobId}`: one product sync, written when it starts and when it ends. */
export const syncRunSchema = z.object({
  id: z.string(),
  name: z.enum(PRODUCT_SYNC_JOB_NAMES),
  state: z.enum(['active', 'completed', 'failed']),
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  options: productSyncDataSchema,
  attempt: z.number().int().positive(),
  progress: syncProgressSchema,
  counts: syncResultSchema,
  unchanged: z.number().int().nonnegative(),
  failures: z.array(syncFailureSchema),
  pictureFailures: z.array(pictureFailureSchema).optional(),
  archived: z.array(z.string()).optional(),
  /** Why the whole run failed (per-product failures are in `failures`). */
  error: z.string().nullable(),
});
export type SyncRun = z.infer<typeof syncRunSchema>;

/**
 * The ids a product-sync job can have: an enqueued one's `sync-<uuid>` and a scheduled one's
 * `repeat:<scheduler>:<millis>`. The queue keeps its own bookkeeping (event stream, meta hash, state
 * lists, scheduler records) beside the jobs under the same prefix, so an id of any other shape is
 * never looked up there: it names no job, and reading such a key as one fails.
 */
const PRODUCT_SYNC_JOB_ID = /^(?:sync-[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}|repeat:[a-z0-9-]+:\d+)$/;

export function isProductSyncJobId(id: string): boolean {
  return PRODUCT_SYNC_JOB_ID.test(id);
}

/** Every admin or webhook sync shares this deduplication id: one sync at a time. */
export const PRODUCT_SYNC_DEDUPLICATION_ID = 'product-sync';

/** Options of every product-sync job, scheduled or requested. */
export const PRODUCT_SYNC_JOB_OPTIONS = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 30_000 },
  removeOnComplete: { age: 7 * 24 * 3600, count: 200 },
  removeOnFail: { age: 30 * 24 * 3600, count: 200 },
} satisfies JobsOptions;

export function productSyncJobName(data: ProductSyncData): ProductSyncJobName {
  return data.fullSync ? 'full' : 'incremental';
}

/**
 * Enqueues a sync unless one is already waiting or running, in which case that job's id comes
 * back (`deduplicated: true`). While a sync is running, the latest request is also kept and runs
 * after it (BullMQ's keepLastIfActive), so a webhook that arrives mid-sync is not lost; if several
 * arrive, the last one's productIds are kept, and the nightly full sync covers the rest.
 */
export async function enqueueProductSync(
  queue: Queue,
  data: ProductSyncData,
): Promise<{ jobId: string; deduplicated: boolean }> {
  const parsed = productSyncDataSchema.parse(data);
  // Our own id tells whether add() created this job or answered with the one holding the key.
  const requestedId = `sync-${randomUUID()}`;
  const job = await queue.add(productSyncJobName(parsed), parsed, {
    ...PRODUCT_SYNC_JOB_OPTIONS,
    jobId: requestedId,
    deduplication: { id: PRODUCT_SYNC_DEDUPLICATION_ID, keepLastIfActive: true },
  });
  const jobId = job.id ?? requestedId;
  return { jobId, deduplicated: jobId !== requestedId };
}
