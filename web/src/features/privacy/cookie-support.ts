import { readStorage, removeStorage, writeStorage } from '../../lib/storage';

/**
 * Whether the browser refuses cookies for this site, which implies third-party cookies are off too.
 * A page sees only its own cookie jar, so this detects cookies disabled outright
 * (navigator.cookieEnabled, or a test cookie that does not stick) and site data blocked entirely
 * (local storage refusing access); third-party cookies alone are checked by a frame on another
 * site (third-party-cookies.ts).
 */
export function cookiesBlocked(): boolean {
  if (typeof navigator !== 'undefined' && navigator.cookieEnabled === false) return true;
  const probe = `cookie-check-${Math.random().toString(36).slice(2)}`;
  try {
    document.cookie = `${probe}=1; Path=/; SameSite=Lax`;
    const stuck = document.cookie.includes(`${probe}=1`);
    document.cookie = `${probe}=; Max-Age=0; Path=/; SameSite=Lax`;
    if (!stuck) return true;
  } catch {
    return true;
  }
  // A browser blocking all site data refuses local storage as well.
  if (!writeStorage(probe, '1')) return true;
  const readBack = readStorage(probe) === '1';
  removeStorage(probe);
  return !readBack;
}
