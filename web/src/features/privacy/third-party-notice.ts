import { readStorage, writeStorage } from '../../lib/storage';

// What the third-party cookie warning needs before any check: whether it was dismissed in this
// tab, and when the page has settled. Apart from the check itself (third-party-cookies.ts, with
// its message schema and the public configuration), which the warning loads only when it runs,
// so the page's first script does not carry them.

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
const DISMISSED_KEY = 'third-party-cookies-dismissed';
export const isDismissed = () => readStorage(DISMISSED_KEY, 'session') === '1';
export const rememberDismissed = () => void writeStorage(DISMISSED_KEY, '1', 'session');
