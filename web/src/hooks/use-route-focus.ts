import { useEffect, useRef } from 'react';
import { useLocation, useNavigation } from 'react-router-dom';

// After each route change inside the SPA, focus goes to the new page's main heading, so a keyboard
// or screen-reader user starts reading the new page instead of from the top of the body
// (docs/rules.md#the-signed-in-shopper). A page whose heading comes after its data gets focus when the heading appears.
// The first page of a visit is left alone: the browser starts it at the top, as any document.

const HEADING_WAIT_MS = 10_000;

function focusHeading(main: HTMLElement): HTMLElement | null {
  const heading = main.querySelector<HTMLElement>('h1');
  if (!heading) return null;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  return heading;
}

/**
 * The path of the document the browser loaded. This hook loads after hydration, so on a slow phone
 * a visitor may already have followed a link by then: that step still moves focus.
 */
function documentPath(): string | null {
  const [entry] = typeof performance.getEntriesByType === 'function' ? performance.getEntriesByType('navigation') : [];
  if (!entry?.name) return null;
  try {
    return new URL(entry.name).pathname;
  } catch {
    return null;
  }
}

export function useRouteFocus(mainId: string): void {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  // The page focus was last settled for: a change of query string alone (a filter) keeps focus.
  const settled = useRef<string | null>(documentPath());
  const idle = navigation.state === 'idle';

  useEffect(() => {
    if (!idle || settled.current === pathname) return;
    // Without a record of the document's own path, the first page seen is taken as the first page.
    const first = settled.current === null;
    settled.current = pathname;
    if (first) return;
    const main = document.getElementById(mainId);
    if (!main) return;
    let focused = focusHeading(main);
    // Until the page settles, a heading that replaced the focused one (loading, then data) takes
    // over its focus; once the visitor has moved focus on, it is left where they put it.
    const observer = new MutationObserver(() => {
      const lost = focused === null || (!focused.isConnected && document.activeElement === document.body);
      if (lost) focused = focusHeading(main) ?? focused;
    });
    observer.observe(main, { childList: true, subtree: true });
    const settle = setTimeout(() => {
      observer.disconnect();
      if (focused === null) main.focus({ preventScroll: true });
    }, HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(settle);
    };
  }, [pathname, idle, mainId]);
}
