import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const reactRouterDomEsm = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router-dom/package.json')),
  'dist',
  'index.mjs',
);

// Each test worker imports the app's modules once for all the files it runs, rather than once per
// file: on two cores that import was about half of the run's time (the API's files alone went from
// 186 s to 87 s). A test file therefore leaves no global state behind (it closes what it opens, and
// restores a global it stubs); TEST_ISOLATE=1 gives every file fresh modules again, to rule out a leak.
const isolate = process.env.TEST_ISOLATE === '1';

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
  'api/test/auth/welcome.test.ts',
];

const firestorePass = process.env.FIRESTORE_EMULATOR_HOST
  ? [
      {
        test: {
          name: 'firestore',
          isolate,
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
// cores busy. The browser files run two at a time, after the rest (the e2e project below).
const maxWorkers = Number(process.env.TEST_MAX_WORKERS ?? 3);
const e2eWorkers = Number(process.env.TEST_E2E_WORKERS ?? 2);

export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      ...firestorePass,
      { test: { name: 'shared', isolate, root: 'shared', include: ['test/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          isolate,
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
          isolate,
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
          // Each file gets its own jsdom window and fresh modules (its storage, listeners and module
          // singletons would otherwise carry to the next file), in a VM context of a long-lived
          // worker rather than a new process per file: the web files' run went from 83 s to 28 s, most
          // of it jsdom and React loaded again per process (docs/testing.md, "Files at a time").
          isolate: true,
          pool: 'vmThreads',
          // The VM pool loads packages through its own module loader, which cannot `require` an ES
          // module: React Router DOM's CommonJS entry does, so its ES build is used instead.
          alias: [{ find: /^react-router-dom$/, replacement: reactRouterDomEsm }],
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
          isolate,
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
          isolate,
          root: 'tests',
          globalSetup: ['./fixtures/global-setup.ts'],
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Two browser files at a time, as a group of their own after the rest: one file left a
          // third of both cores idle (Chromium waits on the page's server and timers), while beside
          // the other projects it slowed them all. Each file has its own store, ports and Chromium.
          maxWorkers: e2eWorkers,
          sequence: { groupOrder: 1 },
          // What a page does after a step (focus moved, a list streamed in) can take seconds on a
          // busy machine: a poll waits for it that long before it says the page never did it.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
