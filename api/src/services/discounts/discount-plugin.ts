import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createStripeClient } from '../stripe/stripe-client.js';
import { DiscountService } from './discount-service.js';
import { CodeGuessGuard } from './code-guess-guard.js';

// One discount service: the admin routes, the cart routes and checkout share it.

declare module 'fastify' {
  interface FastifyInstance {
    /** Discount codes and the margin-safe checks (docs/rules.md#what-a-merch-shopper-expects). */
    discounts: DiscountService;
    /** The wrong-code budget of each client and cart, and the lockout past it. */
    codeGuesses: CodeGuessGuard;
  }
}

async function discountPlugin(app: FastifyInstance) {
  app.decorate(
    'discounts',
    new DiscountService({
      store: app.store,
      orders: app.orderRecords,
      stripe: createStripeClient(app.config),
      minMarginPercent: app.config.MIN_MARGIN_PERCENT,
    }),
  );
  app.decorate('codeGuesses', new CodeGuessGuard({ redis: app.redis, prefix: app.config.QUEUE_PREFIX, log: app.log }));
}

export default fp(discountPlugin, { name: 'discounts', dependencies: ['infrastructure'] });
