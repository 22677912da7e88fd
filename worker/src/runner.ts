import { Worker } from 'bullmq';
import type { Logger } from 'pino';
import type { Config } from '@shop/shared/server/config';
import { createQueues, createRedis } from '@shop/shared/server/queues';
import { publishEvent } from '@shop/shared/server/events';
import { createOrderRecords } from '@shop/shared/server/orders';
import { createTeamOrderRecords } from '@shop/shared/server/team-orders';
import type { FullDocumentStore } from '@shop/shared/server/store';
import type { JobContext, JobModule } from './job-module.js';

export interface RunningWorkers {
  context: JobContext;
  workers: Worker[];
  /** Lets running jobs finish (force: abandon them to be retried as stalled), then disconnects. */
  close: (force?: boolean) => Promise<void>;
}

/** Starts one BullMQ Worker per job module, all under the config's queue prefix. */
export async function startWorkers(options: {
  config: Config;
  /** The full store: only the order module keeps it; the jobs get it narrowed (job-module.ts). */
  store: FullDocumentStore;
  logger: Logger;
  modules: JobModule[];
  schedule?: boolean;
}): Promise<RunningWorkers> {
  const { config, store, logger, modules } = options;
  const prefix = config.QUEUE_PREFIX;
  const redis = createRedis(config.REDIS_URL, 'worker');
  const workerConnection = createRedis(config.REDIS_URL, 'worker');
  redis.on('error', (err) => logger.warn({ err: err.message }, 'redis error'));
  workerConnection.on('error', (err) => logger.warn({ err: err.message }, 'redis error'));

  const queues = createQueues(redis, prefix, (err) => logger.warn({ err: err.message }, 'queue error'));
  const context: JobContext = {
    config,
    store,
    orders: createOrderRecords(store),
    teamOrders: createTeamOrderRecords(store),
    redis,
    logger,
    queues,
    publish: (event) => publishEvent(redis, prefix, event),
  };

  const workers = modules.map((module) => {
    const worker = new Worker(
      module.queue,
      async (job) => {
        const log = logger.child({ queue: module.queue, job: job.name, jobId: job.id, attempt: job.attemptsMade + 1 });
        const started = Date.now();
        log.info('job started');
        try {
          const result = await module.process(job, { ...context, logger: log });
          log.info({ ms: Date.now() - started }, 'job finished');
          return result;
        } catch (e) {
          log.warn({ ms: Date.now() - started, err: (e as Error).message }, 'job failed');
          throw e;
        }
      },
      {
        connection: workerConnection,
        prefix,
        concurrency: module.concurrency ?? 1,
        limiter: module.limiter,
        ...module.workerOptions,
      },
    );
    worker.on('error', (err) => logger.warn({ queue: module.queue, err: err.message }, 'worker error'));
    return worker;
  });

  if (options.schedule !== false) {
    for (const module of modules) {
      if (module.schedule) await module.schedule(queues[module.queue], context);
    }
  }

  return {
    context,
    workers,
    async close(force = false) {
      await Promise.allSettled(workers.map((w) => w.close(force)));
      await Promise.allSettled(Object.values(queues).map((q) => q.close()));
      redis.disconnect();
      workerConnection.disconnect();
    },
  };
}
