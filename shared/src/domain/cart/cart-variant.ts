import type { CartItem } from './cart-item.js';
import type { CartProductVariant } from './cart-product.js';

type VariantIds = Pick<CartProductVariant, 'id' | 'catalog_variant_id'>;
type LineVariantIds = Pick<CartItem, 'variantId' | 'catalog_variant_id'>;

/**
 * Whether a catalogue variant is the one a cart line was built from: by the variant id the line
 * kept, else by its catalogue variant id (lines saved by older clients may lack the variant id).
 */
export function isSameVariant(variant: VariantIds, item: LineVariantIds): boolean {
  if (item.variantId !== null) return String(variant.id) === String(item.variantId);
  return item.catalog_variant_id !== null && String(variant.catalog_variant_id) === String(item.catalog_variant_id);
}
