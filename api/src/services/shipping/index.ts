import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createPrintfulClient, createPrintfulPacer } from '@shop/shared/providers/printful';
import { ShippingRateService } from './shipping-rates.js';

export { ShippingRateService, FLAT_RATE_METHOD, type QuotedLine, type QuoteRequester } from './shipping-rates.js';

/** A shopper is waiting: one quick attempt, then the flat-rate table. */
const PRINTFUL_QUOTE_TIMEOUT_MS = 8000;

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
      printful: createPrintfulClient(app.config, {
        pacer: createPrintfulPacer(app.redis, app.config, 'interactive'),
        retry: false,
        timeoutMs: PRINTFUL_QUOTE_TIMEOUT_MS,
      }),
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
