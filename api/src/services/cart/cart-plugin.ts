import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { AppError, GUEST_CART_CREATION_WINDOW_MS, MESSAGES } from '@shop/shared';
import { CartRepository } from '@shop/shared/server/cart';
import { CartService } from './cart-service.js';

// One cart service for the app: the cart routes and checkout share it, so both see the same
// catalogue lookup and the same revision rules.

declare module 'fastify' {
  interface FastifyInstance {
    /** The shopper's server-side cart (DESIGN.md section 5). */
    carts: CartService;
  }
}

async function cartPlugin(app: FastifyInstance) {
  // New guest carts per client address in a fixed window, counted in Redis so every API replica
  // shares the count (security review 2026-11-25: small requests created carts kept 30 days).
  const guestCartBudget = async (client: string) => {
    const key = `${app.config.QUEUE_PREFIX}:guest-carts:${client}`;
    const [[, count]] = (await app.redis
      .multi()
      .incr(key)
      .pexpire(key, GUEST_CART_CREATION_WINDOW_MS, 'NX')
      .exec()) as [[Error | null, number], unknown];
    if (count > app.config.GUEST_CARTS_PER_CLIENT) throw new AppError('resource-exhausted', MESSAGES.guestCartLimit);
  };
  app.decorate('carts', new CartService(new CartRepository(app.store), () => app.productLookup, guestCartBudget));
}

export default fp(cartPlugin, { name: 'cart', dependencies: ['infrastructure', 'catalog'] });
