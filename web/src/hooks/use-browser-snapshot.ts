import { useSyncExternalStore } from 'react';
import { useHydrated } from './use-hydrated';

/** A subscription to a value that never changes while the page lives. */
export const noSubscription = () => () => {};

/**
 * useSyncExternalStore for a store that lives in the browser (storage, cookies, navigator): the
 * server's value on the server and during hydration, the store's from then on. The browser store
 * is neither read nor subscribed to before that, so the server never touches `window`.
 */
export function useBrowserSnapshot<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
  getServerSnapshot: () => T,
): T {
  const hydrated = useHydrated();
  // The third argument is what React itself reads while hydrating; Preact reads only the second.
  return useSyncExternalStore(
    hydrated ? subscribe : noSubscription,
    hydrated ? getSnapshot : getServerSnapshot,
    getServerSnapshot,
  );
}
