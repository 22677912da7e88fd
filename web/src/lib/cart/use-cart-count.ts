import { useContext, useSyncExternalStore } from 'react';
import { appCartState, CartStateContext } from './cart-state-store';

// The header's cart badge: the number of units in the cart state every page shares, so it follows
// this page's changes and what other tabs save. The server render and hydration show no count
// (the server does not know this browser's cart).

export function useCartCount(): number {
  const state = useContext(CartStateContext) ?? appCartState();
  return useSyncExternalStore(
    state.subscribe,
    () => state.getState().totalItems,
    () => 0,
  );
}
