import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createPrintfulRatesClient } from '../printful/printful-rates.js';
import { ShippingRateService } from './shipping-rates.js';

export { ShippingRateService, FLAT_RATE_METHOD, type QuotedLine, type QuoteRequester } from './shipping-rates.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Printful's live shipping quote, or the flat-rate table when Printful cannot answer. */
    shippingRates: ShippingRateService;
  }
}

/** One service per app: the cart and checkout routes share its client and pacer. */
async function shippingPlugin(app: FastifyInstance) {
  app.decorate(
    'shippingRates',
    new ShippingRateService({
      printful: createPrintfulRatesClient(app.config, app.redis),
      redis: app.redis,
      prefix: app.config.QUEUE_PREFIX,
      flatRates: app.config.SHIPPING_FLAT_RATES,
      fallbackMaxItems: app.config.SHIPPING_FALLBACK_MAX_ITEMS,
      log: app.log,
      studioTimeZone: app.config.STUDIO_TIMEZONE,
    }),
  );
}

export default fp(shippingPlugin, { name: 'shipping', dependencies: ['infrastructure'] });
