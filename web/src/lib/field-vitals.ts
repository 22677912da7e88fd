import { PAGE_ROUTES } from '@shop/shared/pages';

// Field values of the Core Web Vitals (LCP, INP, CLS) as this browser measures them with the
// web-vitals library, reported to the API as the shopper leaves the page (POST /metrics/vitals,
// which the admin's metrics show by page). This module (with the route table it names pages by)
// and the library load once the page has settled (web/src/main.tsx), so neither weighs on the first
// script nor competes with the page's own work; the library reads the browser's buffered entries,
// so nothing that happened before is missed. The page is named by its route pattern, never its
// address.

export const WEB_VITALS_ENDPOINT = '/metrics/vitals';
/** The API takes at most this many metrics in one report. */
const PER_REPORT = 6;

interface Measured {
  name: 'LCP' | 'INP' | 'CLS';
  value: number;
  rating: 'good' | 'needs-improvement' | 'poor';
}

/** The route table's pattern of a path ('/store/product/:productId'), or '*' for an unknown one. */
export function pagePattern(pathname: string): string {
  const parts = pathname.replace(/\/+$/, '').split('/');
  const match = PAGE_ROUTES.find((route) => {
    const pattern = route.path.replace(/\/+$/, '').split('/');
    return pattern.length === parts.length && pattern.every((p, i) => p.startsWith(':') || p === parts[i]);
  });
  return match?.path ?? '*';
}

/** Starts measuring the page first shown at `pathname`; reports whatever changed each time the page is hidden. */
export function reportWebVitals(pathname: string): void {
  if (typeof navigator.sendBeacon !== 'function') return;
  const page = pagePattern(pathname);
  const waiting = new Map<string, Measured & { page: string }>();
  const send = () => {
    if (waiting.size === 0) return;
    const metrics = [...waiting.values()].slice(0, PER_REPORT);
    waiting.clear();
    navigator.sendBeacon(WEB_VITALS_ENDPOINT, new Blob([JSON.stringify({ metrics })], { type: 'application/json' }));
  };
  void import('web-vitals')
    .then(({ onLCP, onINP, onCLS }) => {
      // The latest value of each metric is what a report carries.
      const keep = ({ name, value, rating }: Measured) => waiting.set(name, { name, value, rating, page });
      onLCP(keep);
      onINP(keep);
      onCLS(keep);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'hidden') send();
      });
    })
    // Field figures are not worth an error: a library that did not arrive reports nothing.
    .catch(() => undefined);
}
