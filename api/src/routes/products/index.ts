import type { FastifyInstance, FastifySchema } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { storefrontProductSchema, type StorefrontProduct } from '@shop/shared/domain/product';
import {
  PRODUCTS_STREAM_EVENTS,
  productListQuerySchema,
  productListResponseSchema,
  productParamsSchema,
  productSearchQuerySchema,
  productSearchResponseSchema,
  productsStreamQuerySchema,
  sizeGuideSchema,
} from '@shop/shared/schemas';
import { clientKey } from '../../plugins/client-key.js';
import { productsSnapshot } from '../../services/catalog/products-snapshot.js';
import {
  render,
  RenderedResponses,
  sendRendered,
  type RenderedResponse,
} from '../../services/catalog/rendered-responses.js';
import { localiseAnswer, requestCurrency } from '../../services/currency/request-currency.js';
import { localiseProduct } from '@shop/shared/domain/currency';

// The storefront catalogue (docs/contracts.md#http-api), served from the in-memory read model with
// ETags. Before the catalogue has ever loaded (store down at start) these answer 503 unavailable;
// the SPA then shows its cached or built-in products (docs/rules.md#states-and-transitions), the API never invents any.

export default async function productRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rendered = new RenderedResponses();
  const streams = app.productStreams;

  /**
   * GET `url`: a read of the catalogue read model, its query validated and its answer checked
   * against `response`, rendered once per catalogue version and `key` and sent with its ETag.
   */
  function catalogueRead<Q extends z.ZodType, R extends z.ZodType>(
    url: string,
    schema: { summary: string; querystring: Q; response: R },
    read: (query: z.output<Q>) => { key: string; answer: () => z.input<R> & { products: StorefrontProduct[] } },
  ) {
    const { summary, querystring, response } = schema;
    // Typed by the caller's schemas: Fastify's inference cannot see through these generics.
    const routeSchema: FastifySchema = { summary, querystring, response: { 200: response } };
    r.get(url, { schema: routeSchema }, async (request, reply) => {
      await app.catalog.ready();
      const { key, answer } = read(request.query as z.output<Q>);
      // Priced in the shopper's currency (docs/rules.md#local-prices), rendered once per catalogue
      // version and pricing.
      const pricing = await app.localPrices.pricing(requestCurrency(app, request, reply).currency);
      const body = rendered.get(app.catalog.version, `${key}\n${pricing.stamp}`, () =>
        render(response.parse(localiseAnswer(answer(), pricing))),
      );
      return sendRendered(request, reply, body);
    });
  }

  catalogueRead(
    '/',
    {
      summary: 'Storefront products, newest updatedAt first',
      querystring: productListQuerySchema,
      response: productListResponseSchema,
    },
    ({ limit, cursor }) => ({
      key: `list\n${limit}\n${cursor ?? ''}`,
      answer: () => app.catalog.listPage({ limit, cursor }),
    }),
  );

  // The live catalogue (spec "Live inventory subscription"): a snapshot now and after every change.
  // Counted by the rate limit like any request, and capped per client and overall (each stream
  // holds a socket). A client that names the version it holds (`?version=` or Last-Event-ID, the
  // snapshot's id) gets a short `unchanged` event instead of the whole catalogue.
  r.get(
    '/stream',
    {
      schema: {
        summary: 'Server-Sent Events: `snapshot` with { products }, or `unchanged` when `version` is current',
        querystring: productsStreamQuerySchema,
      },
    },
    async (request, reply) => {
      await app.catalog.ready();
      const currency = requestCurrency(app, request, reply).currency;
      const stream = streams.start(reply, clientKey(request.ip));
      const lastEventId = request.headers['last-event-id'];
      let known = request.query.version ?? (typeof lastEventId === 'string' ? lastEventId : undefined);
      let sentVersion = -1;
      const sendSnapshot = () => {
        const version = app.catalog.version;
        if (version === sentVersion) return;
        sentVersion = version;
        const send = (snapshot: RenderedResponse) => {
          if (known !== undefined && known === snapshot.etag)
            stream.send(PRODUCTS_STREAM_EVENTS.unchanged, '{}', snapshot.etag);
          else stream.send(PRODUCTS_STREAM_EVENTS.snapshot, snapshot.body, snapshot.etag);
          known = undefined;
        };
        if (currency === 'USD') return send(productsSnapshot(app.catalog));
        // In another currency (docs/rules.md#local-prices): priced as the list is, in turn.
        pending = pending
          .then(() => app.localPrices.pricing(currency))
          .then((pricing) =>
            send(
              rendered.get(version, `stream\n${pricing.stamp}`, () =>
                render(localiseAnswer({ products: app.catalog.activeProducts() }, pricing)),
              ),
            ),
          )
          .catch((e: unknown) => request.log.warn({ err: e }, 'live catalogue snapshot not priced'));
      };
      let pending: Promise<void> = Promise.resolve();
      stream.onClose(app.catalog.onChange(sendSnapshot));
      sendSnapshot();
      return reply;
    },
  );

  catalogueRead(
    '/search',
    {
      summary: 'Search the whole active catalogue',
      querystring: productSearchQuerySchema,
      response: productSearchResponseSchema,
    },
    ({ q, category, status, sort, limit }) => {
      const query = { q: q?.trim() ?? '', category: category?.trim() ?? '', status, sort, limit };
      return { key: `search\n${JSON.stringify(query)}`, answer: () => app.catalog.search(query) };
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
      const product = await app.productById(request.params.id);
      const pricing = await app.localPrices.pricing(requestCurrency(app, request, reply).currency);
      return sendRendered(request, reply, render(localiseProduct(product, pricing)));
    },
  );

  r.get(
    '/:id/size-guide',
    {
      schema: {
        summary: "The product's sizes and measurements in inches and centimetres, from Printful's size tables",
        params: productParamsSchema,
        response: { 200: sizeGuideSchema },
      },
    },
    async (request, reply) => {
      const product = await app.productById(request.params.id);
      const guide = await app.sizeGuides.forProduct(product);
      return sendRendered(request, reply, render(guide));
    },
  );
}
