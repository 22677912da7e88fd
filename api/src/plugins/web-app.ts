import { existsSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

// Serves the built SPA's static files. The build compresses each text file once (.br and .gz
// beside it, scripts/compress-assets.mjs in web/); the variant the browser accepts is sent with
// Content-Encoding and Vary. Hashed files under assets/ never change, so browsers keep them for a
// year. Pages themselves (index.html, the pre-rendered pages/) are answered by the pages plugin
// with their own head, never as plain files.
async function webApp(app: FastifyInstance, options: { root?: string }) {
  const root = path.resolve(options.root ?? app.config.WEB_DIST);
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'no SPA build found; only the API is served (run npm run build)');
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    globIgnore: ['index.html', 'pages/**', '**/*.br', '**/*.gz', '.vite/**', '.ssr/**'],
    setHeaders: (reply, file) => {
      reply.header(
        'Cache-Control',
        file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
}

export default fp(webApp, { name: 'web-app' });
