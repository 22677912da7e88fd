import { COOKIE_LIFETIME_ACCEPTED_DAYS, COOKIE_LIFETIME_DECLINED_DAYS, STORAGE_KEYS } from '@shop/shared';
import { deleteCookie, readCookie, writeCookie } from '../../lib/cookies';
import { readStorage, removeStorage, writeStorage } from '../../lib/storage';

// Cookie consent (spec section 4): stored as a cookie (accepted 1 year, declined 30 days) and
// mirrored into local storage, where `analytics-consent` = 'true' is what enables analytics.

export type ConsentValue = 'accepted' | 'declined';

const isConsent = (v: string | null): v is ConsentValue => v === 'accepted' || v === 'declined';

export const CONSENT_LIFETIME_DAYS: Record<ConsentValue, number> = {
  accepted: COOKIE_LIFETIME_ACCEPTED_DAYS,
  declined: COOKIE_LIFETIME_DECLINED_DAYS,
};

/** The recorded choice; the local-storage mirror answers when cookies are blocked. */
export function readConsent(): ConsentValue | null {
  const fromCookie = readCookie(STORAGE_KEYS.cookieConsent);
  if (isConsent(fromCookie)) return fromCookie;
  const mirrored = readStorage(STORAGE_KEYS.cookieConsent);
  return isConsent(mirrored) ? mirrored : null;
}

export function recordConsent(value: ConsentValue): void {
  writeCookie(STORAGE_KEYS.cookieConsent, value, CONSENT_LIFETIME_DAYS[value]);
  writeStorage(STORAGE_KEYS.cookieConsent, value);
  writeStorage(STORAGE_KEYS.analyticsConsent, value === 'accepted' ? 'true' : 'false');
}

export function analyticsAllowed(): boolean {
  return readStorage(STORAGE_KEYS.analyticsConsent) === 'true';
}

/** Forgets the choice, so the banner asks again (the privacy page offers this). */
export function clearConsent(): void {
  deleteCookie(STORAGE_KEYS.cookieConsent);
  removeStorage(STORAGE_KEYS.cookieConsent);
  removeStorage(STORAGE_KEYS.analyticsConsent);
}
