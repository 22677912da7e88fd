import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { printfulProductsResponseSchema } from '@shop/shared/schemas';
import { printfulShopperProduct } from '../../services/printful/printful-shopper-products.js';
import { render, RenderedResponses, sendRendered } from '../../services/catalog/rendered-responses.js';

// The print-on-demand product list (docs/rules.md#calls-to-other-services "Print-on-demand product list"), `{ result:
// [...] }` in Printful's field names, reduced to what a shopper may see (docs/rules.md#money-and-abuse) and
// rendered, hashed and compressed once per catalogue version like the other catalogue answers.
export default async function printfulRoutes(app: FastifyInstance) {
  const rendered = new RenderedResponses();
  app.withTypeProvider<ZodTypeProvider>().get(
    '/products',
    {
      schema: {
        summary: 'The print-on-demand products a shopper may see (sellable variants, retail prices)',
        response: { 200: printfulProductsResponseSchema },
      },
    },
    async (request, reply) => {
      await app.catalog.ready();
      const body = rendered.get(app.catalog.version, 'printful-products', () =>
        render(
          printfulProductsResponseSchema.parse({ result: app.catalog.activeProducts().map(printfulShopperProduct) }),
        ),
      );
      return sendRendered(request, reply, body);
    },
  );
}
