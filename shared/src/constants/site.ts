// The constants the SPA's layout uses on every page (the query cache, consent, the session hint,
// the guest id, route chunks, the third-party-cookie warning). Apart from the rest so the first
// script carries only these: a bundle holds a module whole, with every export any page uses.

export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;
export const QUERY_RETRY = 1;
export const COOKIE_LIFETIME_ACCEPTED_DAYS = 365;
export const COOKIE_LIFETIME_DECLINED_DAYS = 30;
/** A first-party cookie written without a lifetime of its own lasts this long (docs/rules.md#constants-and-limits). */
export const COOKIE_LIFETIME_DEFAULT_DAYS = 30;
/** What the consent cookie holds once the visitor has answered the banner (docs/rules.md#states-and-transitions). */
export const CONSENT_VALUES = ['accepted', 'declined'] as const;
export type ConsentValue = (typeof CONSENT_VALUES)[number];
export const isConsentValue = (v: unknown): v is ConsentValue => CONSENT_VALUES.includes(v as ConsentValue);
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** Local-storage keys of the SPA (docs/rules.md#constants-and-limits). */
export const STORAGE_KEYS = {
  cart: 'cart',
  cachedProducts: 'cachedProducts',
  analyticsConsent: 'analytics-consent',
  guestUserId: 'guestUserId',
  cartDebug: 'cartDebug',
  cookieConsent: 'cookie-consent',
  thirdPartyNoticeDismissed: 'third-party-cookies-dismissed',
} as const;
/** How long a dismissed third-party-cookie warning stays away in this browser (docs/rules.md#the-signed-in-shopper). */
export const THIRD_PARTY_NOTICE_DISMISS_DAYS = 30;
export const GUEST_ID_PREFIX = 'guest-';
/** Local-storage flag (never a token) that a Firebase session may exist, so the SPA loads the auth SDK only then. */
export const AUTH_SESSION_HINT_KEY = 'authSession';
/**
 * The first-party cookie holding a guest's cart identity (`guest-<uuid v4>`) for the forms that
 * work before the app has loaded; the app writes its own guest id there and adopts one it finds.
 */
export const GUEST_ID_COOKIE = 'guest-id';
