import type { DehydratedState } from '@tanstack/react-query';
import { PRERENDER_STATE_ID, type PrerenderState as RenderedState } from '@shop/shared/pages';

// What a page rendered by the server carries for the SPA that takes it over (the render contract
// in @shop/shared/pages), with the query cache's state as TanStack Query dehydrates it.

export type PrerenderState = RenderedState<DehydratedState>;

export function readPrerenderState(): PrerenderState | null {
  const element = document.getElementById(PRERENDER_STATE_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as PrerenderState;
  } catch {
    return null;
  }
}
