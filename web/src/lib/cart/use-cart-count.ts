import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@shop/shared';
import { readStorage } from '../storage';

// The header's cart badge. The cart feature announces changes with a `cart:updated` window event;
// the count is read from the cart saved in local storage, so it is right on first paint too.

export const CART_UPDATED_EVENT = 'cart:updated';

function quantityOf(line: unknown): number {
  const q = (line as { quantity?: unknown } | null)?.quantity;
  return typeof q === 'number' && Number.isFinite(q) && q > 0 ? q : 0;
}

/** Item count of a saved cart: a list of lines, or an object with totalItems or items/cartItems. */
export function countCartItems(raw: string | null): number {
  if (!raw) return 0;
  let cart: unknown;
  try {
    cart = JSON.parse(raw);
  } catch {
    return 0;
  }
  if (Array.isArray(cart)) return cart.reduce((sum: number, line) => sum + quantityOf(line), 0);
  if (cart && typeof cart === 'object') {
    const { totalItems, items, cartItems } = cart as { totalItems?: unknown; items?: unknown; cartItems?: unknown };
    if (typeof totalItems === 'number' && totalItems >= 0) return totalItems;
    const lines = Array.isArray(items) ? items : Array.isArray(cartItems) ? cartItems : [];
    return lines.reduce((sum: number, line) => sum + quantityOf(line), 0);
  }
  return 0;
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === STORAGE_KEYS.cart) onChange();
  };
  window.addEventListener(CART_UPDATED_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CART_UPDATED_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

const snapshot = () => countCartItems(readStorage(STORAGE_KEYS.cart));

export function useCartCount(): number {
  return useSyncExternalStore(subscribe, snapshot, () => 0);
}
