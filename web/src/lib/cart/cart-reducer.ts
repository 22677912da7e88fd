import { addCartItem, removeCartItem, setCartItemQuantity, type CartItem } from '@shop/shared/domain/cart';
import type { CurrencyCode } from '@shop/shared/domain/currency';
import type { CartDiscount } from '@shop/shared/schemas';
import { withItems, type CartLine, type CartState, type DroppedLine } from './cart-state';

// The cart's actions: every change goes through the shared cart rules and recomputes the totals.

export type CartAction =
  | { type: 'replace'; items: CartLine[] }
  | { type: 'add'; item: CartItem }
  | { type: 'remove'; itemId: string }
  | { type: 'setQuantity'; itemId: string; quantity: number }
  | { type: 'clear' }
  | { type: 'setLoading'; loading: boolean }
  | { type: 'setError'; error: string | null }
  | { type: 'setDiscount'; discount: CartDiscount | null; currency?: CurrencyCode }
  | { type: 'setDropped'; dropped: DroppedLine[] }
  | { type: 'addPending'; requestId: string }
  | { type: 'removePending'; requestId: string };

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
      // The discount's amount is in the currency the server priced the cart in.
      return { ...state, discount: action.discount, currency: action.currency ?? state.currency };
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
