import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigation, type Location } from 'react-router-dom';
import { MESSAGES } from '@shop/shared';
import { ANALYTICS_ID } from '../config/site';
import { useRouteFocus } from '../hooks/use-route-focus';
import { NetworkStatusBanner } from '../features/network-status/components/network-status-banner';
import { loadAnalytics } from '../features/privacy/analytics';
import { CookieConsentBanner } from '../features/privacy/components/cookie-consent-banner';
import { ThirdPartyCookieBanner } from '../features/privacy/components/third-party-cookie-banner';
import { SiteFooter } from '../components/layouts/site-footer';
import { SiteHeader } from '../components/layouts/site-header';

// React Router gives every freshly loaded document the history key "default", so by history entry
// alone a page opened from its address would land where the previous document was scrolled. A
// fresh load is remembered by its address instead (a reload still comes back to its place); steps
// inside the SPA keep their own entries.
const scrollKey = (location: Location) => (location.key === 'default' ? location.pathname : location.key);

function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div className="navigation-progress" role="progressbar" aria-label={MESSAGES.loading}>
      <span />
    </div>
  );
}

/** Header, banners and footer around every page. */
export function RootLayout() {
  useRouteFocus('main');
  useEffect(() => {
    // Consent given on an earlier visit: load analytics now (it checks consent and id itself).
    void loadAnalytics(ANALYTICS_ID);
  }, []);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <ThirdPartyCookieBanner />
      <NetworkStatusBanner />
      <NavigationProgress />
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <CookieConsentBanner />
      <ScrollRestoration getKey={scrollKey} />
    </>
  );
}
