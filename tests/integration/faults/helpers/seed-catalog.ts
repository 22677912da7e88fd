import type { StorefrontProduct } from '@shop/shared/domain/product';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { parseConfig } from '@shop/shared/server/config';
import { openSqliteStore } from '@shop/shared/server/store';
import { createPrintfulClient, normaliseStorefrontProduct } from '@shop/shared/providers/printful';
import type { PrintfulSandbox } from '../../../sandbox/printful/server.js';
import { readSyncedProduct } from '../../../fixtures/synced-printful-product.js';

/**
 * Writes the first `count` sandbox products to the storefront as a sync would leave them, before
 * the processes start, so that carts and checkouts name variants the Printful sandbox knows.
 */
export async function seedStorefront(
  sqlitePath: string,
  sandbox: PrintfulSandbox,
  count: number,
): Promise<StorefrontProduct[]> {
  const printful = createPrintfulClient(parseConfig({ PRINTFUL_API_URL: sandbox.url }), { retry: false });
  const store = openSqliteStore(sqlitePath);
  try {
    const products: StorefrontProduct[] = [];
    for (const summary of sandbox.catalogue.list().slice(0, count)) {
      const product = normaliseStorefrontProduct(await readSyncedProduct(printful, summary.id));
      await store.set(COLLECTIONS.storeInventory, product.id, product);
      products.push(product);
    }
    return products;
  } finally {
    await store.close();
  }
}
