import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates a pre-rendered page (and on the server), true afterwards. Whatever
 * depends on the browser (cookies, storage) renders its server version first, so the page hydrates
 * without a mismatch, then updates.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
