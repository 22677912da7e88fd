import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { AppError, GUEST_CART_CREATION_WINDOW_MS, MESSAGES } from '@shop/shared';
import { CartRepository } from '@shop/shared/server/cart';
import { CartService } from './cart-service.js';
import { fixedWindowCounter } from '../limits/fixed-window-counter.js';

// One cart service for the app: the cart routes and checkout share it, so both see the same
// catalogue lookup and the same revision rules.

declare module 'fastify' {
  interface FastifyInstance {
    /** The shopper's server-side cart (docs/contracts.md#http-api). */
    carts: CartService;
  }
}

async function cartPlugin(app: FastifyInstance) {
  // New guest carts per client address in a fixed window, counted in Redis so every API replica
  // shares the count (security review 2026-11-25: small requests created carts kept 30 days).
  // While Redis cannot answer, this process counts on its own: shoppers keep their carts (the
  // carts live in the document store) and the limit still holds, per process.
  const newGuestCarts = fixedWindowCounter(
    app.redis,
    `${app.config.QUEUE_PREFIX}:guest-carts`,
    GUEST_CART_CREATION_WINDOW_MS,
  );
  const guestCartBudget = async (client: string) => {
    const { count } = await newGuestCarts(client);
    if (count > app.config.GUEST_CARTS_PER_CLIENT) {
      // Retry-After: the window's length, the longest the address may have to wait.
      throw Object.assign(new AppError('resource-exhausted', MESSAGES.guestCartLimit), {
        retryAfterSeconds: GUEST_CART_CREATION_WINDOW_MS / 1000,
      });
    }
  };
  app.decorate(
    'carts',
    new CartService(new CartRepository(app.store), app.orderRecords, () => app.productLookup, guestCartBudget),
  );
}

export default fp(cartPlugin, { name: 'cart', dependencies: ['infrastructure', 'catalog'] });
