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
} from '@shop/shared/schemas';

function idempotencyKey(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const parsed = quoteIdempotencyKeySchema.safeParse(Array.isArray(header) ? header[0] : header);
  if (!parsed.success) throw new AppError('invalid-argument', MESSAGES.idempotencyKeyInvalid);
  return parsed.data.toLowerCase();
}

// Quote requests from /contact/quote: app.quotes.receive stores them and queues the studio's e-mail.
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
      const quote: QuoteDocument = { ...request.body, status: 'new', createdAt: new Date().toISOString() };
      await app.quotes.receive(id, key, quote, request.log);
      request.log.info({ quoteId: id }, 'quote received');
      return reply.status(201).send({ id });
    },
  );
}
