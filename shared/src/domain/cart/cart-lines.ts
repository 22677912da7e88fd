import { CART_LINE_QUANTITY_MAX, CART_MAX_LINES } from '../../constants/index.js';
import { AppError, MESSAGES } from '../../errors/index.js';
import type { CartItem } from './cart-item.js';
import { assertValidLineQuantity, assertValidQuantity } from './cart-validation.js';

// Persisted-cart line operations (docs/rules.md#states-and-transitions). Pure: each returns a new list.

type LineKey = Pick<CartItem, 'productId' | 'size' | 'color'>;

/** Two lines are the same line when productId, size and colour are equal. */
export function isSameLine(a: LineKey, b: LineKey): boolean {
  return a.productId === b.productId && a.size === b.size && a.color === b.color;
}

/**
 * Adds a line, or raises the quantity of the same line. Each add is 1 to 10 (the spec caps the
 * add, not the line); a line grows to at most CART_LINE_QUANTITY_MAX, so a team can order 15 of
 * one size. A new line beyond CART_MAX_LINES is refused: Stripe's checkout takes no more than that.
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
  if (quantity > CART_LINE_QUANTITY_MAX)
    throw new AppError('invalid-argument', MESSAGES.lineCap(existing.quantity, CART_LINE_QUANTITY_MAX));
  return items.map((line) => (line === existing ? { ...line, quantity } : line));
}

export function removeCartItem(items: readonly CartItem[], itemId: string): CartItem[] {
  return items.filter((line) => line.id !== itemId);
}

/** A quantity of zero or less removes the line; above the line cap (100) is refused. */
export function setCartItemQuantity(items: readonly CartItem[], itemId: string, quantity: number): CartItem[] {
  if (quantity <= 0) return removeCartItem(items, itemId);
  assertValidLineQuantity(quantity);
  return items.map((line) => (line.id === itemId ? { ...line, quantity } : line));
}

export function clearCart(): CartItem[] {
  return [];
}

/** What a merge could not keep: the units of one guest line that did not fit. */
export interface DroppedCartLine {
  productId: string;
  name: string;
  size: string;
  color: string;
  quantity: number;
}

export interface MergedCart {
  items: CartItem[];
  /** Guest units left out because a line or the cart was full; empty when everything fit. */
  dropped: DroppedCartLine[];
}

function droppedOf(line: CartItem, quantity: number): DroppedCartLine {
  return { productId: line.productId, name: line.name, size: line.size, color: line.color, quantity };
}

/**
 * Merges a guest cart into a user's cart on sign-in. Same product, size and colour add up to the
 * line cap, guest-only lines are appended in their order up to the cart's line cap. What does not
 * fit is capped rather than refused, because the shopper did nothing wrong and a failed sign-in
 * merge would strand the guest cart; it is reported as `dropped` so the shopper can be told.
 */
export function mergeCartItems(target: readonly CartItem[], source: readonly CartItem[]): MergedCart {
  const items = [...target];
  const dropped: DroppedCartLine[] = [];
  for (const incoming of source) {
    const index = items.findIndex((line) => isSameLine(line, incoming));
    const have = index === -1 ? 0 : items[index].quantity;
    if (index === -1 && items.length >= CART_MAX_LINES) {
      dropped.push(droppedOf(incoming, incoming.quantity));
      continue;
    }
    const quantity = Math.min(have + incoming.quantity, CART_LINE_QUANTITY_MAX);
    const left = have + incoming.quantity - quantity;
    if (left > 0) dropped.push(droppedOf(incoming, left));
    if (index === -1) items.push({ ...incoming, quantity });
    else items[index] = { ...items[index], quantity };
  }
  return { items, dropped };
}
