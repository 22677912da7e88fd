import { STORAGE_KEYS } from '@shop/shared';
import { isGuestId, newGuestId } from '@shop/shared/domain/identity';
import { readStorage, writeStorage } from './storage';

// Guest identity (docs/rules.md#states-and-transitions): read guestUserId, else create `guest-<uuid>` and keep it.
let sessionGuestId: string | null = null;

export function getGuestId(): string {
  const stored = readStorage(STORAGE_KEYS.guestUserId);
  // An id of another shape (an older app's) would be refused by the API, so it is replaced.
  if (isGuestId(stored)) return stored;
  // Without storage the id lives for this page's lifetime, so one visit keeps one cart.
  sessionGuestId ??= newGuestId();
  writeStorage(STORAGE_KEYS.guestUserId, sessionGuestId);
  return sessionGuestId;
}
