import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, MESSAGES } from '@shop/shared';
import {
  DISCOUNT_LOCKOUT_MINUTES,
  DISCOUNT_LOCKOUTS_BEFORE_ALERT,
  DISCOUNT_WRONG_CODE_WINDOW_MINUTES,
  DISCOUNT_WRONG_CODES_PER_CART,
  DISCOUNT_WRONG_CODES_PER_CLIENT,
} from '@shop/shared/constants';
import { discountGuessAlertSchema, type DiscountGuessAlert } from '@shop/shared/schemas';

// Wrong discount codes have a budget of their own. At the general request limit a client could
// try about 600 codes a minute, and the studio's codes are words people pick, so one was found in
// under two seconds. Now each client (its address as the rate limit keys it) and each cart may
// get DISCOUNT_WRONG_CODES_PER_CLIENT / _PER_CART codes wrong in a window; then trying codes is
// locked for DISCOUNT_LOCKOUT_MINUTES, the right code included (or the lockout would still answer
// which guess was right). A client locked out again and again within a day puts an alert on the
// admin's Discounts page and a warning in the log. Counters live in Redis, so every API replica
// counts the same; if Redis cannot answer, codes are judged without the guard rather than refused.

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const ALERTS_KEPT = 50;

// KEYS: 1 client misses, 2 cart misses, 3 client lock, 4 cart lock, 5 client lockouts (a day).
// ARGV: window ms, client max, cart max, lock ms, day ms. Answers the client's lockouts today when
// this miss locked the client out, else 0.
const RECORD_MISS = `
local windowMs = tonumber(ARGV[1])
local lockMs = tonumber(ARGV[4])
local clientMisses = redis.call('INCR', KEYS[1])
if clientMisses == 1 then redis.call('PEXPIRE', KEYS[1], windowMs) end
local cartMisses = redis.call('INCR', KEYS[2])
if cartMisses == 1 then redis.call('PEXPIRE', KEYS[2], windowMs) end
if cartMisses >= tonumber(ARGV[3]) then
  redis.call('SET', KEYS[4], '1', 'PX', lockMs)
  redis.call('DEL', KEYS[2])
end
if clientMisses >= tonumber(ARGV[2]) then
  redis.call('SET', KEYS[3], '1', 'PX', lockMs)
  redis.call('DEL', KEYS[1])
  local lockouts = redis.call('INCR', KEYS[5])
  if lockouts == 1 then redis.call('PEXPIRE', KEYS[5], tonumber(ARGV[5])) end
  return lockouts
end
return 0
`;

export interface CodeGuessGuardDeps {
  redis: Redis;
  prefix: string;
  log: FastifyBaseLogger;
}

/** Who is trying a code: the client address and the cart (`cartDiscounts` id). */
export interface CodeTrier {
  client: string;
  cart: string;
}

export class CodeGuessGuard {
  constructor(private readonly deps: CodeGuessGuardDeps) {}

  private key(...parts: string[]) {
    return [this.deps.prefix, 'discount-guess', ...parts].join(':');
  }

  /** 429 with the minutes left (and Retry-After) while the client or the cart is locked out. */
  async assertMayTry(who: CodeTrier): Promise<void> {
    let leftMs: number;
    try {
      const [client, cart] = await Promise.all([
        this.deps.redis.pttl(this.key('lock', 'client', who.client)),
        this.deps.redis.pttl(this.key('lock', 'cart', who.cart)),
      ]);
      leftMs = Math.max(client, cart);
    } catch {
      return;
    }
    if (leftMs <= 0) return;
    const retryAfterSeconds = Math.ceil(leftMs / 1000);
    throw new AppError('resource-exhausted', MESSAGES.discountLockedOut(Math.ceil(leftMs / MINUTE_MS)), {
      retryAfterSeconds,
    });
  }

  /** Counts a code that did not work; the miss that spends the budget locks trying codes. */
  async recordMiss(who: CodeTrier): Promise<void> {
    let lockouts: number;
    try {
      lockouts = Number(
        await this.deps.redis.eval(
          RECORD_MISS,
          5,
          this.key('misses', 'client', who.client),
          this.key('misses', 'cart', who.cart),
          this.key('lock', 'client', who.client),
          this.key('lock', 'cart', who.cart),
          this.key('lockouts', who.client),
          DISCOUNT_WRONG_CODE_WINDOW_MINUTES * MINUTE_MS,
          DISCOUNT_WRONG_CODES_PER_CLIENT,
          DISCOUNT_WRONG_CODES_PER_CART,
          DISCOUNT_LOCKOUT_MINUTES * MINUTE_MS,
          DAY_MS,
        ),
      );
    } catch {
      return;
    }
    if (lockouts > 0)
      this.deps.log.info({ client: who.client, lockouts }, 'client locked out of trying discount codes');
    if (lockouts >= DISCOUNT_LOCKOUTS_BEFORE_ALERT) await this.alert(who.client, lockouts);
  }

  /** The alerts for the admin, newest first. */
  async alerts(): Promise<DiscountGuessAlert[]> {
    try {
      const raw = await this.deps.redis.lrange(this.key('alerts'), 0, ALERTS_KEPT - 1);
      return raw.flatMap((text) => {
        const parsed = discountGuessAlertSchema.safeParse(JSON.parse(text));
        return parsed.success ? [parsed.data] : [];
      });
    } catch {
      return [];
    }
  }

  private async alert(client: string, lockouts: number): Promise<void> {
    const alert: DiscountGuessAlert = { client, lockouts, at: new Date().toISOString() };
    this.deps.log.warn(alert, 'discount codes are being guessed: a client was locked out repeatedly');
    try {
      const key = this.key('alerts');
      await this.deps.redis
        .multi()
        .lpush(key, JSON.stringify(alert))
        .ltrim(key, 0, ALERTS_KEPT - 1)
        .pexpire(key, 7 * DAY_MS)
        .exec();
    } catch {
      // The log line above still carries the alert.
    }
  }
}
