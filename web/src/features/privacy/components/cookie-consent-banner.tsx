import { useEffect, useRef, useState, useSyncExternalStore, type MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { CONSENT_FORM_FIELDS, CONSENT_RETURN_PLACEHOLDER, FORM_ACTIONS } from '@shop/shared/pages';
import { ANALYTICS_ID } from '../../../config/site';
import { useHydrated } from '../../../hooks/use-hydrated';
import { startAnalytics } from '../start-analytics';
import { readConsent, recordConsent, type ConsentValue } from '../consent';

/**
 * The banner as it looks. Its buttons work from the first paint: until the app runs (`ready`)
 * they send a plain form (POST /consent sets the cookie and answers 303 back to this page,
 * without the banner); afterwards the app records the choice in place. `returnTo`: the page to
 * come back to (the server writes in each page's own path).
 */
export function ConsentBannerView({
  ready,
  onChoose,
  returnTo,
}: {
  ready: boolean;
  onChoose: (value: ConsentValue) => void;
  returnTo: string;
}) {
  const banner = useRef<HTMLElement>(null);
  useEffect(() => {
    // The banner is fixed over the bottom of the window: whatever takes focus under it (a Tab
    // press, a link followed) is scrolled up into view above it (docs/rules.md#the-signed-in-shopper).
    // Only focus the browser shows (:focus-visible), not focus taken by a mouse press: that control
    // was visible, and scrolling it from under the pointer before the release loses the click.
    const uncover = (event: FocusEvent) => {
      const focused = event.target;
      if (!banner.current || !(focused instanceof Element) || banner.current.contains(focused)) return;
      if (!focused.matches(':focus-visible')) return;
      const top = banner.current.getBoundingClientRect().top;
      const box = focused.getBoundingClientRect();
      if (box.bottom > top) window.scrollBy({ top: box.bottom - top + 16, behavior: 'instant' });
    };
    document.addEventListener('focusin', uncover);
    // Room below the page's end, so that even the last link can be scrolled above the banner.
    const room = banner.current?.offsetHeight ?? 0;
    document.body.style.paddingBottom = `${room}px`;
    // And what a script scrolls into view (an error shown) lands above it too (scroll-padding).
    document.documentElement.style.setProperty('--consent-banner-room', `${room}px`);
    return () => {
      document.removeEventListener('focusin', uncover);
      document.body.style.paddingBottom = '';
      document.documentElement.style.removeProperty('--consent-banner-room');
    };
  }, []);
  const choose = (event: MouseEvent, value: ConsentValue) => {
    if (!ready) return;
    event.preventDefault();
    onChoose(value);
  };
  return (
    <section className="consent-banner" aria-labelledby="consent-title" ref={banner}>
      <div className="consent-banner__text">
        <h2 id="consent-title" className="consent-banner__title">
          Cookies and analytics
        </h2>
        <p>
          We use one cookie to remember this choice. Accept, and we also count visits with anonymised analytics; nothing
          is sold or shared. <Link to="/privacy">Privacy policy</Link>.
        </p>
      </div>
      <form className="consent-banner__actions" method="post" action={FORM_ACTIONS.consent}>
        <input type="hidden" name={CONSENT_FORM_FIELDS.returnTo} value={returnTo} />
        <button
          type="submit"
          name={CONSENT_FORM_FIELDS.choice}
          value="declined"
          className="button button--ghost"
          onClick={(e) => choose(e, 'declined')}
        >
          Decline
        </button>
        <button
          type="submit"
          name={CONSENT_FORM_FIELDS.choice}
          value="accepted"
          className="button button--primary"
          onClick={(e) => choose(e, 'accepted')}
        >
          Accept
        </button>
      </form>
    </section>
  );
}

// The recorded choice does not change while the page lives, except through this banner.
const noSubscription = () => () => {};
const undecided = () => readConsent() === null;

let sentByServer: boolean | undefined;
/**
 * Whether the HTML being hydrated holds the banner. The server puts it there when the request
 * carries no consent cookie (api/src/services/pages), so a first visit paints it with the page
 * instead of after the script; read once, before hydration changes anything. False on the server
 * itself: the pages are rendered without it and the server adds it per request.
 */
const bannerInServerHtml = () =>
  (sentByServer ??= typeof document !== 'undefined' && document.querySelector('#root > .consent-banner') !== null);

/** Shown until the visitor accepts or declines, then never again (until the cookie expires). */
export function CookieConsentBanner() {
  // Hydration adopts the server's banner (or its absence) as it is; the recorded choice decides
  // right after. The two differ only where cookies are blocked and local storage remembers.
  const shown = useSyncExternalStore(noSubscription, undecided, bannerInServerHtml);
  const hydrated = useHydrated();
  const [decidedNow, setDecided] = useState(false);
  if (decidedNow || !shown) return null;

  const choose = (value: ConsentValue) => {
    // Focus on the banner's button would be lost to the body when the banner goes: it moves to
    // the page's main heading, as after a navigation, without scrolling.
    const heading = document.activeElement?.closest('.consent-banner')
      ? document.querySelector<HTMLElement>('main h1')
      : null;
    if (heading) {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
    }
    recordConsent(value);
    setDecided(true);
    if (value === 'accepted') startAnalytics(ANALYTICS_ID);
  };

  // The page's own path, as the server wrote it into the banner it sent (hydration matches it).
  const returnTo = typeof window === 'undefined' ? CONSENT_RETURN_PLACEHOLDER : window.location.pathname;
  return <ConsentBannerView ready={hydrated} onChoose={choose} returnTo={returnTo} />;
}
