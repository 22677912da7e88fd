import { CART_MAX_LINES, CART_QUANTITY_MAX } from '../../constants/index.js';
import { AppError, MESSAGES } from '../../errors/index.js';
import type { CartItem } from './cart-item.js';
import { assertValidQuantity } from './cart-validation.js';

// Persisted-cart line operations (spec section 4). Pure: each returns a new list.

type LineKey = Pick<CartItem, 'productId' | 'size' | 'color'>;

/** Two lines are the same line when productId, size and colour are equal. */
export function isSameLine(a: LineKey, b: LineKey): boolean {
  return a.productId === b.productId && a.size === b.size && a.color === b.color;
}

/**
 * Adds a line, or raises the quantity of the same line. The added quantity must be 1 to 10 and
 * so must the line's total: a line never holds more than 10 (a PATCH above 10 is refused too).
 * A new line beyond CART_MAX_LINES is refused: Stripe's checkout takes no more than that.
 */
export function addCartItem(items: readonly CartItem[], item: CartItem): CartItem[] {
  assertValidQuantity(item.quantity);
  const existing = items.find((line) => isSameLine(line, item));
  if (!existing) {
    if (items.length >= CART_MAX_LINES)
      throw new AppError('failed-precondition', MESSAGES.cartLinesLimit(CART_MAX_LINES));
    return [...items, item];
  }
  const quantity = existing.quantity + item.quantity;
  // The add itself was valid; what stops it is what the line already holds, so say that.
  if (quantity > CART_QUANTITY_MAX)
    throw new AppError('invalid-argument', MESSAGES.lineCap(existing.quantity, CART_QUANTITY_MAX));
  return items.map((line) => (line === existing ? { ...line, quantity } : line));
}

export function removeCartItem(items: readonly CartItem[], itemId: string): CartItem[] {
  return items.filter((line) => line.id !== itemId);
}

/** A quantity of zero or less removes the line; above 10 is refused. */
export function setCartItemQuantity(items: readonly CartItem[], itemId: string, quantity: number): CartItem[] {
  if (quantity <= 0) return removeCartItem(items, itemId);
  assertValidQuantity(quantity);
  return items.map((line) => (line.id === itemId ? { ...line, quantity } : line));
}

export function clearCart(): CartItem[] {
  return [];
}

/**
 * Merges a guest cart into a user's cart on sign-in. Same product, size and colour add up; the
 * sum is capped at 10 rather than refused, because the shopper did nothing wrong and a failed
 * sign-in merge would strand the guest cart. Guest-only lines are appended in their order.
 */
export function mergeCartItems(target: readonly CartItem[], source: readonly CartItem[]): CartItem[] {
  const merged = [...target];
  for (const incoming of source) {
    const index = merged.findIndex((line) => isSameLine(line, incoming));
    if (index === -1) {
      merged.push({ ...incoming, quantity: Math.min(incoming.quantity, CART_QUANTITY_MAX) });
    } else {
      const line = merged[index];
      merged[index] = { ...line, quantity: Math.min(line.quantity + incoming.quantity, CART_QUANTITY_MAX) };
    }
  }
  return merged;
}
