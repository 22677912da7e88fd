import type { Redis } from 'ioredis';

// A double-clicked admin button sends the same request twice, possibly in parallel, possibly a
// moment apart. Each action gets a key shared by every repeat within the window (kept in Redis,
// so it holds across API replicas); the Stripe idempotency key or BullMQ job id made from it turns
// the repeats into the first request's result.

export const REPEAT_WINDOW_S = 60;

/** The key of this action: a new one, or the one a repeat within the window already took. */
export async function repeatKey(redis: Redis, prefix: string, action: string): Promise<string> {
  const slot = `${prefix}:admin-action:${action}`;
  const fresh = `${action}-${Date.now().toString(36)}`;
  const set = await redis.set(slot, fresh, 'EX', REPEAT_WINDOW_S, 'NX');
  if (set === 'OK') return fresh;
  return (await redis.get(slot)) ?? fresh;
}
