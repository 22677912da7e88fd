import { cookieCheckMessageSchema, THIRD_PARTY_COOKIE_CHECK } from '@shop/shared/schemas';
import { getPublicConfig } from '../../lib/public-config';
import { cookiesBlocked } from './cookie-support';
import { readStorage, writeStorage } from '../../lib/storage';

// Whether this browser keeps third-party cookies (spec: the banner when they are blocked). A page
// sees only its own cookie jar, so the answer comes from a hidden frame on another site
// (COOKIE_PROBE_ORIGIN) that tries to keep a cookie and posts what happened. No answer (no
// origin configured, the frame failing to load) means "not known", and no banner is shown.

export type CookieVerdict = 'kept' | 'blocked' | 'unknown';

/** How long the frame may take before the check gives up (it loads after the page, so no hurry). */
export const CHECK_TIMEOUT_MS = 10_000;
const RESULT_KEY = 'third-party-cookies';

/** The first configured origin that is another host than the page's own, if any. */
export function pickProbeOrigin(origins: readonly string[], pageHost: string): string | null {
  return origins.find((origin) => new URL(origin).hostname !== pageHost) ?? null;
}

/** Frames the check page from `origin` and waits for its one message. */
export function frameCookieCheck(origin: string, timeoutMs = CHECK_TIMEOUT_MS): Promise<CookieVerdict> {
  return new Promise((resolve) => {
    const frame = document.createElement('iframe');
    frame.src = `${origin}${THIRD_PARTY_COOKIE_CHECK.path}`;
    frame.title = 'Cookie check';
    frame.hidden = true;
    frame.tabIndex = -1;
    frame.setAttribute('aria-hidden', 'true');
    const finish = (verdict: CookieVerdict) => {
      window.removeEventListener('message', onMessage);
      clearTimeout(timer);
      frame.remove();
      resolve(verdict);
    };
    const onMessage = (event: MessageEvent) => {
      // Only the frame we made, from the origin we asked, may answer.
      if (event.origin !== origin || event.source !== frame.contentWindow) return;
      const message = cookieCheckMessageSchema.safeParse(event.data);
      if (message.success) finish(message.data.cookiesKept ? 'kept' : 'blocked');
    };
    const timer = setTimeout(() => finish('unknown'), timeoutMs);
    window.addEventListener('message', onMessage);
    document.body.append(frame);
  });
}

/** The verdict for this tab: remembered for the session, so the frame loads once, not per page. */
export async function checkThirdPartyCookies(): Promise<CookieVerdict> {
  if (cookiesBlocked()) return 'blocked';
  const remembered = readStorage(RESULT_KEY, 'session');
  if (remembered === 'kept' || remembered === 'blocked') return remembered;
  const config = await getPublicConfig().catch(() => null);
  const origin = config && pickProbeOrigin(config.cookieProbeOrigins, window.location.hostname);
  if (!origin) return 'unknown';
  const verdict = await frameCookieCheck(origin);
  if (verdict !== 'unknown') writeStorage(RESULT_KEY, verdict, 'session');
  return verdict;
}
