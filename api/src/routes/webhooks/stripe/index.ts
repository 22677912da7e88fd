import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

// Stripe's signature covers the exact bytes sent, so this plugin (encapsulated: the rest of the
// API keeps its JSON parser) takes JSON bodies as raw Buffers (docs/providers.md#stripe-webhook-signatures).
const WEBHOOK_BODY_LIMIT_BYTES = 512 * 1024;

export default async function stripeWebhookRoutes(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    '/',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT_BYTES,
      // Stripe bursts retries from a few addresses; the signature check is what guards this route.
      config: { rateLimit: false },
      schema: {
        tags: ['webhooks'],
        summary: 'Stripe webhook endpoint (signed events)',
        response: { 200: z.object({ received: z.literal(true), outcome: z.enum(['queued', 'duplicate', 'ignored']) }) },
      },
    },
    async (request) => {
      const receivedAt = new Date();
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const event = app.stripeEvents.verify(raw, request.headers['stripe-signature'], request.log);
      const outcome = await app.stripeEvents.accept(event, receivedAt);
      request.log.info({ stripeEvent: event.id, type: event.type, outcome }, 'stripe event');
      return { received: true as const, outcome };
    },
  );
}
