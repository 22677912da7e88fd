import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ANALYTICS_ID } from '../../../config/site';
import { useHydrated } from '../../../hooks/use-hydrated';
import { loadAnalytics } from '../analytics';
import { readConsent, recordConsent, type ConsentValue } from '../consent';

/** Shown until the visitor accepts or declines, then never again (until the cookie expires). */
export function CookieConsentBanner() {
  // The cookie is read after hydration: a pre-rendered page has no banner, whatever the visitor chose.
  const hydrated = useHydrated();
  const [decidedNow, setDecided] = useState(false);
  if (!hydrated || decidedNow || readConsent() !== null) return null;

  const choose = (value: ConsentValue) => {
    recordConsent(value);
    setDecided(true);
    if (value === 'accepted') void loadAnalytics(ANALYTICS_ID);
  };

  return (
    <section className="consent-banner" aria-labelledby="consent-title" role="region">
      <div className="consent-banner__text">
        <h2 id="consent-title" className="consent-banner__title">
          Cookies and analytics
        </h2>
        <p>
          We use one cookie to remember this choice. If you accept, we also count visits with anonymised analytics so we
          know which pages help people. Nothing is sold or shared for advertising.{' '}
          <Link to="/privacy">Read the privacy policy</Link>.
        </p>
      </div>
      <div className="consent-banner__actions">
        <button type="button" className="button button--ghost" onClick={() => choose('declined')}>
          Decline
        </button>
        <button type="button" className="button button--primary" onClick={() => choose('accepted')}>
          Accept
        </button>
      </div>
    </section>
  );
}
