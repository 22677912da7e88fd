import { lazy, Suspense, useEffect, useLayoutEffect } from 'react';
import { Outlet, useNavigation } from 'react-router-dom';
import { MESSAGES } from '@shop/shared';
import { ANALYTICS_ID } from '../config/site';
import { markPageTakenOver, useHydrated } from '../hooks/use-hydrated';
import { NetworkStatusBanner } from '../features/network-status/components/network-status-banner';
import { CookieConsentBanner } from '../features/privacy/components/cookie-consent-banner';
import { startAnalytics } from '../features/privacy/start-analytics';
import { ThirdPartyCookieBanner } from '../features/privacy/components/third-party-cookie-banner';
import { SiteFooter } from '../components/layouts/site-footer';
import { SiteHeader } from '../components/layouts/site-header';
import { LoadingScreen } from '../components/ui/loading-screen';

function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div className="navigation-progress" role="progressbar" aria-label={MESSAGES.loading}>
      <span />
    </div>
  );
}

/**
 * Says the page is the SPA's from here on, once its content has been hydrated (or rendered):
 * links navigate in place and buttons work. Browser tests and monitoring read #root[data-hydrated]
 * instead of React's private fields.
 */
function MarkTakenOver() {
  // In the commit itself (a layout effect), not after it: boot.js leaves the page's forms to the
  // app from this mark on, so no event may fall between the app taking over and the mark.
  useLayoutEffect(() => {
    markPageTakenOver();
    document.getElementById('root')?.setAttribute('data-hydrated', 'true');
  }, []);
  return null;
}

// Code that did not arrive leaves focus and scrolling to the browser, as on any document.
const PageChangeEffects = lazy(() => import('./page-change-effects').catch(() => ({ default: () => null })));

/** Mounted once the page is the app's, so hydration never waits for it (page-change-effects.tsx). */
function AfterHydration() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <PageChangeEffects />
    </Suspense>
  );
}

/** Header, banners and footer around every page. */
export function RootLayout() {
  useEffect(() => {
    // Consent given on an earlier visit: load analytics once the page is the SPA's.
    startAnalytics(ANALYTICS_ID);
  }, []);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      {/* Early in the tab order, right after the skip link, while it stands fixed at the bottom of
          the window: its choice is reachable in a few Tab presses (docs/rules.md#the-signed-in-shopper). */}
      <CookieConsentBanner />
      <ThirdPartyCookieBanner />
      <NavigationProgress />
      {/* The connection notice hangs from the header: it moves with it and never lies over it. */}
      <SiteHeader notice={<NetworkStatusBanner />} />
      {/* Mounted once the page is the app's, so hydration never waits for it (page-change-effects.tsx).
          Here, between the header and the page, because the notice an account change leaves for
          the next page takes its place in the flow under the header (components/ui/page-notice.tsx). */}
      <AfterHydration />
      <main id="main" tabIndex={-1}>
        {/* Its own boundary, so React hydrates the header, banners and footer first and the
            page's content in a separate pass, yielding in between; a click on content not yet
            hydrated hydrates it first. */}
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
          <MarkTakenOver />
        </Suspense>
      </main>
      <SiteFooter />
    </>
  );
}
