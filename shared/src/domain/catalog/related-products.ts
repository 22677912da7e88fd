import type { StorefrontProduct } from '../../schemas/storefront-product.js';

/** How many related products a product page shows (docs/rules.md#what-a-merch-shopper-expects). */
export const RELATED_PRODUCTS_LIMIT = 4;

/**
 * Other products of the same category that can be bought (a product without variants is a
 * shop-window item), in catalogue order, at most RELATED_PRODUCTS_LIMIT.
 */
export function relatedProducts(
  product: Pick<StorefrontProduct, 'id' | 'category'>,
  catalogue: readonly StorefrontProduct[],
  limit = RELATED_PRODUCTS_LIMIT,
): StorefrontProduct[] {
  return catalogue
    .filter((p) => p.id !== product.id && p.category === product.category && p.variants.length > 0)
    .slice(0, limit);
}
