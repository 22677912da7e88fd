import { loadConfigOrExit } from '@shop/shared/server/config';
import { createLogger } from '@shop/shared/server/logger';
import { createStore } from '@shop/shared/server/store';
import { jobModules } from './jobs/index.js';
import { startWorkers } from './runner.js';

// Worker process: every queue's handler, graceful shutdown that lets running jobs finish.
const config = loadConfigOrExit();
const logger = createLogger(config, 'worker');

const store = await createStore(config);
const running = await startWorkers({ config, store, logger, modules: jobModules });
logger.info({ queues: jobModules.map((m) => m.queue), prefix: config.QUEUE_PREFIX }, 'worker ready');

let closing = false;
async function shutdown(signal: string) {
  if (closing) {
    logger.warn('second signal: abandoning running jobs (they will be retried)');
    await running.close(true);
    process.exit(1);
  }
  closing = true;
  logger.info({ signal }, 'shutting down: letting running jobs finish');
  await running.close();
  await store.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
