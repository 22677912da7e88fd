import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminRatesResponseSchema,
  currencyCodeSchema,
  setLocalPricesBodySchema,
  setRateBodySchema,
} from '@shop/shared/domain/currency';

// The studio's exchange rates and hand-set prices (docs/rules.md#local-prices), admin only (the
// plugin's onRequest hook): each enabled currency's rate and age, a rate set by hand or handed back
// to the feed, a refresh from the source now, and a product's prices per currency.

const currencyParams = z.object({ currency: currencyCodeSchema });
const productParams = z.object({ productId: z.string().min(1).max(200) });

export default async function currencyRatesRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const response = { 200: adminRatesResponseSchema };

  typed.get(
    '/currency-rates',
    {
      schema: {
        tags: ['admin'],
        summary: 'Exchange rates per enabled currency with their age and source, and the hand-set prices',
        response,
      },
    },
    async (_request, reply) =>
      reply.header('cache-control', 'private, no-store').send(await app.localPrices.adminView()),
  );

  typed.put(
    '/currency-rates/:currency',
    {
      schema: {
        tags: ['admin'],
        summary: "Sets a currency's rate by hand (held until set back to null, which follows the feed again)",
        params: currencyParams,
        body: setRateBodySchema,
        response,
      },
    },
    async (request) => {
      await app.localPrices.setRate(request.params.currency, request.body.rate);
      return app.localPrices.adminView();
    },
  );

  typed.post(
    '/currency-rates/refresh',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reads the rates source now (the scheduled job does it on CURRENCY_RATES_SCHEDULE)',
        response,
      },
    },
    async () => {
      await app.localPrices.refresh();
      return app.localPrices.adminView();
    },
  );

  typed.put(
    '/local-prices/:productId',
    {
      schema: {
        tags: ['admin'],
        summary: "Sets a product's prices by hand per currency, in major units (null or absent clears one)",
        params: productParams,
        body: setLocalPricesBodySchema,
        response,
      },
    },
    async (request) => {
      await app.productById(request.params.productId);
      await app.localPrices.setProductPrices(request.params.productId, request.body.prices);
      return app.localPrices.adminView();
    },
  );
}
