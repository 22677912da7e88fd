import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { catalogMarginsResponseSchema } from '@shop/shared/schemas';

// GET /api/admin/catalog/margins (docs/rules.md#money-at-checkout): the variants the margin guard keeps off sale,
// as the last sync found them, so the studio can reprice them in Printful. Admin only (the
// plugin's onRequest hook).

export default async function catalogMarginsRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/catalog/margins',
    {
      schema: {
        summary: 'Variants not sold because their retail price is below Printful cost plus MIN_MARGIN_PERCENT',
        response: { 200: catalogMarginsResponseSchema },
      },
    },
    async () => ({ minMarginPercent: app.config.MIN_MARGIN_PERCENT, products: await app.catalogMargins.list() }),
  );
}
