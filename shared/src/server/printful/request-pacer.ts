import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';

// Paces Printful requests across every worker replica. BullMQ's `limiter` counts jobs, not HTTP
// calls, and one sync job makes hundreds of calls; so each call first takes a token from a
// fixed-window counter in Redis sized like Printful's own limit (reference/providers.md 1.4:
// N calls a window, refilled at once). A 429 pauses every replica until Retry-After.

export interface RequestPacer {
  /** Resolves when this process may send one request. */
  acquire(): Promise<void>;
  /** Printful answered 429: hold every caller for `ms`. */
  pause(ms: number): Promise<void>;
  /** Rate-limit headers of a response; when the server says none is left, wait for its reset. */
  observe(info: { remaining: number | null; resetMs: number | null }): Promise<void>;
}

export interface RedisPacerOptions {
  redis: Redis;
  /** Key prefix, the queue prefix, so test runs never share a budget with a running server. */
  prefix: string;
  /** Calls per window (PRINTFUL_RATE_LIMIT_PER_MIN). */
  limit: number;
  /** Window length; Printful's is a minute. */
  windowMs: number;
}

/** Printful's window: the counter refills each minute. */
export const PRINTFUL_RATE_WINDOW_MS = 60_000;

// Returns 0 when a token was taken, else how many ms to wait before asking again. Windows are
// aligned to the clock, so every replica counts the same window.
const ACQUIRE = `
local now = tonumber(ARGV[1])
local windowMs = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
local guardMs = tonumber(ARGV[4])
local pausedUntil = tonumber(redis.call('GET', KEYS[2]) or '0')
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

export function createRedisRequestPacer({ redis, prefix, limit, windowMs }: RedisPacerOptions): RequestPacer {
  const counterKey = `${prefix}:printful:rate`;
  const pauseKey = `${prefix}:printful:paused-until`;
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
        const wait = Number(await redis.eval(ACQUIRE, 2, counterKey, pauseKey, Date.now(), windowMs, limit, guardMs));
        if (wait <= 0) return;
        await sleep(wait);
      }
    },
    pause,
    async observe({ remaining, resetMs }) {
      if (remaining === 0 && resetMs !== null) await pause(resetMs);
    },
  };
}
