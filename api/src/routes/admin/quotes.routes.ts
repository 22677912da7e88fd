import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, MESSAGES } from '@shop/shared';
import {
  adminQuoteParamsSchema,
  adminQuoteSchema,
  adminQuotesQuerySchema,
  adminQuotesResponseSchema,
  quoteReplyRequestSchema,
  quoteUpdateSchema,
  type AdminQuote,
  type QuoteReply,
} from '@shop/shared/schemas';
import { adminActor } from '../../services/admin/admin-actor.js';

// The studio's quotes inbox (docs/rules.md#the-back-office): the leads from /contact/quote, newest first, with
// where each stands (new, contacted, won, lost, spam) and the studio's note. The caller is an
// admin (the plugin's onRequest hook). Setting a status is idempotent: the same PATCH twice
// leaves the quote as one did.

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
      const quotes = await app.quotes.list(request.query.status);
      return reply.header('cache-control', 'private, no-store').send({ quotes });
    },
  );

  const quoteOr404 = async (id: string): Promise<AdminQuote> => {
    const quote = await app.quotes.read(id);
    if (!quote) throw new AppError('not-found', MESSAGES.quoteNotFound(id));
    return quote;
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
      const updated = await app.quotes.update(id, change);
      if (!updated) throw new AppError('not-found', MESSAGES.quoteNotFound(id));
      request.log.info(
        { quoteId: id, status: change.status, noted: 'note' in change, by },
        'quote updated by the studio',
      );
      return updated;
    },
  );

  // A reply written in the admin goes to the visitor as an e-mail from the studio, and the quote
  // keeps the thread. Sending is what "contacted" means, so a new quote becomes contacted
  // (app.quotes.sendReply stores it, queues the e-mail, and takes it back if that fails).
  r.post(
    '/quotes/:id/replies',
    {
      schema: {
        tags: ['admin'],
        summary: 'E-mail a reply to the person who asked for the quote; the quote keeps the thread',
        params: adminQuoteParamsSchema,
        body: quoteReplyRequestSchema,
        response: { 201: adminQuoteSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const by = await adminActor(request);
      const sent: QuoteReply = { id: randomUUID(), at: new Date().toISOString(), by, message: request.body.message };
      const after = await app.quotes.sendReply(id, sent, request.log);
      if (!after) throw new AppError('not-found', MESSAGES.quoteNotFound(id));
      request.log.info({ quoteId: id, replyId: sent.id, by }, 'quote reply sent by the studio');
      return reply.status(201).header('cache-control', 'private, no-store').send(after);
    },
  );
}
