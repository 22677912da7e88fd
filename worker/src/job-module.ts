import type { Job, Queue, WorkerOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from '@shop/shared/server/config';
import type { QueueName } from '@shop/shared/server/queues';
import type { ShopEvent } from '@shop/shared/server/events';
import type { AppCollection } from '@shop/shared/server/collections';
import type { OrderRecords } from '@shop/shared/server/orders';
import type { TeamOrderRecords } from '@shop/shared/server/team-orders';
import type { DocumentStore } from '@shop/shared/server/store';

/** What every job handler receives besides its job. */
export interface JobContext {
  config: Config;
  /** Every collection but `orders` and `teamOrders` (docs/architecture.md#one-writer-of-orders). */
  store: DocumentStore<AppCollection>;
  /** The order module, bound to the full store: the one way a job reads or writes an order. */
  orders: OrderRecords;
  /** The team-order module, bound to the full store: the one way a job reads or writes a team order. */
  teamOrders: TeamOrderRecords;
  /** A non-blocking connection for the handler's own Redis use (rate-limit counters, locks). */
  redis: Redis;
  logger: Logger;
  queues: Record<QueueName, Queue>;
  publish: (event: ShopEvent) => Promise<void>;
}

/** One queue's handler; worker/src/jobs/<queue>/index.ts exports one as `jobModule`. */
export interface JobModule {
  queue: QueueName;
  concurrency?: number;
  limiter?: WorkerOptions['limiter'];
  /** Extra worker options (lockDuration, stalledInterval...). */
  workerOptions?: Partial<WorkerOptions>;
  process: (job: Job, ctx: JobContext) => Promise<unknown>;
  /** Called once at start, e.g. to upsert job schedulers. */
  schedule?: (queue: Queue, ctx: JobContext) => Promise<void>;
}
