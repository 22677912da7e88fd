import { matchRoutes } from 'react-router-dom';
import { routes } from '../app/router';
import { readPrerenderState, type PrerenderState } from './prerender-state';

/**
 * The pre-rendered state when the HTML in `root` was rendered for this address, after loading the
 * code of the routes it shows (so the first client render is the same tree, not a loading screen).
 * Null when the page must be rendered afresh.
 */
export async function takeOverPrerenderedPage(root: HTMLElement): Promise<PrerenderState | null> {
  const state = readPrerenderState();
  if (!state || !root.hasChildNodes()) return null;
  const matches = matchRoutes(routes, window.location) ?? [];
  const leaf = matches[matches.length - 1]?.route;
  const samePage = state.notFound
    ? leaf?.path === '*'
    : state.path === window.location.pathname &&
      (state.search === undefined || state.search === window.location.search);
  if (!samePage) return null;
  try {
    await Promise.all(
      matches.map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return;
        const module = await route.lazy();
        Object.assign(route, { ...module, lazy: undefined });
      }),
    );
  } catch {
    // The route's code did not arrive: the router loads it again and reports a failure itself.
    return null;
  }
  return state;
}
