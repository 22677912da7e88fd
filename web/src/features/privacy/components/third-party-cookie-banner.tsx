import { useMemo, useState } from 'react';
import { MESSAGES } from '@shop/shared';
import { useHydrated } from '../../../hooks/use-hydrated';
import { cookiesBlocked } from '../cookie-support';

export function ThirdPartyCookieBanner() {
  // Probed after hydration, so a pre-rendered page hydrates without the banner first.
  const hydrated = useHydrated();
  const blocked = useMemo(() => hydrated && cookiesBlocked(), [hydrated]);
  const [dismissed, setDismissed] = useState(false);
  if (!blocked || dismissed) return null;
  return (
    <div className="notice-bar notice-bar--warning" role="alert">
      <p>{MESSAGES.thirdPartyCookies}</p>
      <button
        type="button"
        className="notice-bar__close"
        onClick={() => setDismissed(true)}
        aria-label="Dismiss the cookie warning"
      >
        ×
      </button>
    </div>
  );
}
