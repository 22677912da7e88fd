import { Queue } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';
import { QUEUES, type QueueName } from './queue-names.js';

/**
 * How long a command may wait for Redis's answer. A Redis that accepts connections and then stops
 * answering otherwise holds every request that enqueues forever; with this, the API's producer
 * gives up in time to answer 503 within 5 s. Workers block on Redis for up to BullMQ's drain delay
 * (5 s) and the event subscriber waits on its subscription, so their limits are wider.
 */
export const REDIS_COMMAND_TIMEOUT_MS = { producer: 2_000, subscriber: 10_000, worker: 30_000 } as const;

/**
 * One Redis connection factory for queues, workers and the event bus. BullMQ workers need
 * maxRetriesPerRequest: null (docs/providers.md#bullmq); producers in the API use a
 * small number so that a request fails fast (503) while Redis is down instead of hanging.
 */
export function createRedis(url: string, role: 'worker' | 'producer' | 'subscriber' = 'producer'): Redis {
  const options: RedisOptions = {
    maxRetriesPerRequest: role === 'producer' ? 1 : null,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS[role],
    enableOfflineQueue: role !== 'producer',
    retryStrategy: (times) => Math.min(times * 200, 2000),
    lazyConnect: false,
  };
  return new Redis(url, options);
}

/**
 * Every queue of docs/contracts.md#queues-and-events on one connection and prefix, for the API (which adds jobs)
 * and the worker (which schedules them). `onError` hears a queue's connection errors, which
 * otherwise go unheard.
 */
export function createQueues(
  connection: Redis,
  prefix: string,
  onError?: (err: Error) => void,
): Record<QueueName, Queue> {
  const entries = Object.values(QUEUES).map((name) => {
    const queue = new Queue(name, { connection, prefix });
    if (onError) queue.on('error', onError);
    return [name, queue] as const;
  });
  return Object.fromEntries(entries) as Record<QueueName, Queue>;
}
