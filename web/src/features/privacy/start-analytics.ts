import { analyticsAllowed } from './consent';

/**
 * Loads analytics for a visitor who consented, with a configured id. Its code (and the
 * reachability probe it runs first) is fetched only then, after the page is interactive, so no
 * page's first script carries it.
 */
export function startAnalytics(id: string | undefined): void {
  if (!id || !analyticsAllowed()) return;
  void import('./analytics')
    .then(({ loadAnalytics }) => loadAnalytics(id))
    // Code that did not arrive is analytics that did not load: the site runs without it.
    .catch(() => undefined);
}
