import type { FastifyInstance } from 'fastify';
import { CartRepository } from '@shop/shared/server/cart';
import { CartService } from './cart-service.js';
import { createStoreProductLookup } from './product-lookup.js';

export { CartService, type CartView } from './cart-service.js';
export { createStoreProductLookup, PRODUCT_LOOKUP_COLLECTIONS, type ProductLookup } from './product-lookup.js';

/** The cart service over the app's store, using the catalogue read model's lookup when one is decorated. */
export function createCartService(app: FastifyInstance): CartService {
  const storeLookup = createStoreProductLookup(app.store);
  return new CartService(new CartRepository(app.store), () => app.productLookup ?? storeLookup);
}
