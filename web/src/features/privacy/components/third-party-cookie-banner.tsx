import { useEffect, useState } from 'react';
import { MESSAGES } from '@shop/shared';
import { whenPageSettled } from '../../../lib/when-page-settled';
import { COOKIE_DEPENDENT_FAILURE_EVENT } from '../../../lib/cookie-dependent-failure';
import { isDismissed, rememberDismissed } from '../third-party-notice';

/**
 * The spec's warning when the browser blocks third-party cookies, shown only once something the
 * visitor tried failed in a way those cookies explain (lib/cookie-dependent-failure.ts). The check runs
 * after the page has loaded and hydrated (it needs a frame on another site), so it never delays
 * or differs from the pre-rendered page. It takes its own place at the top of the page: lying
 * over the page, it hid headings and the focused element (docs/rules.md#the-signed-in-shopper).
 */
export function ThirdPartyCookieBanner() {
  const [blocked, setBlocked] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const onFailure = () => setFailed(true);
    window.addEventListener(COOKIE_DEPENDENT_FAILURE_EVENT, onFailure);
    return () => window.removeEventListener(COOKIE_DEPENDENT_FAILURE_EVENT, onFailure);
  }, []);

  useEffect(() => {
    if (isDismissed()) return;
    let active = true;
    const cancel = whenPageSettled(() => {
      // The check's code (its message schema, the public configuration) is loaded only now.
      void import('../third-party-cookies')
        .then(({ checkThirdPartyCookies }) => checkThirdPartyCookies())
        .then((verdict) => active && setBlocked(verdict === 'blocked'))
        // Code that did not arrive is no verdict: no warning, as when the check cannot tell.
        .catch(() => undefined);
    });
    return () => {
      active = false;
      cancel();
    };
  }, []);

  if (!blocked || !failed || dismissed || isDismissed()) return null;
  return (
    <div className="notice-bar notice-bar--warning" role="alert">
      <p>{MESSAGES.thirdPartyCookies}</p>
      <button
        type="button"
        className="notice-bar__close"
        onClick={() => {
          rememberDismissed();
          setDismissed(true);
        }}
        aria-label="Dismiss the cookie warning"
      >
        ×
      </button>
    </div>
  );
}
