import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { parseConfig, type Config } from '@shop/shared/server/config';
import type { FullDocumentStore } from '@shop/shared/server/store';
import { buildApp } from '../../src/app.js';
import { removeQueueData } from '../../../tests/fixtures/queue-prefix.js';
import { testRunEnv } from '../../../tests/fixtures/test-run-env.js';
import { openTempStore } from '../../../tests/fixtures/temp-store.js';

export interface TestApp {
  app: FastifyInstance;
  store: FullDocumentStore;
  config: Config;
  close: () => Promise<void>;
}

/**
 * The real app on a fresh SQLite file, the test run's Redis and Auth emulator, and a queue prefix
 * of its own, so that tests never see each other's (or a running server's) jobs and events.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  setup?: (app: FastifyInstance) => void,
  options: {
    serveWeb?: boolean;
    /** What the app reads and writes through, built on the test's store (a fault switch); seeds it first if it must. */
    store?: (store: FullDocumentStore) => Promise<FullDocumentStore>;
    /** Fastify's logger settings (e.g. a level and a stream the test reads); none by default. */
    logger?: FastifyServerOptions['logger'];
  } = {},
): Promise<TestApp> {
  const temp = openTempStore('api-test');
  const { store } = temp;
  const config = parseConfig({
    ...testRunEnv(),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    RATE_LIMIT_PER_MIN: '100000',
    // Every simulated shopper comes from loopback: the per-address guest-cart budget would stop them.
    GUEST_CARTS_PER_CLIENT: '1000000',
    ...env,
    // The store is this app's own file, whatever the env says.
    SQLITE_PATH: temp.sqlitePath,
  });
  const appStore = options.store ? await options.store(store) : store;
  const app = await buildApp({
    config,
    store: appStore,
    serveWeb: options.serveWeb ?? false,
    logger: options.logger ?? false,
  });
  setup?.(app);
  await app.ready();
  return {
    app,
    store,
    config,
    close: async () => {
      // Leave nothing behind in the shared Redis; a test that stopped Redis has nothing to remove.
      await removeQueueData(app.redis, config.QUEUE_PREFIX, Object.values(app.queues)).catch(() => undefined);
      await app.close();
      await temp.close();
    },
  };
}
