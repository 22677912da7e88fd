import { PLACEHOLDER_IMAGE } from '../../constants/index.js';
import type { StorefrontProduct } from '../../schemas/storefront-product.js';

// The original product's three built-in products (docs/rules.md#entities), shown when nothing loads
// or the inventory is empty. They have no variants: they are shop-window items, not orderable.

const BUILT_IN_AT = '2024-01-01T00:00:00.000Z';

function fallback(id: string, title: string, price: number, category: string, description: string): StorefrontProduct {
  return {
    id,
    title,
    price,
    thumbnail_url: PLACEHOLDER_IMAGE,
    images: [PLACEHOLDER_IMAGE],
    variants: [],
    category,
    description,
    createdAt: BUILT_IN_AT,
    updatedAt: BUILT_IN_AT,
    source: 'fallback',
  };
}

export const FALLBACK_PRODUCTS: readonly StorefrontProduct[] = Object.freeze([
  fallback(
    'fallback-tshirt',
    'Studio Logo T-Shirt',
    24.99,
    'clothing',
    'A soft cotton T-shirt with the studio logo on the chest.',
  ),
  fallback(
    'fallback-mug',
    'Studio Coffee Mug',
    12.99,
    'accessories',
    'A ceramic mug for long nights of shipping code.',
  ),
  fallback('fallback-cap', 'Studio Cap', 19.99, 'clothing', 'An embroidered cap with an adjustable strap.'),
]);
