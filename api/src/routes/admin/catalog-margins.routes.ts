import { COLLECTIONS, scanDocs } from '@shop/shared/server/collections';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { catalogMarginsResponseSchema, type CatalogMarginDoc } from '@shop/shared/schemas';
import { storeRead } from '../../services/store/store-read.js';

// GET /api/admin/catalog/margins (docs/rules.md#money-at-checkout): the variants the margin guard keeps off sale,
// as the last sync found them, so the studio can reprice them in Printful. Admin only (the
// plugin's onRequest hook).

async function readMargins(app: FastifyInstance): Promise<CatalogMarginDoc[]> {
  const docs: CatalogMarginDoc[] = [];
  await storeRead(() => scanDocs(app.store, COLLECTIONS.catalogMargins, (doc) => docs.push(doc.data)));
  return docs.sort((a, b) => a.title.localeCompare(b.title) || a.productId.localeCompare(b.productId));
}

export default async function catalogMarginsRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/catalog/margins',
    {
      schema: {
        summary: 'Variants not sold because their retail price is below Printful cost plus MIN_MARGIN_PERCENT',
        response: { 200: catalogMarginsResponseSchema },
      },
    },
    async () => ({ minMarginPercent: app.config.MIN_MARGIN_PERCENT, products: await readMargins(app) }),
  );
}
