import type { Redis } from 'ioredis';

// A count of events per key in a fixed window, kept in Redis so that every API replica shares it
// (docs/limits.md). While Redis cannot answer, this process counts on its own: the limit still
// holds, per process, and the request it guards is not refused for want of Redis.

export interface WindowCount {
  /** Events for the key in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends (the longest a refused client waits). */
  resetInMs: number;
}

const LOCAL_KEYS_MAX = 10_000;

export function fixedWindowCounter(
  redis: Redis,
  keyPrefix: string,
  windowMs: number,
): (key: string) => Promise<WindowCount> {
  const local = new Map<string, { endsAt: number; count: number }>();
  const countLocally = (key: string): WindowCount => {
    const now = Date.now();
    if (local.size > LOCAL_KEYS_MAX) local.clear();
    const entry = local.get(key);
    const current = entry && entry.endsAt > now ? entry : { endsAt: now + windowMs, count: 0 };
    current.count += 1;
    local.set(key, current);
    return { count: current.count, resetInMs: current.endsAt - now };
  };
  const countInRedis = async (key: string): Promise<WindowCount> => {
    const name = `${keyPrefix}:${key}`;
    const replies = (await redis.multi().incr(name).pexpire(name, windowMs, 'NX').pttl(name).exec()) as Array<
      [Error | null, number]
    >;
    const failed = replies.find(([error]) => error);
    if (failed) throw failed[0];
    const [[, count], , [, ttl]] = replies;
    return { count, resetInMs: ttl > 0 ? ttl : windowMs };
  };
  return (key) => countInRedis(key).catch(() => countLocally(key));
}
