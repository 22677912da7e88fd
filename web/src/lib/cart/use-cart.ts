import { createContext, createElement, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { appCartStore } from './cart-instance';
import type { CartState } from './cart-state';
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

/** The cart state, read from the server once per page and kept in sync after. */
export function useCart(): CartState & { store: CartStore } {
  const store = useCartStore();
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  useEffect(() => {
    void store.start();
  }, [store]);
  return { ...state, store };
}
