import { readStorage, writeStorage } from '../../lib/storage';

// What the third-party cookie warning needs before any check: whether it was dismissed in this
// tab (it waits for the page to settle, lib/when-page-settled.ts). Apart from the check itself (third-party-cookies.ts, with
// its message schema and the public configuration), which the warning loads only when it runs,
// so the page's first script does not carry them.

/** Dismissed for this tab. */
const DISMISSED_KEY = 'third-party-cookies-dismissed';
export const isDismissed = () => readStorage(DISMISSED_KEY, 'session') === '1';
export const rememberDismissed = () => void writeStorage(DISMISSED_KEY, '1', 'session');
