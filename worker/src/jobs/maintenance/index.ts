import type { Queue } from 'bullmq';
import { UnrecoverableError } from 'bullmq';
import { JOBS, QUEUES } from '@shop/shared/server/queues';
import type { JobModule } from '../../job-module.js';
import { cleanupGuestCarts } from './guest-cart-cleanup.js';
import { runRateRefresh, scheduleRateRefresh } from './refresh-rates.js';

// Housekeeping jobs of the `maintenance` queue.

/** Every day at 04:15 UTC, a quiet hour for the store. */
export const GUEST_CART_CLEANUP_PATTERN = '15 4 * * *';

/** Creates or updates the daily cleanup scheduler; calling it again never duplicates it. */
export async function scheduleMaintenance(queue: Queue): Promise<void> {
  await queue.upsertJobScheduler(
    JOBS.maintenance.guestCartCleanup,
    { pattern: GUEST_CART_CLEANUP_PATTERN, tz: 'UTC' },
    { name: JOBS.maintenance.guestCartCleanup, data: {}, opts: { removeOnComplete: 30, removeOnFail: 30 } },
  );
}

export const jobModule: JobModule = {
  queue: QUEUES.maintenance,
  concurrency: 1,
  async process(job, ctx) {
    if (job.name === JOBS.maintenance.refreshRates) return runRateRefresh(ctx);
    if (job.name !== JOBS.maintenance.guestCartCleanup)
      throw new UnrecoverableError(`Unknown maintenance job "${job.name}"`);
    const result = await cleanupGuestCarts(ctx.store);
    ctx.logger.info(result, 'guest carts cleaned up');
    return result;
  },
  schedule: async (queue, ctx) => {
    await scheduleMaintenance(queue);
    await scheduleRateRefresh(queue, ctx.config);
  },
};
