import {
  COOKIE_LIFETIME_ACCEPTED_DAYS,
  COOKIE_LIFETIME_DECLINED_DAYS,
  isConsentValue as isConsent,
  STORAGE_KEYS,
  type ConsentValue,
} from '@shop/shared';
import { deleteCookie, readCookie, writeCookie } from '../../lib/cookies';
import { readStorage, removeStorage, writeStorage } from '../../lib/storage';

// Cookie consent (docs/rules.md#states-and-transitions): stored as a cookie (accepted 1 year, declined 30 days) and
// mirrored into local storage, where `analytics-consent` = 'true' is what enables analytics.
// The mirror carries the cookie's expiry beside it, so it answers no longer than the cookie
// would: once the lifetime has passed the banner asks again.

export type { ConsentValue };

export const CONSENT_LIFETIME_DAYS: Record<ConsentValue, number> = {
  accepted: COOKIE_LIFETIME_ACCEPTED_DAYS,
  declined: COOKIE_LIFETIME_DECLINED_DAYS,
};

const EXPIRES_KEY = `${STORAGE_KEYS.cookieConsent}-expires`;
const DAY_MS = 86_400_000;

const expiryOf = (value: ConsentValue, now: number) => now + CONSENT_LIFETIME_DAYS[value] * DAY_MS;

/** The recorded choice; the local-storage mirror answers (until its expiry) when cookies are blocked. */
export function readConsent(now: number = Date.now()): ConsentValue | null {
  const fromCookie = readCookie(STORAGE_KEYS.cookieConsent);
  if (isConsent(fromCookie)) {
    // Chosen through the banner's form before the app loaded (the server set the cookie): the
    // mirror, which is what enables analytics, follows the cookie.
    if (readStorage(STORAGE_KEYS.cookieConsent) !== fromCookie) mirror(fromCookie, now);
    return fromCookie;
  }
  const mirrored = readStorage(STORAGE_KEYS.cookieConsent);
  if (!isConsent(mirrored)) return null;
  const expires = Number(readStorage(EXPIRES_KEY));
  if (!Number.isFinite(expires) || expires <= 0) {
    // Saved before the mirror kept an expiry: its lifetime runs from now.
    writeStorage(EXPIRES_KEY, String(expiryOf(mirrored, now)));
    return mirrored;
  }
  if (expires > now) return mirrored;
  clearConsent();
  return null;
}

export function recordConsent(value: ConsentValue, now: number = Date.now()): void {
  writeCookie(STORAGE_KEYS.cookieConsent, value, CONSENT_LIFETIME_DAYS[value]);
  mirror(value, now);
}

function mirror(value: ConsentValue, now: number): void {
  writeStorage(STORAGE_KEYS.cookieConsent, value);
  writeStorage(EXPIRES_KEY, String(expiryOf(value, now)));
  writeStorage(STORAGE_KEYS.analyticsConsent, value === 'accepted' ? 'true' : 'false');
}

export function analyticsAllowed(): boolean {
  return readStorage(STORAGE_KEYS.analyticsConsent) === 'true';
}

/** Forgets the choice, so the banner asks again (the privacy page offers this). */
export function clearConsent(): void {
  deleteCookie(STORAGE_KEYS.cookieConsent);
  removeStorage(STORAGE_KEYS.cookieConsent);
  removeStorage(EXPIRES_KEY);
  removeStorage(STORAGE_KEYS.analyticsConsent);
}
