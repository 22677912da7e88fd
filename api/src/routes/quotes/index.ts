import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, MESSAGES, QUOTE_RATE_LIMIT_PER_MIN } from '@shop/shared';
import { quoteCreatedSchema, quoteRequestSchema, type QuoteDocument } from '@shop/shared/schemas';
import { JOBS } from '@shop/shared/server/queues';

const QUOTES = 'quotes';

// Quote requests from /contact/quote: stored, then announced to the studio by the notifications worker.
export default async function quoteRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/',
    {
      // Each request sends an e-mail, so a much smaller per-IP budget than the API-wide one.
      config: { rateLimit: { max: QUOTE_RATE_LIMIT_PER_MIN, timeWindow: '1 minute' } },
      schema: {
        tags: ['content'],
        summary: 'Request a quote',
        body: quoteRequestSchema,
        response: { 201: quoteCreatedSchema },
      },
    },
    async (request, reply) => {
      const id = randomUUID();
      const quote: QuoteDocument = { ...request.body, status: 'new', createdAt: new Date().toISOString() };
      // Stored before the job is queued, so the worker always finds the quote it is told about.
      await app.store.set(QUOTES, id, quote);
      try {
        await app.queues.notifications.add(JOBS.notifications.quoteReceived, { quoteId: id }, { jobId: `quote-${id}` });
      } catch (err) {
        // Undo the write: the visitor keeps the draft and retries, and a retry must not leave a duplicate.
        request.log.error({ err, quoteId: id }, 'could not queue the quote notification');
        await app.store.delete(QUOTES, id);
        throw new AppError('unavailable', MESSAGES.queueUnavailable);
      }
      request.log.info({ quoteId: id }, 'quote received');
      return reply.status(201).send({ id });
    },
  );
}
