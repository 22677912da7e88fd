import { createContext, createElement, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { appCartStore } from './cart-instance';
import { emptyCartState, type CartState } from './cart-state';
import { CartStateContext } from './cart-state-store';
import type { CartStore } from './cart-store';

// React access to the cart store. Pages use the app's one store; tests provide their own.

const CartStoreContext = createContext<CartStore | null>(null);

export function CartStoreProvider({ store, children }: { store: CartStore; children: ReactNode }) {
  return createElement(
    CartStoreContext.Provider,
    { value: store },
    createElement(CartStateContext.Provider, { value: store.state }, children),
  );
}

export function useCartStore(): CartStore {
  return useContext(CartStoreContext) ?? appCartStore();
}

const serverState = () => emptyCartState;

/**
 * The cart state, read from the server once per page and kept in sync after. While React hydrates
 * a server-rendered page, the state the server rendered with: no cart. React may hydrate a page's
 * content after the layout's effects have loaded this browser's cart, and a page hydrated with it
 * (a store page with its cart bar) no longer matched its HTML: React rendered it afresh, and a tap
 * on it in that moment was lost.
 */
export function useCart(): CartState & { store: CartStore } {
  const store = useCartStore();
  const state = useSyncExternalStore(store.subscribe, store.getState, serverState);
  useEffect(() => {
    void store.start();
  }, [store]);
  return { ...state, store };
}
