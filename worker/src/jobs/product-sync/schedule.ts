import type { Queue } from 'bullmq';
import type { Config } from '@shop/shared/server/config';
import { PRODUCT_SYNC_JOB_OPTIONS } from '@shop/shared/server/queues';

// The recurring syncs (docs/contracts.md#queues-and-events): an incremental one on SYNC_SCHEDULE (hourly by
// default) and a full one on FULL_SYNC_SCHEDULE (nightly), which catches what neither the list
// summary nor a webhook shows (a price change, say).

export const PRODUCT_SYNC_SCHEDULERS = { incremental: 'product-sync-incremental', full: 'product-sync-full' } as const;

/** Creates or updates both schedulers; calling it again (every worker start) never duplicates them. */
export async function scheduleProductSync(
  queue: Queue,
  config: Pick<Config, 'SYNC_SCHEDULE' | 'FULL_SYNC_SCHEDULE'>,
): Promise<void> {
  // Scheduled jobs cannot carry a deduplication id, so the queue itself runs one sync at a time
  // across all replicas.
  await queue.setGlobalConcurrency(1);
  await queue.upsertJobScheduler(
    PRODUCT_SYNC_SCHEDULERS.incremental,
    { pattern: config.SYNC_SCHEDULE, tz: 'UTC' },
    { name: 'incremental', data: {}, opts: PRODUCT_SYNC_JOB_OPTIONS },
  );
  await queue.upsertJobScheduler(
    PRODUCT_SYNC_SCHEDULERS.full,
    { pattern: config.FULL_SYNC_SCHEDULE, tz: 'UTC' },
    { name: 'full', data: { fullSync: true }, opts: PRODUCT_SYNC_JOB_OPTIONS },
  );
}
