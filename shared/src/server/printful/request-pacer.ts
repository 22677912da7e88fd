import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import { PrintfulRateLimitError } from './printful-errors.js';

// Paces Printful requests across every worker and API replica. BullMQ's `limiter` counts jobs, not
// HTTP calls, and one sync job makes hundreds of calls; so each call first takes a token from a
// fixed-window counter in Redis sized like Printful's own limit (docs/providers.md#printful-rate-limit:
// N calls a window, refilled at once). A 429 pauses every replica of that caller's kind until
// Retry-After.
//
// Two kinds of caller share that one budget. Background work (the sync, placing paid orders) may
// wait for the next window; a shopper waiting for shipping rates may not. So each window is split:
// `interactiveReserve` calls belong to interactive callers only and the rest to background callers
// only. A burst of checkouts therefore cannot slow a sync beyond its share, and a long sync cannot
// leave a checkout without calls. An interactive caller that finds its share spent gets a
// PrintfulRateLimitError at once (it answers from a fallback) instead of queueing behind a window.
//
// Pauses are kept per kind too (docs/rules.md#money-and-abuse). A shopper's quote can meet a 429 that only
// concerns quotes (Printful limits large rate requests on their own), and whoever asks should not
// be able to stop order placement or a sync with it: an interactive 429 pauses interactive callers
// only. A background 429 is about the whole account, so it holds interactive callers as well.

export type PacerPriority = 'background' | 'interactive';

export interface RequestPacer {
  /** Resolves when this process may send one request (interactive: rejects when none is left). */
  acquire(): Promise<void>;
  /** Printful answered 429: hold every caller of this kind (background: every caller) for `ms`. */
  pause(ms: number): Promise<void>;
  /** Rate-limit headers of a response; when the server says none is left, wait for its reset. */
  observe(info: { remaining: number | null; resetMs: number | null }): Promise<void>;
}

export interface RedisPacerOptions {
  redis: Redis;
  /** Key prefix, the queue prefix, so test runs never share a budget with a running server. */
  prefix: string;
  /** Calls per window (PRINTFUL_RATE_LIMIT_PER_MIN), both kinds together. */
  limit: number;
  /** Window length; Printful's is a minute. */
  windowMs: number;
  /** Default background. */
  priority?: PacerPriority;
  /** Calls of each window kept for interactive callers (default 0: background may use them all). */
  interactiveReserve?: number;
}

/** Printful's window: the counter refills each minute. */
export const PRINTFUL_RATE_WINDOW_MS = 60_000;
/** Share of each window kept for shoppers' shipping-rate calls. */
export const PRINTFUL_INTERACTIVE_SHARE = 0.2;

/** The calls of each window kept for interactive callers: a fifth of the limit, at least one. */
export function interactiveReserveOf(limit: number): number {
  return limit < 2 ? 0 : Math.max(1, Math.floor(limit * PRINTFUL_INTERACTIVE_SHARE));
}

// Returns 0 when a token was taken, else how many ms to wait before asking again. Windows are
// aligned to the clock, so every replica counts the same window. KEYS[1] is the counter of the
// caller's kind, KEYS[2..] the pause keys that hold it; ARGV[3] that kind's share of the window.
const ACQUIRE = `
local now = tonumber(ARGV[1])
local windowMs = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
local guardMs = tonumber(ARGV[4])
local pausedUntil = 0
for i = 2, #KEYS do
  local untilMs = tonumber(redis.call('GET', KEYS[i]) or '0')
  if untilMs > pausedUntil then pausedUntil = untilMs end
end
if pausedUntil > now then return pausedUntil - now end
local window = math.floor(now / windowMs)
local windowEnd = (window + 1) * windowMs
if windowEnd - now < guardMs then return windowEnd - now end
local key = KEYS[1] .. ':' .. window
local count = redis.call('INCR', key)
if count == 1 then redis.call('PEXPIRE', key, windowMs * 2) end
if count <= limit then return 0 end
return windowEnd - now
`;

const PAUSE = `
local untilMs = tonumber(ARGV[1])
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if untilMs > current then redis.call('SET', KEYS[1], untilMs, 'PX', tonumber(ARGV[2])) end
return 0
`;

export function createRedisRequestPacer({
  redis,
  prefix,
  limit,
  windowMs,
  priority = 'background',
  interactiveReserve = 0,
}: RedisPacerOptions): RequestPacer {
  const reserve = Math.min(Math.max(0, interactiveReserve), limit);
  const interactive = priority === 'interactive';
  // Background calls keep the historical key, so replicas of an older build count with them.
  const counterKey = interactive ? `${prefix}:printful:rate:interactive` : `${prefix}:printful:rate`;
  const share = interactive ? reserve : limit - reserve;
  // Background keeps the historical pause key; a shopper's 429 writes only the interactive one.
  const backgroundPauseKey = `${prefix}:printful:paused-until`;
  const pauseKey = interactive ? `${prefix}:printful:paused-until:interactive` : backgroundPauseKey;
  const heldBy = interactive ? [pauseKey, backgroundPauseKey] : [pauseKey];
  // A call granted in the last moments of a window may reach Printful in the next one and
  // overdraw it; the guard leaves that sliver of each window unused.
  const guardMs = Math.min(250, Math.floor(windowMs / 20));

  async function pause(ms: number): Promise<void> {
    if (ms <= 0) return;
    await redis.eval(PAUSE, 1, pauseKey, Date.now() + ms, ms);
  }

  return {
    async acquire() {
      for (;;) {
        const wait = Number(
          await redis.eval(ACQUIRE, 1 + heldBy.length, counterKey, ...heldBy, Date.now(), windowMs, share, guardMs),
        );
        if (wait <= 0) return;
        // Only the guard sliver is worth sitting out for a shopper; a spent share or a pause is not.
        if (interactive && wait > guardMs) throw new PrintfulRateLimitError('Printful request budget spent', wait);
        await sleep(wait);
      }
    },
    pause,
    async observe({ remaining, resetMs }) {
      if (remaining === 0 && resetMs !== null) await pause(resetMs);
    },
  };
}

/** The one Printful budget as configured: every API and worker replica paces through this. */
export function createPrintfulPacer(
  redis: Redis,
  config: { QUEUE_PREFIX: string; PRINTFUL_RATE_LIMIT_PER_MIN: number },
  priority: PacerPriority,
  windowMs = PRINTFUL_RATE_WINDOW_MS,
): RequestPacer {
  const limit = config.PRINTFUL_RATE_LIMIT_PER_MIN;
  return createRedisRequestPacer({
    redis,
    prefix: config.QUEUE_PREFIX,
    limit,
    windowMs,
    priority,
    interactiveReserve: interactiveReserveOf(limit),
  });
}
