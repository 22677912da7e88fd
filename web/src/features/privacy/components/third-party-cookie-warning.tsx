import { useEffect, useState } from 'react';
import { MESSAGES } from '@shop/shared';
import { rememberDismissed } from '../third-party-notice';

/**
 * The warning itself, loaded (with the check's code) only once something that blocked
 * third-party cookies break has failed (third-party-cookie-banner.tsx): most visits never need it,
 * so neither the page's first script nor a frame on another site is spent on it. It takes its own
 * place at the top of the page: lying over the page, it hid headings and the focused element
 * (docs/rules.md#the-signed-in-shopper).
 */
export default function ThirdPartyCookieWarning() {
  const [blocked, setBlocked] = useState(false);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    let active = true;
    void import('../third-party-cookies')
      .then(({ checkThirdPartyCookies }) => checkThirdPartyCookies())
      .then((verdict) => active && setBlocked(verdict === 'blocked'))
      // Code that did not arrive is no verdict: no warning, as when the check cannot tell.
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, []);

  if (!blocked || dismissed) return null;
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
