import { Redis, type RedisOptions } from 'ioredis';

/**
 * One Redis connection factory for queues, workers and the event bus. BullMQ workers need
 * maxRetriesPerRequest: null (reference/providers.md section 3); producers in the API use a
 * small number so that a request fails fast (503) while Redis is down instead of hanging.
 */
export function createRedis(url: string, role: 'worker' | 'producer' | 'subscriber' = 'producer'): Redis {
  const options: RedisOptions = {
    maxRetriesPerRequest: role === 'producer' ? 1 : null,
    enableOfflineQueue: role !== 'producer',
    retryStrategy: (times) => Math.min(times * 200, 2000),
    lazyConnect: false,
  };
  return new Redis(url, options);
}

export function queueOptions(connection: Redis, prefix: string) {
  return { connection, prefix };
}
