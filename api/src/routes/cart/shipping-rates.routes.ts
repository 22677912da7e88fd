import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, MESSAGES } from '@shop/shared';
import { shippingDestinationSchema, shippingRatesResponseSchema } from '@shop/shared/schemas';
import type { CartKey } from '@shop/shared/server/cart';
import type { CartService } from '../../services/cart/index.js';
import { clientKey } from '../../plugins/client-key.js';
import { localShippingQuote } from '@shop/shared/domain/currency';
import { requestCurrency } from '../../services/currency/request-currency.js';

// GET /api/cart/shipping-rates?country&state&zip (docs/rules.md#money-at-checkout): what shipping the caller's
// cart costs to a destination, before checkout. Lines no longer sold are left out of the quote
// (checkout refuses them anyway).

export function shippingRatesRoute(
  app: FastifyInstance,
  carts: CartService,
  cartKeyOf: (request: FastifyRequest) => Promise<CartKey>,
): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/shipping-rates',
    {
      preHandler: app.requireShopper,
      schema: {
        tags: ['cart'],
        summary: "Shipping options for the caller's cart to a destination, cheapest first",
        security: [{ bearer: [] }, { guest: [] }],
        // `currency` as every cart read takes it (docs/rules.md#local-prices).
        querystring: z.intersection(shippingDestinationSchema, z.object({ currency: z.string().max(8).optional() })),
        response: { 200: shippingRatesResponseSchema },
      },
    },
    async (request, reply) => {
      const { cart } = await carts.get(await cartKeyOf(request));
      const lines = cart.cartItems.filter((line) => !line.unavailable);
      if (lines.length === 0)
        throw new AppError('invalid-argument', `cart: ${MESSAGES.shippingCartEmpty}`, { field: 'cart' });
      const { currency: _currency, ...destination } = request.query;
      const quote = await app.shippingRates.quote(
        destination,
        lines.map((line) => ({
          catalogVariantId: line.catalog_variant_id,
          quantity: line.quantity,
          unitPrice: line.price,
        })),
        { client: clientKey(request.ip) },
      );
      // In the cart's currency (docs/rules.md#local-prices): converted as checkout will charge it.
      const pricing = await app.localPrices.pricing(requestCurrency(app, request, reply).currency);
      return reply.header('cache-control', 'no-store').send(localShippingQuote(quote, pricing));
    },
  );
}
