import { STORAGE_KEYS, THIRD_PARTY_NOTICE_DISMISS_DAYS } from '@shop/shared';
import { readStorage, writeStorage } from '../../lib/storage';

// What the third-party cookie warning needs before any check: whether it was dismissed in this
// browser (the check waits for the page to settle: lib/when-page-settled.ts). Apart from the check itself
// (third-party-cookies.ts, with its message schema and the public configuration), which the
// warning loads only when it runs, so the page's first script does not carry them.

// A dismissal is kept in local storage as its expiry, so it holds in every tab of this browser
// for 30 days, then the warning may show again (the browser may still block the cookies).
const DAY_MS = 86_400_000;
export function isDismissed(now: number = Date.now()): boolean {
  const until = Number(readStorage(STORAGE_KEYS.thirdPartyNoticeDismissed));
  return Number.isFinite(until) && until > now;
}
export function rememberDismissed(now: number = Date.now()): void {
  writeStorage(STORAGE_KEYS.thirdPartyNoticeDismissed, String(now + THIRD_PARTY_NOTICE_DISMISS_DAYS * DAY_MS));
}
