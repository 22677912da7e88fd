import { Job, type Queue } from 'bullmq';
import { COLLECTIONS, type CollectionName } from '@shop/shared/server/collections';
import type { Config } from '@shop/shared/server/config';
import type { ShopEvent } from '@shop/shared/server/events';
import {
  QUEUES,
  enqueueProductSync,
  type ProductSyncData,
  type ProductSyncResult,
  type SyncRun,
} from '@shop/shared/server/queues';
import type { FullDocumentStore } from '@shop/shared/server/store';
import type { RunningWorkers } from '../../src/runner.js';
import type { JobModule } from '../../src/job-module.js';
import { createProductSyncModule, type ProductSyncOptions } from '../../src/jobs/product-sync/index.js';
import {
  startPrintfulSandbox,
  type PrintfulSandbox,
  type PrintfulSandboxOptions,
} from '../../../tests/sandbox/printful/server.js';
import { recordShopEvents } from '../../../tests/fixtures/test-queues.js';
import { openWorkerTestBed } from '../helpers/worker-test-bed.js';

// Real parts for the product-sync tests: the Printful sandbox, a SQLite file, the test Redis under
// a queue prefix of its own, and real BullMQ workers started the way the worker process does.

export interface SyncHarness {
  sandbox: PrintfulSandbox;
  store: FullDocumentStore;
  config: Config;
  queue: Queue;
  /** Starts an in-process worker for the product-sync queue. */
  startWorker(module?: Partial<JobModule>): Promise<RunningWorkers>;
  /** Enqueues like the API does and waits for the job to finish. */
  sync(data?: ProductSyncData): Promise<{ jobId: string; result: ProductSyncResult; run: SyncRun }>;
  waitFor(jobId: string): Promise<{ result: ProductSyncResult; run: SyncRun }>;
  /** Events published so far (and not yet taken). */
  takeEvents(): Promise<ShopEvent[]>;
  count(collection: CollectionName): Promise<number>;
  close(): Promise<void>;
}

export async function createSyncHarness(options: {
  sandbox?: PrintfulSandboxOptions;
  sync?: Partial<ProductSyncOptions>;
  env?: Record<string, string>;
}): Promise<SyncHarness> {
  const sandbox = await startPrintfulSandbox(options.sandbox);
  const bed = await openWorkerTestBed({
    name: 'product-sync',
    queues: [QUEUES.productSync],
    env: {
      PRINTFUL_API_URL: sandbox.url,
      PRINTFUL_RATE_LIMIT_PER_MIN: String(options.sandbox?.rateLimitPerMin ?? 120),
      ...options.env,
    },
  });
  const { config, store, queueEvents } = bed;
  const [queue] = bed.queues;
  const events = await recordShopEvents(config.REDIS_URL, config.QUEUE_PREFIX);

  async function waitFor(jobId: string) {
    const job = await Job.fromId(queue, jobId);
    if (!job) throw new Error(`no job ${jobId}`);
    const result = (await job.waitUntilFinished(queueEvents, 90_000)) as ProductSyncResult;
    const run = (await store.get(COLLECTIONS.syncRuns, jobId)) as SyncRun;
    return { result, run };
  }

  return {
    sandbox,
    store,
    config,
    queue,
    startWorker: (module = {}) => bed.startWorkers([{ ...createProductSyncModule(options.sync), ...module }]),
    async sync(data = {}) {
      const { jobId } = await enqueueProductSync(queue, data);
      return { jobId, ...(await waitFor(jobId)) };
    },
    waitFor,
    takeEvents: () => events.take(),
    async count(collection) {
      return (await store.query(collection)).docs.length;
    },
    async close() {
      await bed.close();
      await events.close();
      await sandbox.close();
    },
  };
}
