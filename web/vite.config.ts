import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { toPaintFirst } from '../shared/src/pages/paint-first.js';

// Also the base of the root vitest `web` project (it extends this file with jsdom and test/setup.ts).
export default defineConfig(({ command, isSsrBuild }) => {
  // A build started from a test runner inherits NODE_ENV=test, which would bundle the libraries'
  // development builds (React Router's alone adds 60 KB); the SPA is always built for production.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    // The entry and its preloads as paint-first metas (shared/src/pages/paint-first.ts), after Vite
    // has written them into index.html.
    plugins: isSsrBuild ? [] : [{ name: 'paint-first', transformIndexHtml: { order: 'post', handler: toPaintFirst } }],
    build: {
      target: 'es2022',
      // scripts/bundle-budget.mjs reads the manifest to weigh what the home page loads.
      manifest: true,
      rolldownOptions: {
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
            {
              find: /^dompurify$/,
              replacement: fileURLToPath(new URL('./src/prerender/dompurify-node.ts', import.meta.url)),
            },
          ],
        }
      : {
          // zod configured for the CSP before any schema is made (see src/lib/zod-jitless.ts).
          alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)) }],
        },
    server: {
      proxy: { '/api': 'http://127.0.0.1:3000' },
    },
  };
});
