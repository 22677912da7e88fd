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

// What the security headers say about a document (which scripts, frames and forms it may use, who
// may frame it) means nothing on a script, stylesheet or font: browsers read it only from pages and
// workers. Dropped from those files, it saves 0.8 KB on each; a store page loads about forty of them
// over a phone's connection. nosniff, CORP, HSTS and the referrer policy (which a stylesheet's own
// requests follow) stay.
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-frame-options',
  'x-xss-protection',
  'x-download-options',
  'x-dns-prefetch-control',
  'x-permitted-cross-domain-policies',
];
// The file may be the pre-compressed twin (app.js.br) of what was asked for.
const SUBRESOURCE = /\.(?:js|css|woff2?)(?:\.br|\.gz)?$/;

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
      // Helmet wrote them on the raw response when the request came in.
      if (SUBRESOURCE.test(file)) for (const name of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(name);
    },
  });
}

export default fp(webApp, { name: 'web-app' });
