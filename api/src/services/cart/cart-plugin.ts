import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
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
  app.decorate('carts', new CartService(new CartRepository(app.store), () => app.productLookup));
}

export default fp(cartPlugin, { name: 'cart', dependencies: ['infrastructure', 'catalog'] });
