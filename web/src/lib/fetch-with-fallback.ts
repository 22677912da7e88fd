import { FETCH_INITIAL_DELAY_MS, FETCH_MAX_RETRIES, MESSAGES, REACHABILITY_PROBE_TIMEOUT_MS } from '@shop/shared';

// The original product's fetch helper (docs/architecture.md#how-the-product-maps-onto-the-code): several candidate URLs tried in order, retries with a
// doubling delay on network-like failures, fallback data when nothing answers, and a HEAD probe
// that says why a host cannot be reached.

export type FetchSource = 'network' | 'fallback';

export interface FetchResult<T> {
  data: T;
  source: FetchSource;
  /** The URL that answered; null for fallback data. */
  url: string | null;
  online: boolean;
  /** Set on fallback data served after every URL failed: the last failure. */
  error?: string;
  /** Set on fallback data served after every URL failed: whether a privacy feature blocked it. */
  privacyBlocked?: boolean;
}

export interface RetryOptions {
  maxRetries?: number;
  initialDelayMs?: number;
}

export type FallbackProvider<T> = () => T | Promise<T>;

/** Thrown when nothing answered and there is no fallback; `causes` holds each URL's last error. */
export class FetchFailedError extends Error {
  readonly causes: Error[];
  readonly privacyBlocked: boolean;
  constructor(message: string, causes: Error[], privacyBlocked: boolean) {
    super(message, { cause: causes[causes.length - 1] });
    this.name = 'FetchFailedError';
    this.causes = causes;
    this.privacyBlocked = privacyBlocked;
  }
}

const NETWORK_LIKE = /failed to fetch|load failed|network|connection|timed? ?out|refused/i;
const PRIVACY_BLOCK = /blocked|privacy|tracking prevention|ERR_BLOCKED_BY_CLIENT/i;
const ANALYTICS_URL =
  /google-analytics\.com|googletagmanager\.com|doubleclick\.net|plausible\.io|segment\.(io|com)|\/analytics\b|\/collect\b|\/track(ing)?\b/i;

export function isNetworkLikeError(error: unknown): boolean {
  return error instanceof Error && NETWORK_LIKE.test(error.message);
}

export function isPrivacyBlockError(error: unknown): boolean {
  return error instanceof Error && PRIVACY_BLOCK.test(error.message);
}

/** Analytics and tracking endpoints: when blocked (by an extension, say) the page carries on quietly. */
export function isAnalyticsUrl(url: string): boolean {
  return ANALYTICS_URL.test(url);
}

/** Retries carry a timestamp so no cache between here and the server can answer with a stale failure. */
export function withTimestamp(url: string, now = Date.now()): string {
  return `${url}${url.includes('?') ? '&' : '?'}_t=${now}`;
}

function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function readResponse(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  return type.includes('application/json') || type.includes('+json') ? response.json() : response.text();
}

async function fetchOne<T>(url: string, init: RequestInit, retry: Required<RetryOptions>): Promise<T> {
  let delay = retry.initialDelayMs;
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch(attempt === 0 ? url : withTimestamp(url), init);
      if (!response.ok) throw new Error(MESSAGES.httpError(response.status, response.statusText));
      return (await readResponse(response)) as T;
    } catch (e) {
      const error = e instanceof Error ? e : new Error(String(e));
      // A blocked tracker is not worth a second try, and HTTP errors are answers, not outages.
      const retryable = isNetworkLikeError(error) && !isPrivacyBlockError(error) && !isAnalyticsUrl(url);
      if (!retryable || attempt >= retry.maxRetries) throw error;
      await sleep(delay);
      delay *= 2;
    }
  }
}

