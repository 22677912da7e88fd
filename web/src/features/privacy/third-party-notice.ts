// What the third-party cookie warning needs before any check: whether it was dismissed in this
// tab, and when the page has settled. Apart from the check itself (third-party-cookies.ts, with
// its message schema and the public configuration), which the warning loads only when it runs,
// so the page's first script does not carry them.

export function readSession(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeSession(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // Without session storage the check simply runs again on the next page load.
  }
}

/** Runs `task` once the page has loaded and the browser is idle, so the check never delays a paint. */
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

/** Dismissed for this tab. */
export const dismissedKey = 'third-party-cookies-dismissed';
export const isDismissed = () => readSession(dismissedKey) === '1';
export const rememberDismissed = () => writeSession(dismissedKey, '1');
