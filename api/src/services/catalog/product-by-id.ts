import { AppError, MESSAGES } from '@shop/shared';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import { COLLECTIONS } from '@shop/shared/server/collections';
import type { DocumentStore } from '@shop/shared/server/store';
import { type CatalogReadModel } from './catalog-read-model.js';
import { firstStoredProduct } from './product-lookup.js';
import { storeRead } from '../store/store-read.js';

// Single product lookup (docs/rules.md#states-and-transitions; docs/contracts.md#http-api): the loaded catalogue first, then
// storeInventory, then products, then the raw provider copy in printfulProducts, each normalised
// to the storefront shape. The store is only read for what the read model does not hold (a
// product written a moment ago whose event has not arrived, or one only Printful knows).

export const PRODUCT_BY_ID_COLLECTIONS = [
  COLLECTIONS.storeInventory,
  COLLECTIONS.products,
  COLLECTIONS.printfulProducts,
] as const;

/**
 * The product while it is sold; 404 with the spec's message when no collection has it or it is
 * retired (docs/rules.md#only-what-can-ship-is-sold: archived, ignored in Printful, or without a sellable variant), 503
 * when the store fails.
 */
export async function findProduct(
  catalog: CatalogReadModel,
  store: DocumentStore,
  id: string,
): Promise<StorefrontProduct> {
  const product = catalog.get(id)
    ? catalog.getSellable(id)
    : await storeRead(() => firstStoredProduct(store, PRODUCT_BY_ID_COLLECTIONS, id));
  if (!product) throw new AppError('not-found', MESSAGES.productNotFound);
  return product;
}
