import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type AliasOptions } from 'vite';
import { toPaintFirst } from '../shared/src/pages/paint-first.js';
import { withSessionHint } from '../shared/src/pages/session-hint.js';

// React Router's package points every import condition at its development build, which keeps its
// warnings (ENABLE_DEV_WARNINGS) in whatever NODE_ENV; its production build is the same code with
// them off. Built bundles use it; the unit tests keep the warnings.
const reactRouterDir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
const reactRouterProduction = (file: string) => path.join(reactRouterDir, 'dist', 'production', file);
const reactRouterBuild: AliasOptions = [
  { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
  { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
];

// Everything the entry loads before any route (React DOM, React Router, TanStack Query, the layout)
// in one chunk: left to itself the bundler splits what routes share with the entry into a dozen
// small files, each compressed on its own (6 KB more as served). The entry module stays apart: it
// awaits route chunks at its top level, so no route chunk may import it. Stylesheets keep their
// own chunking.
const appShell = {
  name: 'app-shell',
  tags: ['$initial' as const],
  test: (id: string) => !/\.(css|html)$|[\\/]src[\\/]main\.tsx$/.test(id),
};

// Also the base of the root vitest `web` project (it extends this file with jsdom and test/setup.ts).
export default defineConfig(({ command, isSsrBuild }) => {
  // A build started from a test runner inherits NODE_ENV=test, which would bundle the libraries'
  // development builds (React Router's alone adds 60 KB); the SPA is always built for production.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    // The entry and its preloads as paint-first metas (shared/src/pages/paint-first.ts), after Vite
    // has written them into index.html.
    // The signed-in shopper's mark, before anything paints (shared/src/pages/session-hint.ts).
    plugins: isSsrBuild
      ? []
      : [
          { name: 'paint-first', transformIndexHtml: { order: 'post', handler: toPaintFirst } },
          { name: 'session-hint', transformIndexHtml: { order: 'post', handler: withSessionHint } },
        ],
    build: {
      target: 'es2022',
      // scripts/bundle-budget.mjs reads the manifest to weigh what the home page loads.
      manifest: true,
      // Every browser the build targets but Safari before 17 preloads modules itself; those fetch
      // the same scripts on import instead, without the polyfill's bytes on every page.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: isSsrBuild ? undefined : { codeSplitting: { groups: [appShell] } },
        onLog(level, log, handler) {
          // Libraries mark their hooks "use client" for server-component bundlers; a single-page app
          // has no server components, so the directive means nothing here.
          if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
          handler(level, log);
        },
        treeshake: {
          moduleSideEffects: (id: string) => (/[\\/]shared[\\/]src[\\/]/.test(id) ? false : undefined),
        },
      },
    },
    // The SSR build (the build-time pre-render, web/scripts/prerender.ts, and the API's store pages)
    // runs in Node with everything it renders with bundled in, so it needs nothing from
    // node_modules: the API's production image installs only the API's and shared's dependencies.
    // Left out: jsdom (DOMPurify's DOM for blog posts, rendered only at build time, where the
    // workspace has it) and the Firebase SDK (loaded only by sign-in, never on the server). The
    // libraries bundled are their production builds, whatever NODE_ENV the process loading it has.
    ssr: isSsrBuild ? { noExternal: true, external: ['jsdom', 'firebase'] } : { noExternal: ['@shop/shared'] },
    define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
    resolve: isSsrBuild
      ? {
          alias: [
            ...reactRouterBuild,
            {
              find: /^dompurify$/,
              replacement: fileURLToPath(new URL('./src/prerender/dompurify-node.ts', import.meta.url)),
            },
          ],
        }
      : {
          alias: [
            ...(command === 'build' ? reactRouterBuild : []),
            // zod configured for the CSP before any schema is made (see src/lib/zod-jitless.ts).
            { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)) },
          ],
        },
    server: {
      proxy: { '/api': 'http://127.0.0.1:3000' },
    },
  };
});
