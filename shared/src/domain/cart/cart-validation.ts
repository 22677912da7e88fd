import {
  CART_LINE_QUANTITY_MAX,
  CART_QUANTITY_MAX,
  CART_QUANTITY_MIN,
  DEFAULT_COLOR,
  DEFAULT_SIZE,
  PRICE_MISMATCH_TOLERANCE,
} from '../../constants/index.js';
import { AppError, MESSAGES } from '../../errors/index.js';
import type { CartItem } from './cart-item.js';
import type { CartProduct, CartProductVariant, IdentifiedCartProduct } from './cart-product.js';

// Add-to-cart validation and variant choice (docs/rules.md#validation). Each failure is an AppError with
// the catalogue's message; the API maps invalid-argument to 400.

function hasValidId(value: string | number | null | undefined): boolean {
  return typeof value === 'number' ? Number.isFinite(value) && value !== 0 : Boolean(value);
}

/** The product must exist with an id, else 'Invalid product data'. */
export function assertValidProduct(product: CartProduct | null | undefined): asserts product is IdentifiedCartProduct {
  if (!product || !product.id) throw new AppError('invalid-argument', MESSAGES.invalidProductData);
}

export function isValidQuantity(quantity: number): boolean {
  return Number.isInteger(quantity) && quantity >= CART_QUANTITY_MIN && quantity <= CART_QUANTITY_MAX;
}

/** Quantity per add is 1 to 10. */
export function assertValidQuantity(quantity: number): void {
  if (!isValidQuantity(quantity)) throw new AppError('invalid-argument', MESSAGES.quantityRange);
}

/** A line's own quantity (set directly, as the cart page does) is 1 to CART_LINE_QUANTITY_MAX. */
export function assertValidLineQuantity(quantity: number): void {
  if (!Number.isInteger(quantity) || quantity < CART_QUANTITY_MIN || quantity > CART_LINE_QUANTITY_MAX)
    throw new AppError('invalid-argument', MESSAGES.lineQuantityRange(CART_LINE_QUANTITY_MAX));
}

export interface VariantRequest {
  size?: string | null;
  color?: string | null;
}

/**
 * Takes the variant matching the requested size and colour that has a valid id; with neither
 * requested, the first variant with a valid id. A variant without a size or colour counts as
 * One Size / Default, the values the cart line shows, so a line's own size and colour find its
 * variant again. When only one of the two is requested, the other is not compared.
 */
export function chooseVariant(product: CartProduct, { size, color }: VariantRequest = {}): CartProductVariant {
  const variants = product.variants ?? [];
  if (variants.length === 0) throw new AppError('invalid-argument', MESSAGES.noVariants);
  const chosen = variants.find(
    (v) =>
      hasValidId(v.id) &&
      (!size || (v.size || DEFAULT_SIZE) === size) &&
      (!color || (v.color || DEFAULT_COLOR) === color),
  );
  if (!chosen) throw new AppError('invalid-argument', MESSAGES.noValidVariant(size ?? undefined, color ?? undefined));
  return chosen;
}

/** Orders to the provider need its catalogue variant id. */
export function assertVariantHasCatalogId(variant: CartProductVariant): void {
  if (!hasValidId(variant.catalog_variant_id)) throw new AppError('invalid-argument', MESSAGES.variantMissingCatalogId);
}

/** A cart item is valid only with productId, name, a price and quantity above 0 and a catalogue variant id. */
export function isValidCartItem(item: Partial<CartItem>): boolean {
  return (
    Boolean(item.productId) &&
    Boolean(item.name) &&
    typeof item.price === 'number' &&
    item.price > 0 &&
    typeof item.quantity === 'number' &&
    item.quantity > 0 &&
    hasValidId(item.catalog_variant_id)
  );
}

export function assertValidCartItem(item: Partial<CartItem>): void {
  if (!isValidCartItem(item)) throw new AppError('invalid-argument', MESSAGES.cartItemInvalid);
}

/** Whether two prices differ by more than the spec's tolerance of 0.01 (debug checks only, docs/rules.md#validation). */
export function pricesDiffer(a: number, b: number): boolean {
  return Math.abs(a - b) > PRICE_MISMATCH_TOLERANCE;
}
