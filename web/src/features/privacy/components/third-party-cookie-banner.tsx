import { lazy, Suspense, useEffect, useState } from 'react';
import { COOKIE_DEPENDENT_FAILURE_EVENT } from '../../../lib/cookie-dependent-failure';
import { isDismissed } from '../third-party-notice';

// A warning that did not arrive is no warning: the page goes on as it is.
const ThirdPartyCookieWarning = lazy(() =>
  import('./third-party-cookie-warning').catch(() => ({ default: () => null })),
);

/**
 * The spec's warning when the browser blocks third-party cookies, shown only once something the
 * visitor tried failed in a way those cookies explain (lib/cookie-dependent-failure.ts). Until
 * then this slot only listens: the warning and its check load on the first such failure, unless a
 * dismissal still holds (third-party-notice.ts).
 */
export function ThirdPartyCookieBanner() {
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const onFailure = () => setFailed(true);
    window.addEventListener(COOKIE_DEPENDENT_FAILURE_EVENT, onFailure);
    return () => window.removeEventListener(COOKIE_DEPENDENT_FAILURE_EVENT, onFailure);
  }, []);

  if (!failed || isDismissed()) return null;
  return (
    <Suspense fallback={null}>
      <ThirdPartyCookieWarning />
    </Suspense>
  );
}
