import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ProductSyncData, SyncJob } from '@shop/shared/schemas';
import type { EventStream } from '../sse/server-sent-events.js';
import { queueOrUnavailable } from '../queues/queue-or-unavailable.js';
import { requestProductSync } from './request-product-sync.js';
import { followSyncJob } from './sync-job-stream.js';
import { getSyncJob, listSyncJobs } from './sync-jobs.js';

// The admin product-sync endpoints' service (`app.syncJobs`): ask for a sync, read the history and
// one run (the queue's job merged with its stored record), follow one on a stream. A queue that
// cannot be reached answers 503 (queueOrUnavailable).

export interface SyncJobs {
  /** Enqueues a sync (one runs at a time: a second request gets the same job); answers its id. */
  request: (data: ProductSyncData) => Promise<string>;
  list: () => Promise<SyncJob[]>;
  get: (id: string) => Promise<SyncJob>;
  /** Follows the job on an open stream until it ends or the client leaves. */
  follow: (stream: EventStream, initial: SyncJob) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    syncJobs: SyncJobs;
  }
}

async function syncJobsPlugin(app: FastifyInstance) {
  const queue = app.queues.productSync;
  app.decorate('syncJobs', {
    request: (data) => requestProductSync(app, data),
    list: () => queueOrUnavailable(() => listSyncJobs(queue, app.store)),
    get: (id) => queueOrUnavailable(() => getSyncJob(queue, app.store, id)),
    follow: (stream, initial) => followSyncJob({ queue, store: app.store, eventBus: app.eventBus }, stream, initial),
  } satisfies SyncJobs);
}

export default fp(syncJobsPlugin, { name: 'sync-jobs', dependencies: ['infrastructure'] });
