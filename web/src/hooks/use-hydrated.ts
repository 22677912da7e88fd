import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and while React hydrates a pre-rendered page, true afterwards (and at once
 * for a component mounted later, on a client-side navigation). Whatever depends on the browser
 * (cookies, storage) renders its server version first, so the page hydrates without a mismatch,
 * then updates.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
