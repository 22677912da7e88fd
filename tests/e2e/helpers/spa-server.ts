import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { installErrorHandler } from '../../../api/src/plugins/error-handler.js';

export interface SpaServer {
  url: string;
  app: FastifyInstance;
  close: () => Promise<void>;
}

export interface SpaServerOptions {
  /** The built SPA (web/dist). */
  root: string;
  /** Registers API routes next to the files (e.g. the blog plugin at /api/blog). */
  api?: (app: FastifyInstance) => Promise<void>;
}

/**
 * A small server for browser tests that need no database or Redis: the built SPA with a history
 * fallback (any unknown GET outside /api returns index.html) and, optionally, some real API routes
 * with the API's own error handler. Listens on a random port.
 */
export async function startSpaServer({ root, api }: SpaServerOptions): Promise<SpaServer> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  await app.register(fastifyStatic, { root: path.resolve(root), wildcard: false, index: false });
  if (api) await app.register(api);
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && !request.url.startsWith('/api/'))
      return reply.type('text/html').sendFile('index.html');
    return reply
      .status(404)
      .send({ error: { code: 'not-found', message: `Route ${request.method} ${request.url} not found` } });
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: address, app, close: () => app.close() };
}
