// Work a page does not need to show itself or to answer input (probes, live updates) waits for
// this, so it never competes with the page's first paint or its hydration.

/** Runs `task` once the page has loaded and the browser is idle; the returned function cancels it. */
export function whenPageSettled(task: () => void): () => void {
  let cancelled = false;
  const run = () => {
    if (cancelled) return;
    // Safari has no requestIdleCallback; a timer after `load` is near enough.
    const later = typeof requestIdleCallback === 'function' ? requestIdleCallback : (f: () => void) => setTimeout(f, 1);
    later(() => {
      if (!cancelled) task();
    });
  };
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', run);
  };
}
