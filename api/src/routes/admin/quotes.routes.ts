import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, MESSAGES } from '@shop/shared';
import {
  adminQuoteParamsSchema,
  adminQuoteSchema,
  adminQuotesQuerySchema,
  adminQuotesResponseSchema,
  quoteUpdateSchema,
  type AdminQuote,
} from '@shop/shared/schemas';
import { COLLECTIONS, getReadableDoc, scanDocs } from '@shop/shared/server/collections';
import { storeRead } from '../../services/store/read-collection.js';
import { adminActor } from '../../services/admin/admin-actor.js';

// The studio's quotes inbox (docs/rules.md#the-back-office): the leads from /contact/quote, newest first, with
// where each stands (new, contacted, won, lost, spam) and the studio's note. The caller is an
// admin (the plugin's onRequest hook). Setting a status is idempotent: the same PATCH twice
// leaves the quote as one did.

const QUOTES_LIMIT = 500;

async function listQuotes(app: FastifyInstance, status: AdminQuote['status'] | undefined): Promise<AdminQuote[]> {
  const quotes: AdminQuote[] = [];
  await scanDocs(
    app.store,
    COLLECTIONS.quotes,
    (doc) => quotes.push({ ...doc.data, id: doc.id }),
    status ? { where: [['status', '==', status]] } : {},
  );
  return quotes.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, QUOTES_LIMIT);
}

export default async function adminQuoteRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/quotes',
    {
      schema: {
        tags: ['admin'],
        summary: 'Quote requests, newest first, optionally of one status',
        querystring: adminQuotesQuerySchema,
        response: { 200: adminQuotesResponseSchema },
      },
    },
    async (request, reply) => {
      const quotes = await storeRead(() => listQuotes(app, request.query.status));
      return reply.header('cache-control', 'private, no-store').send({ quotes });
    },
  );

  const quoteOr404 = async (id: string): Promise<AdminQuote> => {
    const quote = await storeRead(() => getReadableDoc(app.store, COLLECTIONS.quotes, id));
    if (!quote) throw new AppError('not-found', MESSAGES.quoteNotFound(id));
    return { ...quote, id };
  };

  r.get(
    '/quotes/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One quote request',
        params: adminQuoteParamsSchema,
        response: { 200: adminQuoteSchema },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'private, no-store').send(await quoteOr404(request.params.id)),
  );

  r.patch(
    '/quotes/:id',
    {
      schema: {
        tags: ['admin'],
        summary: "Set a quote's status and, optionally, the studio's note",
        params: adminQuoteParamsSchema,
        body: quoteUpdateSchema,
        response: { 200: adminQuoteSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const by = await adminActor(request);
      const change = {
        status: request.body.status,
        ...(request.body.note !== undefined ? { note: request.body.note } : {}),
        updatedAt: new Date().toISOString(),
        updatedBy: by,
      };
      const updated = await storeRead(() =>
        app.store.transaction(async (tx) => {
          const current = await getReadableDoc(tx, COLLECTIONS.quotes, id);
          if (!current) return null;
          tx.update(COLLECTIONS.quotes, id, change);
          return { ...current, ...change, id };
        }),
      );
      if (!updated) throw new AppError('not-found', MESSAGES.quoteNotFound(id));
      request.log.info(
        { quoteId: id, status: change.status, noted: 'note' in change, by },
        'quote updated by the studio',
      );
      return updated;
    },
  );
}
