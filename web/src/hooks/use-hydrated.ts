import { useEffect, useState } from 'react';

// Set once the pre-rendered page has been hydrated (or at once when the page renders afresh), so a
// component mounted after that, on a client-side navigation, starts with the browser's state
// instead of painting the server's version for a frame.
let pageHydrated = false;

/** Called by the entry point right after hydration (or before a fresh render). */
export function markPageHydrated(): void {
  pageHydrated = true;
}

/**
 * False on the server and while a pre-rendered page hydrates, true afterwards. Whatever depends on
 * the browser (cookies, storage) renders its server version first, so the page hydrates without a
 * mismatch, then updates. A state and an effect rather than useSyncExternalStore's server snapshot:
 * Preact's compatibility layer, which the SPA runs on, does not use that snapshot when hydrating.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(pageHydrated);
  useEffect(() => {
    // The second render is the point: it is the one after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (!hydrated) setHydrated(true);
  }, [hydrated]);
  return hydrated;
}
