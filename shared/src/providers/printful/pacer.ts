import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import { PrintfulRateLimitError } from './errors.js';

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
// leave a checkout without calls. A shopper's quote (called with a PacerTurn) waits a few seconds
// in a fair queue for the next call of its share (FAIR_ACQUIRE below) and gets a
// PrintfulRateLimitError, so it answers from a fallback, only when no call can come within that
// wait; an interactive call without a turn gets that error at once when the share is spent.
//
// Pauses are kept per kind too (docs/rules.md#money-and-abuse). A shopper's quote can meet a 429 that only
// concerns quotes (Printful limits large rate requests on their own), and whoever asks should not
// be able to stop order placement or a sync with it: an interactive 429 pauses interactive callers
// only. A background 429 is about the whole account, so it holds interactive callers as well.

export type PacerPriority = 'background' | 'interactive';

/**
 * A shopper's place in the fair queue for the interactive share: who asks (the client address the
 * rate limit keys on) and how long they may wait for a call before answering without Printful.
 */
export interface PacerTurn {
  client: string;
  waitMs: number;
}

export interface RequestPacer {
  /**
   * Resolves when this process may send one request (interactive: rejects when none is left, or,
   * with a `turn`, when none comes to this client within its wait).
   */
  acquire(turn?: PacerTurn): Promise<void>;
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

/**
 * The calls of each window left unspent for calls that reach Printful late: Printful counts a call
 * in the window it arrives in, and one granted in the last moments of a window can arrive in the
 * next (a slow network, a stalled process). One in twenty, at least one, once the limit is 5 or more.
 */
export function lateArrivalHeadroomOf(limit: number): number {
  return limit < 5 ? 0 : Math.max(1, Math.floor(limit / 20));
}

/** The calls of each window the sync and order placement may spend, `reserve` kept for shoppers. */
export function backgroundShareOf(limit: number, reserve = interactiveReserveOf(limit)): number {
  return Math.max(1, limit - Math.min(Math.max(0, reserve), limit) - lateArrivalHeadroomOf(limit));
}

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

// The interactive share with a fair queue (used with a PacerTurn). Two things a crowd did before:
// spend the whole minute's share in its first second, first come first served, so whoever came
// next got no Printful quote until the next minute. Now the share is paced (half of it at once,
// the rest spread over the window), and while shoppers wait, the next call goes to the waiter
// whose client has had the fewest calls this window (then the earliest): a client asking six
// times queues behind every client asking once. When k calls are free, the first k waiters take
// them. Waiters that stop polling leave the queue.
// KEYS: 1 counter (as ACQUIRE), 2 queue (zset ticket -> level, arrival), 3 last seen (zset),
// 4 waiting tickets per client (hash), 5 grants per client (hash, per window), 6.. pause keys.
// ARGV: now, windowMs, share, guardMs, client, ticket, staleMs, burst. Answers 0 (a call taken),
// the ms until a call may come (positive), or, behind others in the queue, -(1 + the ms their
// calls will take at the paced rate).
const FAIR_ACQUIRE = `
local now = tonumber(ARGV[1])
local windowMs = tonumber(ARGV[2])
local share = tonumber(ARGV[3])
local guardMs = tonumber(ARGV[4])
local client = ARGV[5]
local ticket = ARGV[6]
local staleMs = tonumber(ARGV[7])
local burst = tonumber(ARGV[8])
local function leave(t)
  redis.call('ZREM', KEYS[2], t)
  redis.call('ZREM', KEYS[3], t)
  local owner = string.match(t, '^(.*)#[^#]*$')
  if owner and redis.call('HINCRBY', KEYS[4], owner, -1) <= 0 then redis.call('HDEL', KEYS[4], owner) end
end
for _, t in ipairs(redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', now - staleMs)) do leave(t) end
local window = math.floor(now / windowMs)
local grantsKey = KEYS[5] .. ':' .. window
if not redis.call('ZSCORE', KEYS[2], ticket) then
  local level = tonumber(redis.call('HGET', grantsKey, client) or '0') + tonumber(redis.call('HGET', KEYS[4], client) or '0')
  redis.call('ZADD', KEYS[2], level * 10000000000000 + now, ticket)
  redis.call('HINCRBY', KEYS[4], client, 1)
end
redis.call('ZADD', KEYS[3], now, ticket)
redis.call('PEXPIRE', KEYS[2], windowMs * 2)
redis.call('PEXPIRE', KEYS[3], windowMs * 2)
redis.call('PEXPIRE', KEYS[4], windowMs * 2)
local pausedUntil = 0
for i = 6, #KEYS do
  local untilMs = tonumber(redis.call('GET', KEYS[i]) or '0')
  if untilMs > pausedUntil then pausedUntil = untilMs end
end
if pausedUntil > now then return pausedUntil - now end
local windowStart = window * windowMs
local windowEnd = windowStart + windowMs
if windowEnd - now < guardMs then return windowEnd - now end
local counter = KEYS[1] .. ':' .. window
local count = tonumber(redis.call('GET', counter) or '0')
if count >= share then return windowEnd - now end
local spread = share - burst
local span = windowMs - guardMs
local perCall = span
if spread > 0 then perCall = span / spread end
local allowed = share
if spread > 0 then allowed = math.min(share, burst + math.floor((now - windowStart) * spread / span)) end
local rank = redis.call('ZRANK', KEYS[2], ticket)
local free = allowed - count
if rank >= free then
  local untilNext = math.max(1, windowStart + math.ceil((count - burst + 1) * perCall) - now)
  if free > 0 then untilNext = 1 end
  local behind = rank - math.max(free, 0)
  if behind == 0 then return untilNext end
  return -(1 + untilNext + math.ceil(behind * perCall))
end
redis.call('INCR', counter)
redis.call('PEXPIRE', counter, windowMs * 2)
redis.call('HINCRBY', grantsKey, client, 1)
redis.call('PEXPIRE', grantsKey, windowMs * 2)
leave(ticket)
return 0
`;

const LEAVE_QUEUE = `
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('ZREM', KEYS[2], ARGV[1])
if redis.call('HINCRBY', KEYS[3], ARGV[2], -1) <= 0 then redis.call('HDEL', KEYS[3], ARGV[2]) end
return 0
`;

/** How often a waiting shopper asks again; a waiter silent for FAIR_STALE_MS has left the queue. */
const FAIR_POLL_MS = 100;
const FAIR_STALE_MS = 3_000;

/** The calls of the interactive share a window gives out at once; the rest come evenly through it. */
export const interactiveBurstOf = (share: number) => Math.max(Math.ceil(share / 2), Math.min(share, 4));

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
  // The late-arrival headroom comes out of the background share: a shopper's quote is not made to
  // wait for it.
  const share = interactive ? reserve : backgroundShareOf(limit, reserve);
  // Background keeps the historical pause key; a shopper's 429 writes only the interactive one.
  const backgroundPauseKey = `${prefix}:printful:paused-until`;
  const pauseKey = interactive ? `${prefix}:printful:paused-until:interactive` : backgroundPauseKey;
  const heldBy = interactive ? [pauseKey, backgroundPauseKey] : [pauseKey];
  // A call granted in the last moments of a window may reach Printful in the next one and
  // overdraw it; the guard leaves that sliver of each window unused.
  const guardMs = Math.min(250, Math.floor(windowMs / 20));

