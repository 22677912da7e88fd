import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { parseConfig } from '@shop/shared/server/config';
import {
  PRODUCT_SYNC_DEDUPLICATION_ID,
  QUEUES,
  createRedis,
  enqueueProductSync,
  isProductSyncJobId,
} from '@shop/shared/server/queues';
import { PRODUCT_SYNC_SCHEDULERS, scheduleProductSync } from '../../src/jobs/product-sync/index.js';

// How syncs get onto the queue: on request (one at a time) and on the two schedules.

const prefix = `test-${randomUUID()}`;
const connection = createRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', 'worker');
const queue = new Queue(QUEUES.productSync, { connection, prefix });

afterAll(async () => {
  await queue.obliterate({ force: true });
  await queue.close();
  connection.disconnect();
});

describe('enqueueProductSync', () => {
  it('gives two requests made at the same time one job', async () => {
    const [a, b] = await Promise.all([enqueueProductSync(queue, { fullSync: true }), enqueueProductSync(queue, {})]);
    expect(a.jobId).toBe(b.jobId);
    expect([a.deduplicated, b.deduplicated].sort()).toEqual([false, true]);
    expect(await queue.getDeduplicationJobId(PRODUCT_SYNC_DEDUPLICATION_ID)).toBe(a.jobId);
    expect(await queue.getJobCounts('waiting')).toEqual({ waiting: 1 });

    const later = await enqueueProductSync(queue, { productIds: ['311000001'] });
    expect(later).toEqual({ jobId: a.jobId, deduplicated: true });
    // The admin API looks up only ids of this shape in the queue.
    expect(isProductSyncJobId(a.jobId)).toBe(true);
  });

  it('rejects job data the worker could not run', async () => {
    await expect(enqueueProductSync(queue, { days: -1 })).rejects.toThrow();
    await expect(enqueueProductSync(queue, { productIds: ['../etc'] })).rejects.toThrow();
  });
});

describe('scheduleProductSync', () => {
  it('keeps one hourly incremental and one nightly full scheduler however often it runs', async () => {
    const config = parseConfig({ SYNC_SCHEDULE: '0 * * * *', FULL_SYNC_SCHEDULE: '30 3 * * *' });
    await scheduleProductSync(queue, config);
    await scheduleProductSync(queue, config);
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers.map((s) => [s.key, s.name, s.pattern]).sort()).toEqual([
      [PRODUCT_SYNC_SCHEDULERS.full, 'full', '30 3 * * *'],
      [PRODUCT_SYNC_SCHEDULERS.incremental, 'incremental', '0 * * * *'],
    ]);
    expect(await queue.getGlobalConcurrency()).toBe(1);
    // Each scheduler's next run is a delayed job whose id the admin API must still look up.
    const scheduled = await queue.getJobs(['delayed']);
    expect(scheduled.map((job) => job.name).sort()).toEqual(['full', 'incremental']);
    for (const job of scheduled) expect(isProductSyncJobId(job.id ?? ''), job.id).toBe(true);
    for (const key of ['events', 'meta', 'id', `repeat:${PRODUCT_SYNC_SCHEDULERS.full}`, 'sync-nope'])
      expect(isProductSyncJobId(key), key).toBe(false);
  });
});
