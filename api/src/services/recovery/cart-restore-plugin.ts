import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { RestoreCartResult } from '@shop/shared/schemas';
import type { CartKey } from '@shop/shared/server/cart';
import { restoreCart } from './cart-restore.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The abandoned-checkout e-mail's link: that checkout's lines become the cart at `key`. */
    cartRestore: (key: CartKey, token: string) => Promise<RestoreCartResult>;
  }
}

async function cartRestorePlugin(app: FastifyInstance) {
  const deps = { store: app.store, orders: app.orderRecords, carts: app.carts };
  app.decorate('cartRestore', (key: CartKey, token: string) => restoreCart(deps, key, token));
}

export default fp(cartRestorePlugin, { name: 'cart-restore', dependencies: ['infrastructure', 'cart'] });
