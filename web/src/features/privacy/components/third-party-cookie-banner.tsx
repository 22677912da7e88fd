import { useState } from 'react';
import { MESSAGES } from '@shop/shared';
import { cookiesBlocked } from '../cookie-support';

export function ThirdPartyCookieBanner() {
  const [visible, setVisible] = useState(cookiesBlocked);
  if (!visible) return null;
  return (
    <div className="notice-bar notice-bar--warning" role="alert">
      <p>{MESSAGES.thirdPartyCookies}</p>
      <button type="button" className="notice-bar__close" onClick={() => setVisible(false)} aria-label="Dismiss the cookie warning">
        ×
      </button>
    </div>
  );
}
