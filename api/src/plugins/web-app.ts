import { existsSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@shop/shared';
import { errorBody } from './error-handler.js';

// Serves the built SPA with a history fallback, so a reload of /store/cart returns the app.
// API paths never fall back: an unknown /api route is a JSON 404.
async function webApp(app: FastifyInstance, options: { root?: string }) {
  const root = path.resolve(options.root ?? app.config.WEB_DIST);
  const hasBuild = existsSync(path.join(root, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, { root, wildcard: false, index: false, cacheControl: false,
      setHeaders: (reply, file) => {
        reply.header('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ root }, 'no SPA build found; only the API is served (run npm run build)');
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api' || request.url.startsWith('/admin/queues');
    if (hasBuild && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(errorBody('not-found', MESSAGES.routeNotFound(request.method, request.url.split('?')[0])));
  });
}

export default fp(webApp, { name: 'web-app' });
