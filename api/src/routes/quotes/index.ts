import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, MESSAGES, QUOTE_RATE_LIMIT_PER_MIN } from '@shop/shared';
import {
  QUOTE_IDEMPOTENCY_HEADER,
  quoteCreatedSchema,
  quoteIdempotencyKeySchema,
  quoteRequestSchema,
  type QuoteDocument,
  type QuoteJobData,
} from '@shop/shared/schemas';
import { JOBS } from '@shop/shared/server/queues';
import { queueOrUnavailable } from '../../services/queues/queue-or-unavailable.js';

function idempotencyKey(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const parsed = quoteIdempotencyKeySchema.safeParse(Array.isArray(header) ? header[0] : header);
  if (!parsed.success) throw new AppError('invalid-argument', MESSAGES.idempotencyKeyInvalid);
  return parsed.data.toLowerCase();
}

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
      const key = idempotencyKey(request.headers[QUOTE_IDEMPOTENCY_HEADER]);
      const id = key ?? randomUUID();
      // A resubmission of a stored quote only makes sure its notification is queued.
      if (!key || !(await app.quotes.exists(id))) {
        const quote: QuoteDocument = { ...request.body, status: 'new', createdAt: new Date().toISOString() };
        // Stored before the job is queued, so the worker always finds the quote it is told about.
        await app.quotes.create(id, quote);
      }
      await queueOrUnavailable(
        // The job id makes a repeated add of the same quote a no-op.
        () =>
          app.queues.notifications.add(JOBS.notifications.quoteReceived, { quoteId: id } satisfies QuoteJobData, {
            jobId: `quote-${id}`,
          }),
        {
          onFailure: async (err) => {
            request.log.error({ err, quoteId: id }, 'could not queue the quote notification');
            // With a key the quote stays: the retry the visitor makes finds it and queues the job.
            // Without one a retry could not be recognised, so the write is undone to leave no duplicate.
            if (!key) await app.quotes.remove(id);
          },
        },
      );
      request.log.info({ quoteId: id }, 'quote received');
      return reply.status(201).send({ id });
    },
  );
}
