import { afterEach, describe, expect, test } from 'vitest';
import { STORAGE_KEYS } from '@shop/shared';
import { clearConsent, readConsent, recordConsent } from '../../../src/features/privacy/consent';

// Where cookies are blocked only the local-storage mirror remembers the choice; it must forget
// it when the cookie would have expired (accepted: 1 year, declined: 30 days), so the banner asks again.

const DAY_MS = 86_400_000;
const dropCookie = () => {
  document.cookie = `${STORAGE_KEYS.cookieConsent}=; Max-Age=0; Path=/`;
};

afterEach(() => clearConsent());

describe('consent lifetimes through the local-storage mirror', () => {
  test('a decline is remembered for 30 days, then asked again', () => {
    const start = Date.UTC(2026, 0, 1);
    recordConsent('declined', start);
    dropCookie();
    expect(readConsent(start + 29 * DAY_MS)).toBe('declined');
    expect(readConsent(start + 31 * DAY_MS)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.cookieConsent)).toBeNull();
  });

  test('an acceptance is remembered for a year, then asked again', () => {
    const start = Date.UTC(2026, 0, 1);
    recordConsent('accepted', start);
    dropCookie();
    expect(readConsent(start + 364 * DAY_MS)).toBe('accepted');
    expect(readConsent(start + 366 * DAY_MS)).toBeNull();
  });

  test('a choice saved without an expiry gets its lifetime from the first read', () => {
    const start = Date.UTC(2026, 0, 1);
    localStorage.setItem(STORAGE_KEYS.cookieConsent, 'declined');
    expect(readConsent(start)).toBe('declined');
    expect(readConsent(start + 31 * DAY_MS)).toBeNull();
  });
});
