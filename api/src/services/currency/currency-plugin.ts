import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { LocalPricesService } from './local-prices-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Exchange rates and hand-set prices per currency (docs/rules.md#local-prices). */
    localPrices: LocalPricesService;
  }
}

async function currencyPlugin(app: FastifyInstance) {
  app.decorate('localPrices', new LocalPricesService(app.store, app.config));
}

export default fp(currencyPlugin, { name: 'local-prices', dependencies: ['infrastructure'] });
