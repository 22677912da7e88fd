import { loadConfig } from '@shop/shared/server/config';
import { createQueues, createRedis } from '@shop/shared/server/queues';
import { jobModules } from './jobs/index.js';

// The worker image's HEALTHCHECK (it serves no HTTP): healthy while Redis answers and every queue
// the worker handles has a worker connected under the configured prefix. Exit 0 or 1, nothing else.
const TIMEOUT_MS = 4_000;

async function check(): Promise<boolean> {
  const config = loadConfig();
  const redis = createRedis(config.REDIS_URL, 'producer');
  redis.on('error', () => {});
  try {
    const queues = createQueues(redis, config.QUEUE_PREFIX);
    const counts = await Promise.all(jobModules.map((m) => queues[m.queue].getWorkersCount()));
    return counts.every((count) => count > 0);
  } finally {
    redis.disconnect();
  }
}

const timer = setTimeout(() => process.exit(1), TIMEOUT_MS);
check().then(
  (ok) => process.exit(ok ? 0 : 1),
  () => process.exit(1),
);
timer.unref();
