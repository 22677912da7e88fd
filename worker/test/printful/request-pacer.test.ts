import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRINTFUL_SANDBOX_TOKEN } from '@shop/shared';
import { createRedis } from '@shop/shared/server/queues';
import { PrintfulClient, PrintfulRateLimitError, createRedisRequestPacer } from '@shop/shared/providers/printful';
import { startPrintfulSandbox, type PrintfulSandbox } from '../../../tests/sandbox/printful/server.js';

// One Redis-backed budget shared by every replica: two clients (two "workers") each with their
// own pacer object on the same prefix stay within Printful's window together.

const prefix = `test-${randomUUID()}`;
const redis = createRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', 'worker');
let sandbox: PrintfulSandbox;

beforeAll(async () => {
  // The sandbox allows what the pacers are told Printful allows: a call sent in the last moment of
  // one window that reaches it in the next (a busy machine) is the pacers' headroom to absorb.
  sandbox = await startPrintfulSandbox({ products: 30, rateLimitPerMin: 8, windowMs: 2000 });
});
afterAll(async () => {
  await sandbox.close();
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

describe('createRedisRequestPacer', () => {
  it('keeps two replicas together within the rate limit', async () => {
    const replica = () =>
      new PrintfulClient({
        baseUrl: sandbox.url,
        apiKey: PRINTFUL_SANDBOX_TOKEN,
        retry: false,
        pacer: createRedisRequestPacer({ redis, prefix, limit: 8, windowMs: 2000 }),
      });
    const [a, b] = [replica(), replica()];
    const ids = sandbox.catalogue
      .list()
      .slice(0, 20)
      .map((p) => p.id);
    const half = ids.length / 2;
    const run = async (client: PrintfulClient, mine: number[]) => {
      for (const id of mine) await client.getProduct(id);
    };
    // retry: false, so a single 429 would reject here.
    await Promise.all([run(a, ids.slice(0, half)), run(b, ids.slice(half))]);
    expect(sandbox.stats.snapshot()).toMatchObject({ rateLimited: 0, byRoute: { 'GET /store/products/{id}': 20 } });
  });

  it('holds every caller after a 429 until Retry-After has passed, and never shortens a pause', async () => {
    const pacer = createRedisRequestPacer({ redis, prefix: `${prefix}-pause`, limit: 100, windowMs: 60_000 });
    const pauseKey = `${prefix}-pause:printful:paused-until`;
    await pacer.pause(400);
    const until = Number(await redis.get(pauseKey));
    await pacer.pause(10);
    expect(Number(await redis.get(pauseKey))).toBe(until);
    await pacer.acquire();
    expect(Date.now()).toBeGreaterThanOrEqual(until);
  });

  // Found in CI: a pause of a fractional number of milliseconds (a Retry-After or reset time in
  // fractional seconds) reached Redis as the key's expiry, which it refused ("value is not an
  // integer or out of range"), failing the whole sync run at the 429 it was meant to wait out.
  it('takes a pause of a fractional number of milliseconds, as a reset time in fractional seconds gives', async () => {
    const pacer = createRedisRequestPacer({ redis, prefix: `${prefix}-fraction`, limit: 100, windowMs: 60_000 });
    await pacer.pause(250.5);
    await pacer.observe({ remaining: 0, resetMs: 0.3375 * 1000 });
    const until = Number(await redis.get(`${prefix}-fraction:printful:paused-until`));
    expect(Number.isInteger(until)).toBe(true);
    await pacer.acquire();
    expect(Date.now()).toBeGreaterThanOrEqual(until);
  });

  it("keeps a shopper's 429 to shoppers, while a background 429 holds everyone", async () => {
    const lane = `${prefix}-lanes`;
    const pacer = (priority: 'background' | 'interactive') =>
      createRedisRequestPacer({ redis, prefix: lane, limit: 100, windowMs: 60_000, priority, interactiveReserve: 20 });
    const [shopper, background] = [pacer('interactive'), pacer('background')];

    await shopper.observe({ remaining: 0, resetMs: 58_000 });
    await expect(shopper.acquire()).rejects.toBeInstanceOf(PrintfulRateLimitError);
    // Order placement and the sync are not held by it.
    expect(await redis.get(`${lane}:printful:paused-until`)).toBeNull();
    await background.acquire();

    await background.pause(58_000);
    await expect(pacer('interactive').acquire()).rejects.toBeInstanceOf(PrintfulRateLimitError);
  });

  it('leaves room in each window for a call granted at the end of the one before that reaches Printful late', async () => {
    // Printful counts a call in the window it arrives in. A call granted just before a window ends
    // can arrive in the next one (a busy network, a loaded machine): if that next window's calls
    // were all given out again, Printful would get one more than it allows, and answer 429.
    const lane = `${prefix}-late`;
    const windowMs = 1000;
    const limit = 5;
    const pacer = createRedisRequestPacer({ redis, prefix: lane, limit, windowMs });
    await new Promise((resolve) => setTimeout(resolve, windowMs - (Date.now() % windowMs) + windowMs - 150));
    await pacer.acquire();
    // The late call: it arrives in the window after the one it was granted in.
    const arrivesIn = Math.floor(Date.now() / windowMs) + 1;
    await new Promise((resolve) => setTimeout(resolve, arrivesIn * windowMs - Date.now()));
    let grantedThere = 0;
    for (;;) {
      await pacer.acquire();
      if (Math.floor(Date.now() / windowMs) !== arrivesIn) break;
      grantedThere += 1;
    }
    expect(1 + grantedThere).toBeLessThanOrEqual(limit);
  });

  it('does not spend a call granted in a window the process wakes up after: it waits for one of the window it goes out in', async () => {
    // A loaded machine can stall a process between Redis granting a call and the call leaving; a
    // call granted in one window and sent in the next overdraws that next window at Printful.
    const lane = `${prefix}-stall`;
    const windowMs = 1000;
    let stalled = false;
    const stalling = new Proxy(redis, {
      get(target, key, receiver) {
        if (key !== 'eval') return Reflect.get(target, key, receiver);
        return async (...args: Parameters<typeof redis.eval>) => {
          const answer = await target.eval(...args);
          if (!stalled) {
            stalled = true;
            await new Promise((resolve) => setTimeout(resolve, windowMs - (Date.now() % windowMs) + 20));
          }
          return answer;
        };
      },
    });
    const pacer = createRedisRequestPacer({ redis: stalling, prefix: lane, limit: 5, windowMs });
    // Start early in a window, so the grant comes with time to spare before the stall.
    await new Promise((resolve) => setTimeout(resolve, windowMs - (Date.now() % windowMs) + 50));
    await pacer.acquire();
    const sentIn = Math.floor(Date.now() / windowMs);
    expect(stalled).toBe(true);
    expect(Number(await redis.get(`${lane}:printful:rate:${sentIn}`))).toBe(1);
  });
});
