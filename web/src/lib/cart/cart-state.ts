import { addCartItem, cartTotals, removeCartItem, setCartItemQuantity, type CartItem } from '@shop/shared/domain/cart';
import type { CartDiscount, CartResponseItem, MergeCartResponse } from '@shop/shared/schemas';

// The persisted cart's state and actions (spec sections 3 and 4): items, loading, error, totals
// and the ids of requests still in flight. Every change goes through the shared cart rules and
// recomputes the totals.

/** A cart line; the server flags lines whose product or variant has left the catalogue. */
export type CartLine = CartResponseItem;

/** A guest line, or its units, that the sign-in merge could not keep. */
export type DroppedLine = MergeCartResponse['dropped'][number];

export interface CartState {
  items: CartLine[];
  loading: boolean;
  error: string | null;
  /** What the last sign-in merge left out (line and cart caps), shown until dismissed. */
  dropped: DroppedLine[];
  itemCount: number;
  totalItems: number;
  totalPrice: number;
  /** The discount code the server holds for this cart, with what it takes off (DESIGN.md 13.2). */
  discount: CartDiscount | null;
  pendingRequests: ReadonlySet<string>;
}

export type CartAction =
  | { type: 'replace'; items: CartLine[] }
  | { type: 'add'; item: CartItem }
  | { type: 'remove'; itemId: string }
  | { type: 'setQuantity'; itemId: string; quantity: number }
  | { type: 'clear' }
  | { type: 'setLoading'; loading: boolean }
  | { type: 'setError'; error: string | null }
  | { type: 'setDiscount'; discount: CartDiscount | null }
  | { type: 'setDropped'; dropped: DroppedLine[] }
  | { type: 'addPending'; requestId: string }
  | { type: 'removePending'; requestId: string };

export function withItems(state: CartState, items: CartLine[]): CartState {
  return { ...state, items, ...cartTotals(items) };
}

export const emptyCartState: CartState = withItems(
  {
    items: [],
    loading: false,
    error: null,
    dropped: [],
    itemCount: 0,
    totalItems: 0,
    totalPrice: 0,
    discount: null,
    pendingRequests: new Set(),
  },
  [],
);

export function cartReducer(state: CartState, action: CartAction): CartState {
  switch (action.type) {
    case 'replace':
      return withItems(state, action.items);
    case 'add':
      return withItems(state, addCartItem(state.items, action.item));
    case 'remove':
      return withItems(state, removeCartItem(state.items, action.itemId));
    case 'setQuantity':
      return withItems(state, setCartItemQuantity(state.items, action.itemId, action.quantity));
    case 'clear':
      return withItems(state, []);
    case 'setLoading':
      // Spec: setting loading clears the error.
      return { ...state, loading: action.loading, error: action.loading ? null : state.error };
    case 'setError':
      // Spec: setting an error stops loading.
      return { ...state, error: action.error, loading: action.error ? false : state.loading };
    case 'setDiscount':
      return { ...state, discount: action.discount };
    case 'setDropped':
      return { ...state, dropped: action.dropped };
    case 'addPending':
      return { ...state, pendingRequests: new Set(state.pendingRequests).add(action.requestId) };
    case 'removePending': {
      const pending = new Set(state.pendingRequests);
      pending.delete(action.requestId);
      return { ...state, pendingRequests: pending };
    }
  }
}
