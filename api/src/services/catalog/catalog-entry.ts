import type { DocData } from '@shop/shared/server/store';
import type { SearchableProduct } from '@shop/shared/domain/catalog';
import { normaliseProductDoc, type StorefrontProduct } from '@shop/shared/domain/product';
import { SEARCH_DEFAULT_STATUS } from '@shop/shared';

// One product of the read model: the storefront product the API answers with (every spec default
// applied by the shared normaliser), plus what search reads from the `products` document.

export interface CatalogEntry extends SearchableProduct {
  product: StorefrontProduct;
  /** In `storeInventory`, so part of the storefront list; otherwise only searchable (e.g. archived). */
  inInventory: boolean;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * Builds the entry for one id from its `storeInventory` document and its `products` document
 * (either may be missing, not both). The storefront fields come from storeInventory when it has
 * the product; status and category for search come from `products`, as the spec's search queried
 * that collection. A product with no recorded status is active: the sync only writes the
 * storefront catalogue for products it sells.
 */
export function toCatalogEntry(
  id: string,
  inventory: DocData | null,
  searchDoc: DocData | null,
  now: Date,
): CatalogEntry {
  const source = inventory ?? searchDoc ?? {};
  const product = normaliseProductDoc(source, { id, now });
  return {
    id,
    title: product.title,
    name: text(searchDoc?.name) ?? text(inventory?.name),
    description: product.description,
    price: product.price,
    category: text(searchDoc?.category) ?? product.category,
    status: text(searchDoc?.status) ?? text(inventory?.status) ?? SEARCH_DEFAULT_STATUS,
    updatedAt: product.updatedAt,
    variants: product.variants,
    productType: product.productType,
    product,
    inInventory: inventory !== null,
  };
}
