import { ANALYTICS_BLOCKED_CHECK_MS, ANALYTICS_SCRIPT_TIMEOUT_MS } from '@shop/shared';
import { probeReachability } from '../../lib/fetch-with-fallback';
import { analyticsAllowed } from './consent';

// Analytics loads only with consent, a configured id and a reachable script host. Anything else
// (declined, no id, blocked by an extension, slow) means the site simply runs without it.

export type AnalyticsOutcome = 'loaded' | 'no-consent' | 'no-id' | 'unreachable' | 'failed';

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

export const analyticsScriptUrl = (id: string) =>
  `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;

let loading: Promise<AnalyticsOutcome> | null = null;

function injectScript(src: string): Promise<boolean> {
  return new Promise((resolve) => {
    const script = document.createElement('script');
    const timer = setTimeout(() => resolve(false), ANALYTICS_SCRIPT_TIMEOUT_MS);
    script.async = true;
    script.src = src;
    script.onload = () => {
      clearTimeout(timer);
      resolve(true);
    };
    script.onerror = () => {
      clearTimeout(timer);
      script.remove();
      resolve(false);
    };
    document.head.append(script);
  });
}

async function load(id: string): Promise<AnalyticsOutcome> {
  const src = analyticsScriptUrl(id);
  const probe = await probeReachability(src, { timeoutMs: ANALYTICS_BLOCKED_CHECK_MS, mode: 'no-cors' });
  if (!probe.reachable) return 'unreachable';
  if (!(await injectScript(src))) return 'failed';
  window.dataLayer = window.dataLayer ?? [];
  window.gtag = (...args: unknown[]) => {
    window.dataLayer!.push(args);
  };
  window.gtag('js', new Date());
  window.gtag('config', id, { anonymize_ip: true });
  return 'loaded';
}

/** Loads analytics at most once per page; never throws. */
export function loadAnalytics(id: string | undefined): Promise<AnalyticsOutcome> {
  if (!analyticsAllowed()) return Promise.resolve('no-consent');
  if (!id) return Promise.resolve('no-id');
  loading ??= load(id).catch(() => 'failed' as const);
  return loading;
}
