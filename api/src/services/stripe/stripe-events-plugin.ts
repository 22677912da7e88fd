import fp from 'fastify-plugin';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Stripe } from './stripe-client.js';
import { acceptStripeEvent, STRIPE_API_VERSION, verifyStripeEvent } from './stripe-events.js';

// The Stripe webhook's handling as `app.stripeEvents`: the signature checked against the
// endpoint's secret, and a verified event recorded once and passed to the `orders` queue
// (stripe-events.ts). The route keeps only the raw body.

declare module 'fastify' {
  interface FastifyInstance {
    stripeEvents: {
      verify: (rawBody: Buffer, signature: string | string[] | undefined, log: FastifyBaseLogger) => Stripe.Event;
      accept: (event: Stripe.Event, receivedAt: Date) => ReturnType<typeof acceptStripeEvent>;
    };
  }
}

async function stripeEventsPlugin(app: FastifyInstance) {
  const { config } = app;
  app.decorate('stripeEvents', {
    verify: (rawBody: Buffer, signature: string | string[] | undefined, log: FastifyBaseLogger) => {
      const event = verifyStripeEvent(rawBody, signature, config.STRIPE_WEBHOOK_SECRET, {
        liveOnly: config.NODE_ENV === 'production' && !config.UNSAFE_SANDBOX_PROVIDERS,
      });
      // Event shapes follow the endpoint's API version, not the SDK's (docs/providers.md#stripe-api-version).
      if (event.api_version && event.api_version !== STRIPE_API_VERSION)
        log.warn(
          { stripeEvent: event.id, endpointVersion: event.api_version, sdkVersion: STRIPE_API_VERSION },
          'Stripe webhook endpoint uses another API version than the SDK: recreate it with the pinned version (docs/going-live.md#go-live)',
        );
      return event;
    },
    accept: (event: Stripe.Event, receivedAt: Date) =>
      acceptStripeEvent(app.store, app.queues.orders, event, receivedAt),
  });
}

export default fp(stripeEventsPlugin, { name: 'stripe-events', dependencies: ['infrastructure'] });
