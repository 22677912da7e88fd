import { defineConfig } from 'vitest/config';

// One runner for every suite. scripts/test.mjs starts Redis, the Auth emulator and the
// sandboxes first and passes their addresses in the environment.
export default defineConfig({
  test: {
    projects: [
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
        },
      },
    ],
  },
});
