import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { QuoteService } from './quote-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Quote requests: the visitor's, and the studio's inbox, status and replies. */
    quotes: QuoteService;
  }
}

async function quotesPlugin(app: FastifyInstance) {
  app.decorate('quotes', new QuoteService(app.store, app.queues));
}

export default fp(quotesPlugin, { name: 'quotes', dependencies: ['infrastructure'] });
