import { matchPath } from 'react-router-dom';
import { EXTRA_PAGE_PATHS } from '@shop/shared/pages';

// The admin's pages, the developer pages and the spec's extra storefronts (shared/src/pages/paths.ts)
// are added to the router when one is visited (router.tsx), from ./extra-routes.tsx.

/** The id of the route group every page lives in. */
export const PAGE_GROUP = 'pages';

export function isExtraPage(pathname: string): boolean {
  return (
    matchPath({ path: '/admin', end: false }, pathname) !== null ||
    EXTRA_PAGE_PATHS.some((pattern) => matchPath(pattern, pathname) !== null)
  );
}
