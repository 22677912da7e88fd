import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Redis } from 'ioredis';

// The one-time code a buyer asks for on the order lookup when the e-mail's link is not at hand
// (docs/after-payment.md#who-may-change-an-order): six digits e-mailed to the order's address,
// which open the order's link key once. The worker makes the code when it writes the e-mail, so
// the code itself is stored nowhere: Redis keeps its SHA-256 (with the order's id) for 15
// minutes. A right code is deleted as it is used; five wrong ones delete it too; a new code is
// made at most once a minute per order, and it replaces the one before.

export const ORDER_CODE_TTL_MINUTES = 15;
export const ORDER_CODE_MAX_ATTEMPTS = 5;
export const ORDER_CODE_RESEND_SECONDS = 60;
export const ORDER_CODE_PATTERN = /^\d{6}$/;

const codeKey = (prefix: string, orderId: string) => `${prefix}:order-code:${orderId}`;
const sentKey = (prefix: string, orderId: string) => `${prefix}:order-code-sent:${orderId}`;
const hashOf = (orderId: string, code: string) => createHash('sha256').update(`${orderId}:${code}`).digest('hex');

/** The worker: a new code for the order, replacing any earlier one; only its hash is kept. */
export async function issueOrderCode(redis: Redis, prefix: string, orderId: string): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const key = codeKey(prefix, orderId);
  await redis
    .multi()
    .del(key)
    .hset(key, { hash: hashOf(orderId, code), attempts: 0 })
    .pexpire(key, ORDER_CODE_TTL_MINUTES * 60_000)
    .exec();
  return code;
}

/** The API: whether a code may be sent for the order now (once a minute per order, whoever asks). */
export async function mayIssueOrderCode(redis: Redis, prefix: string, orderId: string): Promise<boolean> {
  const set = await redis.set(sentKey(prefix, orderId), '1', 'PX', ORDER_CODE_RESEND_SECONDS * 1000, 'NX');
  return set === 'OK';
}

/** The API: a code that could not be queued may be asked for again at once. */
export async function forgetOrderCodeSent(redis: Redis, prefix: string, orderId: string): Promise<void> {
  await redis.del(sentKey(prefix, orderId));
}

/** The API: true once for the right code; a wrong code counts against the code's few tries. */
export async function redeemOrderCode(redis: Redis, prefix: string, orderId: string, code: string): Promise<boolean> {
  const key = codeKey(prefix, orderId);
  const stored = await redis.hget(key, 'hash');
  if (!stored) return false;
  const given = hashOf(orderId, code);
  if (timingSafeEqual(Buffer.from(stored), Buffer.from(given))) {
    // Only the request that deletes it uses it: two at once cannot both open the order.
    return (await redis.del(key)) === 1;
  }
  const result = await redis.multi().hincrby(key, 'attempts', 1).hget(key, 'hash').exec();
  const attempts = Number(result?.[0]?.[1] ?? ORDER_CODE_MAX_ATTEMPTS);
  // No hash left means the code was used or replaced meanwhile: the count must not outlive it.
  if (attempts >= ORDER_CODE_MAX_ATTEMPTS || !result?.[1]?.[1]) await redis.del(key);
  return false;
}