  // A call granted in one window and sent in the next (the process stalled between Redis's answer
  // and the send, as a loaded machine or a long garbage collection does) would overdraw the next
  // window at Printful: such a grant is left unused, and the caller asks again in the window it is in.
  const inTime = (asked: number) => Date.now() < (Math.floor(asked / windowMs) + 1) * windowMs - guardMs / 2;

  async function pause(ms: number): Promise<void> {
    if (!(ms > 0)) return;
    // Whole milliseconds, rounded up: Redis refuses a fractional expiry, and a reset time given in
    // fractional seconds makes one.
    const wholeMs = Math.ceil(ms);
    await redis.eval(PAUSE, 1, pauseKey, Date.now() + wholeMs, wholeMs);
  }

  const fairKeys = [
    `${counterKey}:queue`,
    `${counterKey}:queue-seen`,
    `${counterKey}:queue-clients`,
    `${counterKey}:granted`,
  ];

  /** Waits in the fair queue for one of the interactive share's calls, at most `turn.waitMs`. */
  async function takeTurn(turn: PacerTurn): Promise<void> {
    const ticket = `${turn.client}#${randomUUID()}`;
    const deadline = Date.now() + turn.waitMs;
    let granted = false;
    try {
      for (;;) {
        const asked = Date.now();
        const wait = Number(
          await redis.eval(
            FAIR_ACQUIRE,
            1 + fairKeys.length + heldBy.length,
            counterKey,
            ...fairKeys,
            ...heldBy,
            asked,
            windowMs,
            share,
            guardMs,
            turn.client,
            ticket,
            FAIR_STALE_MS,
            interactiveBurstOf(share),
          ),
        );
        if (wait === 0 && inTime(asked)) {
          granted = true;
          return;
        }
        if (wait === 0) continue;
        const left = deadline - Date.now();
        // Negative: others are ahead in the queue, about -wait ms of calls' worth.
        const expected = wait < 0 ? -wait - 1 : wait;
        // No call can come to this client in time (the share is spent until after its wait, the
        // queue ahead is too long, or Printful paused us): answer now rather than after a wait
        // for nothing.
        if (left <= 0 || expected > left) throw new PrintfulRateLimitError('Printful request budget spent', expected);
        await sleep(wait < 0 ? FAIR_POLL_MS : Math.min(wait, FAIR_POLL_MS * 5));
      }
    } finally {
      if (!granted) await redis.eval(LEAVE_QUEUE, 3, fairKeys[0], fairKeys[1], fairKeys[2], ticket, turn.client);
    }
  }

  return {
    async acquire(turn) {
      if (interactive && turn) return takeTurn(turn);
      for (;;) {
        const asked = Date.now();
        const wait = Number(
          await redis.eval(ACQUIRE, 1 + heldBy.length, counterKey, ...heldBy, asked, windowMs, share, guardMs),
        );
        if (wait <= 0) {
          if (inTime(asked)) return;
          continue;
        }
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
