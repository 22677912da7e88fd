import pino from 'pino';
import { loadConfigOrExit } from '@shop/shared/server/config';
import { createStore } from '@shop/shared/server/store';
import { jobModules } from '../../../../worker/src/jobs/index.js';
import { startWorkers } from '../../../../worker/src/runner.js';

// The worker process with every queue's handler, as worker/src/index.ts starts it, but with a
// 2 s job lock checked every 0.5 s (BullMQ's defaults: 30 s and 30 s), so that a killed worker's
// job is noticed as stalled and run again within seconds. Configured by the environment.

const config = loadConfigOrExit();
const logger = pino({ level: config.LOG_LEVEL }).child({ service: 'worker' });
const store = createStore(config);
const running = await startWorkers({
  config,
  store,
  logger,
  modules: jobModules.map((module) => ({
    ...module,
    workerOptions: { ...module.workerOptions, lockDuration: 2000, stalledInterval: 500 },
  })),
  schedule: false,
});
logger.info('worker ready');

process.once('SIGTERM', () => {
  void running
    .close()
    .then(() => store.close())
    .then(() => process.exit(0));
});
