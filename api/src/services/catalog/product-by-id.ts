import { AppError, MESSAGES } from '@shop/shared';
import { isSellableProductDoc, normaliseProductDoc, type StorefrontProduct } from '@shop/shared/domain/product';
import { COLLECTIONS } from '@shop/shared/server/collections';
import type { DocumentStore } from '@shop/shared/server/store';
import {
  type CatalogReadModel,
} from './catalog-read-model.js';
import { storeRead } from './read-collection.js';

// Single product lookup (spec section 4; DESIGN.md section 5): the loaded catalogue first, then
// storeInventory, then products, then the raw provider copy in printfulProducts, each normalised
// to the storefront shape. The store is only read for what the read model does not hold (a
// product written a moment ago whose event has not arrived, or one only Printful knows).

export const PRODUCT_BY_ID_COLLECTIONS = [COLLECTIONS.storeInventory, COLLECTIONS.products, COLLECTIONS.printfulProducts] as const;

/**
 * The product while it is sold; 404 with the spec's message when no collection has it or it is
 * retired (DESIGN.md 12.2: archived, ignored in Printful, or without a sellable variant), 503
 * when the store fails.
 */
export async function findProduct(
  catalog: CatalogReadModel,
  store: DocumentStore,
  id: string,
): Promise<StorefrontProduct> {
  const notFound = new AppError('not-found', MESSAGES.productNotFound);
  if (catalog.get(id)) {
    const sellable = catalog.getSellable(id);
    if (sellable) return sellable;
    throw notFound;
  }
  for (const collection of PRODUCT_BY_ID_COLLECTIONS) {
    const doc = await storeRead(() => store.get(collection, id));
    // The first document found decides, so an archived `products` entry hides the raw copy.
    if (doc) {
      if (!isSellableProductDoc(doc)) throw notFound;
      return normaliseProductDoc(doc, { id });
    }
  }
  throw notFound;
}
