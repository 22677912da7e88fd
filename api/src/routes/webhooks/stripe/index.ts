import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STRIPE_API_VERSION, verifyStripeEvent } from '../../../services/stripe/stripe-events.js';

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
      const { config } = app;
      const event = verifyStripeEvent(raw, request.headers['stripe-signature'], config.STRIPE_WEBHOOK_SECRET, {
        liveOnly: config.NODE_ENV === 'production' && !config.UNSAFE_SANDBOX_PROVIDERS,
      });
      // Event shapes follow the endpoint's API version, not the SDK's (docs/providers.md#stripe-api-version).
      if (event.api_version && event.api_version !== STRIPE_API_VERSION)
        request.log.warn(
          { stripeEvent: event.id, endpointVersion: event.api_version, sdkVersion: STRIPE_API_VERSION },
          'Stripe webhook endpoint uses another API version than the SDK: recreate it with the pinned version (docs/going-live.md#go-live)',
        );
      const outcome = await app.stripeEvents.accept(event, receivedAt);
      request.log.info({ stripeEvent: event.id, type: event.type, outcome }, 'stripe event');
      return { received: true as const, outcome };
    },
  );
}
