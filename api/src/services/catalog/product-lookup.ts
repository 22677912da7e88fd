import { COLLECTIONS, type AppCollection } from '@shop/shared/server/collections';
import type { DocumentStore } from '@shop/shared/server/store';
import {
  isRetiredChoice,
  isSellableProductDoc,
  normaliseProductDoc,
  type StorefrontProduct,
} from '@shop/shared/domain/product';

// Where the cart finds a product by id. The cart never takes a name, price or variant from the
// browser: it always resolves them through this lookup.

export interface ProductLookup {
  /** The storefront product while it is sold (docs/rules.md#only-what-can-ship-is-sold); null when retired or unknown. */
  getProduct(id: string): Promise<StorefrontProduct | null>;
  /** True when the catalogue sold this product, or this size and colour of it, and no longer does. */
  isRetired(id: string, choice: { size?: string; color?: string }): Promise<boolean>;
}

/** docs/rules.md#calls-to-other-services: a product is read by id from storeInventory, then from products. */
export const PRODUCT_LOOKUP_COLLECTIONS = [COLLECTIONS.storeInventory, COLLECTIONS.products] as const;

/**
 * The one collection fallback: the first of `collections` holding `id` decides, so an archived
 * `products` entry hides the raw copy behind it. The product while it is sold, null when that
 * document is retired, undefined when no collection has it. Read raw, not through the registry:
 * an incomplete document gets the spec's defaults rather than being refused.
 */
export async function firstStoredProduct(
  store: DocumentStore,
  collections: readonly AppCollection[],
  id: string,
): Promise<StorefrontProduct | null | undefined> {
  for (const collection of collections) {
    const doc = await store.get(collection, id);
    if (doc) return isSellableProductDoc(doc) ? normaliseProductDoc(doc, { id }) : null;
  }
  return undefined;
}

export function createStoreProductLookup(store: DocumentStore): ProductLookup {
  return {
    async getProduct(id) {
      return (await firstStoredProduct(store, PRODUCT_LOOKUP_COLLECTIONS, id)) ?? null;
    },
    async isRetired(id, choice) {
      // The searchable document outlives the storefront one and records the variants not sold.
      const doc = await store.get(COLLECTIONS.products, id);
      return doc !== null && isRetiredChoice(doc, choice);
    },
  };
}
