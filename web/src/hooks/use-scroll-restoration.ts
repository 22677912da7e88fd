import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

// Where the window is scrolled, for steps inside the SPA only. React Router's <ScrollRestoration>
// scrolled every page to the top on its first render and only then to the remembered place, so a
// reload (which the browser had already put back in place) jumped to the top and back, and a
// visitor who had started scrolling a slow phone's page before the script ran was thrown back to
// the top. Here the first page of a document is the browser's own business: a new address starts
// at the top, a reload or a step back to another document comes back to its place by the
// browser's restoration. Within the SPA a new page starts at the top (or at its #fragment), and
// Back and Forward return to where that entry was left.

const STORAGE_KEY = 'scroll-positions';
/** Whether the browser restores the first entry itself (it does unless the entry says manual). */
const browserRestoresFirstEntry = typeof history === 'undefined' || history.scrollRestoration !== 'manual';

function storedPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

const scrollTo = (top: number) => window.scrollTo({ top, left: 0, behavior: 'instant' });

export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Record<string, number> | null>(null);
  const current = useRef<string | null>(null);

  useEffect(() => {
    positions.current ??= storedPositions();
    const remember = () => {
      if (current.current !== null) positions.current![current.current] = window.scrollY;
    };
    // Entries this document pushes are the SPA's to restore; the browser keeps the document's own
    // entry (set back to automatic on leaving, so a reload or a later visit is the browser's again).
    history.scrollRestoration = 'manual';
    const leave = () => {
      remember();
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions.current));
      } catch {
        // Storage full or blocked: Back into this document starts at the top, nothing worse.
      }
      history.scrollRestoration = 'auto';
    };
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', leave);
      history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    const first = current.current === null;
    current.current = location.key;
    positions.current ??= storedPositions();
    const saved = positions.current[location.key];
    if (first) {
      // An entry this SPA pushed in an earlier document: the browser did not keep its place.
      if (!browserRestoresFirstEntry && saved !== undefined) scrollTo(saved);
      return;
    }
    if (navigationType === 'POP' && saved !== undefined) return scrollTo(saved);
    let target: HTMLElement | null = null;
    try {
      target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    } catch {
      // A fragment that is not valid percent-encoding names no element.
    }
    if (target) target.scrollIntoView();
    else scrollTo(0);
  }, [location.key, location.hash, navigationType]);
}
