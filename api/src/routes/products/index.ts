import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { storefrontProductSchema } from '@shop/shared/domain/product';
import {
  PRODUCTS_STREAM_EVENTS,
  productListQuerySchema,
  productListResponseSchema,
  productParamsSchema,
  productSearchQuerySchema,
  productSearchResponseSchema,
  type ProductsSnapshotEvent,
} from '@shop/shared/schemas';
import { findProduct } from '../../services/catalog/product-by-id.js';
import { render, RenderedResponses, sendRendered } from '../../services/catalog/rendered-responses.js';
import { EventStreams } from '../../services/sse/server-sent-events.js';

// The storefront catalogue (DESIGN.md section 5), served from the in-memory read model with
// ETags. Before the catalogue has ever loaded (store down at start) these answer 503 unavailable;
// the SPA then shows its cached or built-in products (spec section 4), the API never invents any.

export default async function productRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rendered = new RenderedResponses();
  const streams = new EventStreams();
  app.addHook('preClose', async () => streams.closeAll());

  r.get(
    '/',
    {
      schema: {
        summary: 'Storefront products, newest updatedAt first',
        querystring: productListQuerySchema,
        response: { 200: productListResponseSchema },
      },
    },
    async (request, reply) => {
      await app.catalog.ready();
      const { limit, cursor } = request.query;
      const answer = rendered.get(app.catalog.version, `list\n${limit}\n${cursor ?? ''}`, () =>
        render(productListResponseSchema.parse(app.catalog.listPage({ limit, cursor }))),
      );
      return sendRendered(request, reply, answer);
    },
  );

  // The live catalogue (spec "Live inventory subscription"): a snapshot now and after every change.
  // Exempt from the rate limit: one long-lived request per open tab, reconnecting with backoff.
  r.get(
    '/stream',
    { config: { rateLimit: false }, schema: { summary: 'Server-Sent Events: `snapshot` with { products }' } },
    async (_request, reply) => {
      await app.catalog.ready();
      const stream = streams.start(reply);
      let sentVersion = -1;
      const sendSnapshot = () => {
        const version = app.catalog.version;
        if (version === sentVersion) return;
        sentVersion = version;
        const snapshot = rendered.get(version, 'snapshot', () =>
          render({ products: app.catalog.activeProducts() } satisfies ProductsSnapshotEvent),
        );
        stream.send(PRODUCTS_STREAM_EVENTS.snapshot, snapshot.body, snapshot.etag);
      };
      stream.onClose(app.catalog.onChange(sendSnapshot));
      sendSnapshot();
      return reply;
    },
  );

  r.get(
    '/search',
    {
      schema: {
        summary: 'Search the whole active catalogue',
        querystring: productSearchQuerySchema,
        response: { 200: productSearchResponseSchema },
      },
    },
    async (request, reply) => {
      await app.catalog.ready();
      const { q, category, status, sort, limit } = request.query;
      const query = { q: q?.trim() ?? '', category: category?.trim() ?? '', status, sort, limit };
      const key = `search\n${JSON.stringify(query)}`;
      const answer = rendered.get(app.catalog.version, key, () =>
        render(productSearchResponseSchema.parse(app.catalog.search(query))),
      );
      return sendRendered(request, reply, answer);
    },
  );

  r.get(
    '/:id',
    {
      schema: {
        summary: 'One product: loaded catalogue, then storeInventory, products, printfulProducts',
        params: productParamsSchema,
        response: { 200: storefrontProductSchema },
      },
    },
    async (request, reply) => {
      const product = await findProduct(app.catalog, app.store, request.params.id);
      return sendRendered(request, reply, render(product));
    },
  );
}
