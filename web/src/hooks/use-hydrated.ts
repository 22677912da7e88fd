import { startTransition, useEffect, useState } from 'react';

/** Set once the page's content is the app's (root-layout.tsx): later mounts are client renders. */
let pageTakenOver = false;

/** Called from the commit that makes the pre-rendered page the app's (or its first client render). */
export function markPageTakenOver(): void {
  pageTakenOver = true;
}

/**
 * False on the server and while React hydrates a pre-rendered page, true afterwards (and at once
 * for a component mounted later, on a client-side navigation). Whatever depends on the browser
 * (cookies, storage) renders its server version first, so the page hydrates without a mismatch,
 * then updates.
 *
 * The update after hydration is a transition: React renders it in slices, between which a tap is
 * answered. A store with a different server snapshot (useSyncExternalStore) instead forces a
 * synchronous render, and the layout's forced one once made React hydrate the whole page's
 * content in that same pass: a third of a second of a phone's main thread in one task.
 *
 * "Later" is after the commit that marks the page taken over: a component using this hook must
 * not sit in a Suspense boundary of its own inside the page's content, which React may hydrate
 * after that commit (it would start true and not match the server's HTML).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => pageTakenOver);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
