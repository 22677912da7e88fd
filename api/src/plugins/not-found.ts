import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@shop/shared';
import { errorBody } from './error-handler.js';
import { isServerPath } from './server-paths.js';

// Anything no route answers: a page address gets HTTP 404 with the not-found page's HTML (when the
// SPA is built), an API address or any other method the JSON error format.
async function notFound(app: FastifyInstance) {
  app.setNotFoundHandler((request, reply) => {
    const page = app.hasDecorator('notFoundPage') ? app.notFoundPage : null;
    if (page && !isServerPath(request.url) && (request.method === 'GET' || request.method === 'HEAD'))
      return page(request, reply);
    return reply
      .status(404)
      .send(errorBody('not-found', MESSAGES.routeNotFound(request.method, request.url.split('?')[0])));
  });
}

export default fp(notFound, { name: 'not-found' });
