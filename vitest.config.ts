import { fileURLToPath } from 'node:url';
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
          // Preact in the tests as in the build (web/vite.config.ts): the libraries that import React
          // go through Vite, in their ES builds (Node's own resolution picks their CommonJS ones,
          // whose require('react') no alias reaches), so the aliases apply to them too.
          server: { deps: { inline: [/react-router/, /@testing-library\/react/, /@tanstack\/react-query/] } },
          alias: [
            // Testing Library's `act`, which React 19 exports from react itself.
            { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
            {
              find: /^@testing-library\/react$/,
              replacement: pkg('@testing-library/react/dist/@testing-library/react.esm.js'),
            },
            { find: /^react-router-dom$/, replacement: pkg('react-router-dom/dist/index.mjs') },
            { find: /^react-router$/, replacement: pkg('react-router/dist/development/index.mjs') },
            { find: /^react-router\/dom$/, replacement: pkg('react-router/dist/development/dom-export.mjs') },
          ],
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

function pkg(path: string) {
  return fileURLToPath(new URL(`./node_modules/${path}`, import.meta.url));
}
