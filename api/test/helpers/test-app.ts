import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { parseConfig, type Config } from '@shop/shared/server/config';
import { openSqliteStore, type DocumentStore } from '@shop/shared/server/store';
import { buildApp } from '../../src/app.js';

export interface TestApp {
  app: FastifyInstance;
  store: DocumentStore;
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
): Promise<TestApp> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-api-test-'));
  const config = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    REDIS_URL: process.env.REDIS_URL,
    FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST,
    FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID ?? 'demo-studio-shop',
    QUEUE_PREFIX: `test-${randomUUID()}`,
    SQLITE_PATH: path.join(dir, 'shop.db'),
    RATE_LIMIT_PER_MIN: '100000',
    ...env,
  });
  const store = await openSqliteStore(config.SQLITE_PATH);
  const app = await buildApp({ config, store, serveWeb: false, logger: false });
  setup?.(app);
  await app.ready();
  return {
    app,
    store,
    config,
    close: async () => {
      await app.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
