import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import { PrintfulRateLimitError } from './errors.js';
import {
  backgroundShareOf,
  interactiveBurstOf,
  interactiveReserveOf,
  PRINTFUL_RATE_WINDOW_MS,
} from './pacer-budget.js';
import { ACQUIRE, FAIR_ACQUIRE, LEAVE_QUEUE, PAUSE } from './pacer-scripts.js';

export * from './pacer-budget.js';

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
// in a fair queue for the next call of its share (FAIR_ACQUIRE in pacer-scripts.ts) and gets a
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

/** How often a waiting shopper asks again; a waiter silent for FAIR_STALE_MS has left the queue. */
const FAIR_POLL_MS = 100;
const FAIR_STALE_MS = 3_000;

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
