import { COOKIE_LIFETIME_DEFAULT_DAYS } from '@shop/shared';

const DAY_SECONDS = 24 * 60 * 60;

export function readCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  const entry = document.cookie.split('; ').find((c) => c.startsWith(prefix));
  return entry ? decodeURIComponent(entry.slice(prefix.length)) : null;
}

/** A first-party cookie for the whole site (30 days unless told); Secure when the page is served over HTTPS. */
export function writeCookie(name: string, value: string, days: number = COOKIE_LIFETIME_DEFAULT_DAYS): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; Max-Age=${days * DAY_SECONDS}; Path=/; SameSite=Lax${secure}`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${encodeURIComponent(name)}=; Max-Age=0; Path=/; SameSite=Lax`;
}
