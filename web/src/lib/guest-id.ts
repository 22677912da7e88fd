import { GUEST_ID_COOKIE, STORAGE_KEYS } from '@shop/shared';
import { isGuestId, newGuestId } from '@shop/shared/domain/identity';
import { readCookie, writeCookie } from './cookies';
import { readStorage, writeStorage } from './storage';

// Guest identity (docs/rules.md#states-and-transitions): read guestUserId, else create `guest-<uuid>` and keep it.
// The id is shared with the server-rendered pages' forms, which work before the app has loaded,
// through a first-party cookie: the app adopts the cookie's id (a form may have started the cart
// before the app ever ran) and otherwise writes its own there, so both address one cart.
let sessionGuestId: string | null = null;
let cookieWritten = false;

function shareWithForms(id: string): void {
  if (cookieWritten && readCookie(GUEST_ID_COOKIE) === id) return;
  cookieWritten = true;
  writeCookie(GUEST_ID_COOKIE, id);
}

export function getGuestId(): string {
  const fromCookie = readCookie(GUEST_ID_COOKIE);
  const stored = readStorage(STORAGE_KEYS.guestUserId);
  if (isGuestId(fromCookie)) {
    // The forms' cart is the one a tap before the app changed: it is this visitor's cart.
    if (fromCookie !== stored) writeStorage(STORAGE_KEYS.guestUserId, fromCookie);
    shareWithForms(fromCookie);
    return fromCookie;
  }
  // An id of another shape (an older app's) would be refused by the API, so it is replaced.
  if (isGuestId(stored)) {
    shareWithForms(stored);
    return stored;
  }
  // Without storage the id lives for this page's lifetime, so one visit keeps one cart.
  sessionGuestId ??= newGuestId();
  writeStorage(STORAGE_KEYS.guestUserId, sessionGuestId);
  shareWithForms(sessionGuestId);
  return sessionGuestId;
}
