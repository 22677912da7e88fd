import type { FastifyInstance } from 'fastify';
import { createPrintfulClient, createPrintfulPacer } from '@shop/shared/server/printful';
import { ShippingRateService } from './shipping-rates.js';

export { ShippingRateService, FLAT_RATE_METHOD, type QuotedLine } from './shipping-rates.js';

/** A shopper is waiting: one quick attempt, then the flat-rate table. */
const PRINTFUL_QUOTE_TIMEOUT_MS = 8000;

const byApp = new WeakMap<FastifyInstance, ShippingRateService>();

/** One service per app (the cart and checkout routes share its client and pacer). */
export function shippingRatesOf(app: FastifyInstance): ShippingRateService {
  let service = byApp.get(app);
  if (!service) {
    service = new ShippingRateService({
      printful: createPrintfulClient(app.config, {
        pacer: createPrintfulPacer(app.redis, app.config, 'interactive'),
        retry: false,
        timeoutMs: PRINTFUL_QUOTE_TIMEOUT_MS,
      }),
      redis: app.redis,
      prefix: app.config.QUEUE_PREFIX,
      flatRates: app.config.SHIPPING_FLAT_RATES,
      log: app.log,
    });
    byApp.set(app, service);
  }
  return service;
}
