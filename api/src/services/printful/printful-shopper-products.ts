import type { StorefrontProduct } from '@shop/shared/domain/product';
import type { PrintfulShopperProduct } from '@shop/shared/schemas';

// GET /api/printful/products is built from the storefront read model, never from the raw Printful
// copies: those hold Printful's costs, the margin setting, original print files and retired
// variants (security review 2026-11-25). Storefront products carry only what the store sells.

/** A storefront product (only sellable variants, no costs) in the print-on-demand list's shape. */
export function printfulShopperProduct(product: StorefrontProduct): PrintfulShopperProduct {
  return {
    id: product.id,
    name: product.title,
    thumbnail_url: product.thumbnail_url,
    sync_product: {
      id: product.id,
      name: product.title,
      thumbnail_url: product.thumbnail_url,
      variants: product.variants.length,
    },
    sync_variants: product.variants.map((v) => ({
      id: v.id,
      name: v.name,
      size: v.size,
      color: v.color,
      retail_price: v.price.toFixed(2),
      currency: v.currency,
    })),
  };
}