export async function fetchWithFallback<T = unknown>(
  urls: string | readonly string[],
  init: RequestInit = {},
  retryOptions: RetryOptions = {},
  fallback?: FallbackProvider<T>,
): Promise<FetchResult<T>> {
  const candidates = typeof urls === 'string' ? [urls] : [...urls];
  if (!isOnline()) {
    if (fallback) return { data: await fallback(), source: 'fallback', url: null, online: false };
    throw new FetchFailedError(MESSAGES.offlineNoFallback, [], false);
  }
  const retry = {
    maxRetries: retryOptions.maxRetries ?? FETCH_MAX_RETRIES,
    initialDelayMs: retryOptions.initialDelayMs ?? FETCH_INITIAL_DELAY_MS,
  };
  const failures: Error[] = [];
  let privacyBlocked = false;
  for (const url of candidates) {
    try {
      const data = await fetchOne<T>(url, init, retry);
      return { data, source: 'network', url, online: true };
    } catch (e) {
      const error = e as Error;
      failures.push(error);
      if (isAnalyticsUrl(url)) {
        // Non-critical: analytics blocked by the visitor's choices is not an error worth reporting.
        privacyBlocked ||= isNetworkLikeError(error) || isPrivacyBlockError(error);
        continue;
      }
      privacyBlocked ||= isPrivacyBlockError(error);
      console.warn(`Fetch from ${url} failed: ${error.message}`);
    }
  }
  const last = failures[failures.length - 1];
  if (fallback) {
    return {
      data: await fallback(),
      source: 'fallback',
      url: null,
      online: isOnline(),
      error: last?.message,
      privacyBlocked,
    };
  }
  throw new FetchFailedError(
    privacyBlocked ? MESSAGES.blockedByPrivacy : MESSAGES.allUrlsFailed,
    failures,
    privacyBlocked,
  );
}

export type ProbeFailureReason = 'timeout' | 'privacy' | 'refused' | 'webchannel' | 'edge';

export const PROBE_REASON_TEXT: Record<ProbeFailureReason, string> = {
  timeout: MESSAGES.probeTimeout,
  privacy: MESSAGES.probePrivacy,
  refused: MESSAGES.probeRefused,
  webchannel: MESSAGES.probeWebchannel,
  edge: MESSAGES.probeEdge,
};

export type ProbeResult =
  { reachable: true; status: number } | { reachable: false; reason: ProbeFailureReason; message: string };

export interface ProbeOptions {
  timeoutMs?: number;
  /** 'no-cors' for third-party hosts: an opaque answer still proves the host is reachable. */
  mode?: RequestMode;
}

/** The database channel of the old app; here the live-data stream answers 400 the same way. */
const DATA_CHANNEL_URL = /webchannel|\/channel\b|\/stream\b/i;

function isEdge(): boolean {
  return typeof navigator !== 'undefined' && /\bEdg\//.test(navigator.userAgent);
}

function isThirdParty(url: string): boolean {
  try {
    return new URL(url, window.location.href).origin !== window.location.origin;
  } catch {
    return false;
  }
}

function failure(reason: ProbeFailureReason): ProbeResult {
  return { reachable: false, reason, message: PROBE_REASON_TEXT[reason] };
}

/** HEAD request that tells reachable from timed out, blocked or refused. Never throws. */
export async function probeReachability(url: string, options: ProbeOptions = {}): Promise<ProbeResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? REACHABILITY_PROBE_TIMEOUT_MS);
  try {
    const response = await fetch(url, {
      method: 'HEAD',
      cache: 'no-store',
      mode: options.mode,
      signal: controller.signal,
    });
    if (response.status === 400 && DATA_CHANNEL_URL.test(url)) return failure('webchannel');
    return { reachable: true, status: response.status };
  } catch (e) {
    if (controller.signal.aborted) return failure('timeout');
    const blocked = isPrivacyBlockError(e);
    // Edge's tracking prevention fails third-party requests with a bare network error, so on Edge
    // a third-party failure is most likely that rather than a refused connection.
    if (isEdge() && (blocked || isThirdParty(url))) return failure('edge');
    return failure(blocked ? 'privacy' : 'refused');
  } finally {
    clearTimeout(timer);
  }
}
