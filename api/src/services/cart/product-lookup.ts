import type { DocumentStore } from '@shop/shared/server/store';
import { normaliseProductDoc, type StorefrontProduct } from '@shop/shared/domain/product';

// Where the cart finds a product by id. The cart never takes a name, price or variant from the
// browser: it always resolves them through this lookup.

export interface ProductLookup {
  /** The storefront product, or null when no catalogue collection has it. */
  getProduct(id: string): Promise<StorefrontProduct | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalogue read model's lookup, when one is decorated; the cart then uses it instead of the store. */
    productLookup?: ProductLookup;
  }
}

/** Spec section 5: a product is read by id from storeInventory, then from products. */
export const PRODUCT_LOOKUP_COLLECTIONS = ['storeInventory', 'products'] as const;

export function createStoreProductLookup(store: DocumentStore): ProductLookup {
  return {
    async getProduct(id) {
      for (const collection of PRODUCT_LOOKUP_COLLECTIONS) {
        const doc = await store.get(collection, id);
        if (doc) return normaliseProductDoc(doc, { id });
      }
      return null;
    },
  };
}
