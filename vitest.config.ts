import { defineConfig } from 'vitest/config';

// The Firestore pass: the suites whose test stores (tests/fixtures/temp-store.ts) carry the order,
// cart and checkout paths run a second time on Google's Firestore emulator, which scripts/test.mjs
// starts and names in FIRESTORE_EMULATOR_HOST. Chosen to cover every store call shape the shop makes
// (transactions on carts and orders, batches, paged queries) within a few minutes.
export const FIRESTORE_PASS = [
  'api/test/cart/guest-cart.test.ts',
  'api/test/cart/user-cart.test.ts',
  'api/test/cart/cart-concurrency.test.ts',
  'api/test/checkout/checkout-sessions.test.ts',
  'api/test/checkout/stripe-webhook.test.ts',
  'api/test/orders/order-lists.test.ts',
  'api/test/orders/order-lookup.test.ts',
  'tests/integration/checkout.test.ts',
  'api/test/recovery/recovery-links.test.ts',
  'api/test/recovery/recovered-sales.test.ts',
];

const firestorePass = process.env.FIRESTORE_EMULATOR_HOST
  ? [
      {
        test: {
          name: 'firestore',
          root: '.',
          globalSetup: ['./tests/fixtures/global-setup.ts'],
          include: FIRESTORE_PASS,
          environment: 'node',
          env: { DATA_BACKEND: 'firestore' },
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ]
  : [];

// One runner for every suite. scripts/test.mjs starts Redis, the Auth emulator, the Firestore
// emulator and the sandboxes first and passes their addresses in the environment.
// Vitest runs one file at a time on a two-core machine by default (cores - 1), yet most of a test
// file's time is spent waiting on servers, emulators and Chromium: three files at a time keep both
// cores busy. The browser files still run one after another (the e2e project below).
const maxWorkers = Number(process.env.TEST_MAX_WORKERS ?? 3);

export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      ...firestorePass,
      { test: { name: 'shared', root: 'shared', include: ['test/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          root: 'api',
          globalSetup: ['../tests/fixtures/global-setup.ts'],
          include: ['test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'worker',
          root: 'worker',
          globalSetup: ['../tests/fixtures/global-setup.ts'],
          include: ['test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: './web/vite.config.ts',
        test: {
          name: 'web',
          root: 'web',
          include: ['test/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./test/setup.ts'],
          // A busy machine (three files at a time, other work beside) can take seconds to render a
          // page in jsdom; the bound is for a test that hangs, not a measure of speed.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'integration',
          root: 'tests',
          globalSetup: ['./fixtures/global-setup.ts'],
          include: ['integration/**/*.test.ts', 'sandbox/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'tests',
          globalSetup: ['./fixtures/global-setup.ts'],
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // What a page does after a step (focus moved, a list streamed in) can take seconds on a
          // busy machine: a poll waits for it that long before it says the page never did it.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
