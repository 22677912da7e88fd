import type { ReactElement } from 'react';
import { useRouteFocus } from '../hooks/use-route-focus';
import { useScrollRestoration } from '../hooks/use-scroll-restoration';
import { PageNotice } from '../components/ui/page-notice';
import { OfflineNavigationNotice } from '../features/network-status/components/offline-navigation-notice';
import { useCurrencyPickerBehaviour } from '../components/layouts/currency-picker-behaviour';

/**
 * What a step from one page to another inside the SPA needs: focus on the new page's heading, and
 * the scroll position a new page or a step Back expects. Neither acts on the first page of a visit
 * (the browser's own business), so this loads apart, after the page has hydrated (root-layout.tsx),
 * and the first script of every page is without it. With them, the notice a step that changed the
 * account leaves for the next page (components/ui/page-notice.tsx), and the one an offline tap on a
 * link gets (features/network-status/components/offline-navigation-notice.tsx), and what the
 * footer's currency picker does once the app runs (components/layouts/currency-picker-behaviour.ts).
 */
export default function PageChangeEffects(): ReactElement | null {
  useRouteFocus('main');
  useScrollRestoration();
  // The footer's currency picker, applied in place once the app runs.
  useCurrencyPickerBehaviour();
  return (
    <>
      <PageNotice />
      <OfflineNavigationNotice />
    </>
  );
}
