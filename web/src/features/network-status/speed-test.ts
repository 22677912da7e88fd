import { MESSAGES, PLACEHOLDER_IMAGE, SLOW_CONNECTION_MBPS } from '@shop/shared';

// The original product's speed test (docs/architecture.md#how-the-product-maps-onto-the-code): download the placeholder product image with caching off and
// compute megabits per second; below 1 Mbps the connection counts as slow.

export type Clock = () => number;

/** The browser's own timing of the download, when it keeps one for this URL. */
function resourceTiming(url: string): PerformanceResourceTiming | undefined {
  const entries = performance.getEntriesByName?.(new URL(url, window.location.href).href, 'resource') ?? [];
  return entries[entries.length - 1] as PerformanceResourceTiming | undefined;
}

/**
 * Times the body from its first byte to its last, so a distant but fast server (high latency, good
 * bandwidth) is not mistaken for a slow link. The browser's Resource Timing is preferred: it leaves
 * out the page's own event-loop delays, which would make a busy page look like a slow network.
 */
export async function measureDownloadMbps(
  url: string = PLACEHOLDER_IMAGE,
  now: Clock = () => performance.now(),
): Promise<number> {
  const target = `${url}${url.includes('?') ? '&' : '?'}speedTest=${Date.now()}`;
  const response = await fetch(target, { cache: 'no-store' });
  if (!response.ok) throw new Error(MESSAGES.httpError(response.status, response.statusText));
  const started = now();
  const body = await response.arrayBuffer();
  const ended = now();
  const timing = resourceTiming(target);
  const transferMs = timing && timing.responseEnd > 0 ? timing.responseEnd - timing.responseStart : ended - started;
  const bytes = timing?.encodedBodySize || body.byteLength;
  // A body that arrives within the clock's resolution counts as taking one millisecond.
  return (bytes * 8) / (Math.max(transferMs, 1) / 1000) / 1_000_000;
}

/** 'slow' below the threshold; a failed test is logged and treated as online. */
export async function classifyConnection(
  measure: () => Promise<number> = measureDownloadMbps,
): Promise<'online' | 'slow'> {
  try {
    const mbps = await measure();
    return mbps < SLOW_CONNECTION_MBPS ? 'slow' : 'online';
  } catch (e) {
    console.warn(`Connection speed test failed, treating the connection as online: ${(e as Error).message}`);
    return 'online';
  }
}
