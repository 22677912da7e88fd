import { z } from 'zod';
import { cartProductSchema, type CartProduct } from './cart-product.js';
import { cartTotals, type CartTotals } from './cart-totals.js';

// The store page's local cart (spec sections 3 and 4): lines keyed by cartItemId, saved to local
// storage on every change.

export const storePageCartItemSchema = z.object({
  product: cartProductSchema,
  quantity: z.number().int(),
  size: z.string().nullish(),
  color: z.string().nullish(),
  cartItemId: z.string(),
});
export type StorePageCartItem = z.infer<typeof storePageCartItemSchema>;

export function storePageCartItemId(productId: string, size?: string | null, color?: string | null): string {
  return `${productId}-${size || 'default'}-${color || 'default'}`;
}

export interface StorePageAdd {
  product: CartProduct & { id: string };
  quantity?: number;
  size?: string | null;
  color?: string | null;
}

/** Same product, size and colour increases the quantity; otherwise a new line. Default quantity 1. */
export function addStorePageItem(
  items: readonly StorePageCartItem[],
  { product, quantity = 1, size, color }: StorePageAdd,
): StorePageCartItem[] {
  const cartItemId = storePageCartItemId(product.id, size, color);
  if (items.some((line) => line.cartItemId === cartItemId)) {
    return items.map((line) =>
      line.cartItemId === cartItemId ? { ...line, quantity: line.quantity + quantity } : line,
    );
  }
  return [...items, { product, quantity, size, color, cartItemId }];
}

export function removeStorePageItem(items: readonly StorePageCartItem[], cartItemId: string): StorePageCartItem[] {
  return items.filter((line) => line.cartItemId !== cartItemId);
}

/** The spec shows no minimum here; a quantity of zero or less removes the line, as in the persisted cart. */
export function setStorePageItemQuantity(
  items: readonly StorePageCartItem[],
  cartItemId: string,
  quantity: number,
): StorePageCartItem[] {
  if (quantity <= 0) return removeStorePageItem(items, cartItemId);
  return items.map((line) => (line.cartItemId === cartItemId ? { ...line, quantity } : line));
}

export function storePageTotals(items: readonly StorePageCartItem[]): CartTotals {
  return cartTotals(items.map((line) => ({ price: line.product.price ?? 0, quantity: line.quantity })));
}
