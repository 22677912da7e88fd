import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { printfulProductsResponseSchema } from '@shop/shared/schemas';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { readCollection, storeRead } from '../../services/store/read-collection.js';

// The print-on-demand product list (spec section 7 "Print-on-demand product list"): the raw
// Printful products as last synced, `{ result: [...] }`, each with its document id.
export default async function printfulRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/products',
    {
      schema: { summary: 'Raw Printful products as last synced', response: { 200: printfulProductsResponseSchema } },
    },
    async () => {
      const docs = await storeRead(() => readCollection(app.store, COLLECTIONS.printfulProducts));
      return { result: [...docs].map(([id, data]) => ({ id, ...data })) };
    },
  );
}
