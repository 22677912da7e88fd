import { useEffect, useRef } from 'react';
import { useLocation, useNavigation } from 'react-router-dom';

// After each route change inside the SPA, focus goes to the new page's main heading, so a keyboard
// or screen-reader user starts reading the new page instead of from the top of the body
// (DESIGN.md 13.1). A page whose heading comes after its data gets focus when the heading appears.
// The first page of a visit is left alone: the browser starts it at the top, as any document.

const HEADING_WAIT_MS = 10_000;

function focusHeading(main: HTMLElement): boolean {
  const heading = main.querySelector<HTMLElement>('h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  return true;
}

export function useRouteFocus(mainId: string): void {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  // The page focus was last settled for: a change of query string alone (a filter) keeps focus.
  const settled = useRef<string | null>(null);
  const idle = navigation.state === 'idle';

  useEffect(() => {
    if (!idle || settled.current === pathname) return;
    const first = settled.current === null;
    settled.current = pathname;
    if (first) return;
    const main = document.getElementById(mainId);
    if (!main || focusHeading(main)) return;
    const observer = new MutationObserver(() => {
      if (focusHeading(main)) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    const giveUp = setTimeout(() => {
      observer.disconnect();
      main.focus({ preventScroll: true });
    }, HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(giveUp);
    };
  }, [pathname, idle, mainId]);
}
