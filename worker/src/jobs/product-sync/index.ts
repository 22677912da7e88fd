import { QUEUES } from '@shop/shared/server/queues';
import type { JobModule } from '../../job-module.js';
import { PRINTFUL_RATE_WINDOW_MS } from '@shop/shared/providers/printful';
import { runProductSync, type ProductSyncOptions } from './product-sync.job.js';
import { scheduleProductSync } from './schedule.js';

// The `product-sync` queue: jobs `full` and `incremental` (docs/contracts.md#queues-and-events).

export const DEFAULT_PRODUCT_SYNC_OPTIONS: ProductSyncOptions = {
  windowMs: PRINTFUL_RATE_WINDOW_MS,
  detailConcurrency: 8,
};

/** The queue's handler; tests pass a shorter rate window to match a sandbox's. */
export function createProductSyncModule(options: Partial<ProductSyncOptions> = {}): JobModule {
  const settings = { ...DEFAULT_PRODUCT_SYNC_OPTIONS, ...options };
  return {
    queue: QUEUES.productSync,
    concurrency: 1,
    // A sync of 1000 products at 120 requests a minute runs for ~9 minutes; the lock is renewed
    // meanwhile, and a crashed worker's run is picked up again after lockDuration.
    workerOptions: { lockDuration: 60_000 },
    process: (job, ctx) => runProductSync(job, ctx, settings),
    schedule: (queue, ctx) => scheduleProductSync(queue, ctx.config),
  };
}

export const jobModule = createProductSyncModule();

export { scheduleProductSync, PRODUCT_SYNC_SCHEDULERS } from './schedule.js';
export { runProductSync, type ProductSyncOptions } from './product-sync.job.js';
