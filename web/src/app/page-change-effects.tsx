import { useRouteFocus } from '../hooks/use-route-focus';
import { useScrollRestoration } from '../hooks/use-scroll-restoration';

/**
 * What a step from one page to another inside the SPA needs: focus on the new page's heading, and
 * the scroll position a new page or a step Back expects. Neither acts on the first page of a visit
 * (the browser's own business), so this loads apart, after the page has hydrated (root-layout.tsx),
 * and the first script of every page is without it.
 */
export default function PageChangeEffects() {
  useRouteFocus('main');
  useScrollRestoration();
  return null;
}
