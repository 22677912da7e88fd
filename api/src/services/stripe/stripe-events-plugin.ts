import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Stripe } from './stripe-client.js';
import { acceptStripeEvent } from './stripe-events.js';

// The Stripe webhook's handling as `app.stripeEvents`: a verified event recorded once and passed to
// the `orders` queue (stripe-events.ts); the route keeps only the signature check.

declare module 'fastify' {
  interface FastifyInstance {
    stripeEvents: {
      accept: (event: Stripe.Event, receivedAt: Date) => ReturnType<typeof acceptStripeEvent>;
    };
  }
}

async function stripeEventsPlugin(app: FastifyInstance) {
  app.decorate('stripeEvents', {
    accept: (event: Stripe.Event, receivedAt: Date) =>
      acceptStripeEvent(app.store, app.queues.orders, event, receivedAt),
  });
}

export default fp(stripeEventsPlugin, { name: 'stripe-events', dependencies: ['infrastructure'] });
