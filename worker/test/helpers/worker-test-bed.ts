import path from 'node:path';
import type { QueueEvents } from 'bullmq';
import pino from 'pino';
import { parseConfig, type Config } from '@shop/shared/server/config';
import type { QueueName } from '@shop/shared/server/queues';
import type { FullDocumentStore } from '@shop/shared/server/store';
import type { JobModule } from '../../src/job-module.js';
import { startWorkers, type RunningWorkers } from '../../src/runner.js';
import { uniqueQueuePrefix } from '../../../tests/fixtures/queue-prefix.js';
import { openTestQueues, type TestQueues } from '../../../tests/fixtures/test-queues.js';
import { openTempStore } from '../../../tests/fixtures/temp-store.js';
import { noProviderUrl } from '../../../tests/fixtures/test-run-env.js';

// What the worker suites run their real workers on: a SQLite file of their own (the e-mail outbox
// beside it), the test Redis under a queue prefix of their own, and the config the worker process
// would read for both. One close() stops the workers and leaves nothing behind.

export interface WorkerTestBed<N extends readonly QueueName[]> {
  config: Config;
  store: FullDocumentStore;
  /** One queue per name asked for, in the same order. */
  queues: TestQueues<N>['queues'];
  /** Job completions and failures of the first queue, for job.waitUntilFinished. */
  queueEvents: QueueEvents;
  /** Starts workers for these job modules in this process, as the worker process does but without schedules. */
  startWorkers(modules: JobModule[]): Promise<RunningWorkers>;
  /** Stops every worker started here, then empties the queues and removes the store's folder. */
  close(): Promise<void>;
}

export async function openWorkerTestBed<const N extends readonly [QueueName, ...QueueName[]]>(options: {
  /** Labels the temporary folder, to tell leftovers of an interrupted run apart. */
  name: string;
  queues: N;
  /** Settings over the test defaults; the store and the queue prefix stay the bed's own whatever they say. */
  env?: Record<string, string | undefined>;
}): Promise<WorkerTestBed<N>> {
  const temp = openTempStore(options.name);
  const { store } = temp;
  const prefix = uniqueQueuePrefix();
  const config = parseConfig({
    NODE_ENV: 'test',
    REDIS_URL: process.env.REDIS_URL,
    OUTBOX_DIR: path.join(temp.dir, 'outbox'),
    PUBLIC_URL: 'http://shop.test',
    LOG_LEVEL: 'silent',
    // Never the default provider addresses (a running `npm start`'s sandboxes): a test names its own.
    PRINTFUL_API_URL: noProviderUrl(),
    STRIPE_API_URL: noProviderUrl(),
    // Paid orders go to print at once unless a suite is about the grace period and sets its own.
    ORDER_GRACE_MINUTES: '0',
    ...options.env,
    QUEUE_PREFIX: prefix,
    SQLITE_PATH: temp.sqlitePath,
  });
  const redis = await openTestQueues(config.REDIS_URL, prefix, options.queues);
  const started: RunningWorkers[] = [];
  return {
    config,
    store,
    queues: redis.queues,
    queueEvents: redis.queueEvents,
    async startWorkers(modules) {
      const running = await startWorkers({
        config,
        store,
        logger: pino({ level: 'silent' }),
        modules,
        schedule: false,
      });
      started.push(running);
      return running;
    },
    async close() {
      await Promise.all(started.map((w) => w.close(true)));
      await redis.close();
      await temp.close();
    },
  };
}
