import type { DehydratedState } from '@tanstack/react-query';

// What a page rendered at build time carries for the SPA that takes it over: the path it was
// rendered for and the query data it was rendered with (a JSON data block, which the CSP allows).

export const PRERENDER_STATE_ID = 'prerender-state';

export interface PrerenderState {
  /** The path the HTML was rendered for. */
  path: string;
  /** Rendered for this query string only (the blog list); otherwise any query string matches. */
  search?: string;
  /** The not-found page, served for any unknown path. */
  notFound?: boolean;
  queries: DehydratedState;
}

export function readPrerenderState(): PrerenderState | null {
  const element = document.getElementById(PRERENDER_STATE_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as PrerenderState;
  } catch {
    return null;
  }
}
