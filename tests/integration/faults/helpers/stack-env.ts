import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { noProviderUrl } from '../../../fixtures/test-run-env.js';

// The environment the API and worker processes of one fault test share: a temporary SQLite file
// and outbox, a queue prefix of its own, info logs (the tests wait on log lines), and schedules
// that never fire during a test, so that the only jobs in the queues are the test's.

export interface StackEnv {
  dir: string;
  sqlitePath: string;
  prefix: string;
  env: Record<string, string>;
  remove(): void;
}

const NEVER_DURING_A_TEST = '0 0 1 1 *';

export function createStackEnv(
  env: { REDIS_URL: string; PRINTFUL_API_URL: string } & Record<string, string>,
): StackEnv {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-faults-'));
  const sqlitePath = path.join(dir, 'shop.db');
  const prefix = `test-faults-${randomUUID()}`;
  return {
    dir,
    sqlitePath,
    prefix,
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      QUEUE_PREFIX: prefix,
      SQLITE_PATH: sqlitePath,
      OUTBOX_DIR: path.join(dir, 'outbox'),
      WEB_DIST: path.join(dir, 'no-web-build'),
      FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '',
      FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID ?? 'demo-studio-shop',
      RATE_LIMIT_PER_MIN: '1000000',
      // Every simulated shopper comes from loopback: the per-address guest-cart budget would stop them.
      GUEST_CARTS_PER_CLIENT: '1000000',
      SYNC_SCHEDULE: NEVER_DURING_A_TEST,
      FULL_SYNC_SCHEDULE: NEVER_DURING_A_TEST,
      // Never the default Stripe sandbox address (a running `npm start`'s); no fault test pays.
      STRIPE_API_URL: noProviderUrl(),
      // Paid orders go to print at once: the faults are on the way to Printful, not in the grace period.
      ORDER_GRACE_MINUTES: '0',
      ...env,
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
