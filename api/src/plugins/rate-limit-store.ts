import { createRequire } from 'node:module';
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

// The rate-limit counters live in Redis, so every API replica spends the same budget (docs/rules.md#production-for-real). While Redis cannot answer, each process counts on its own rather than letting every
// request through: an outage loses only the sharing, never the limit.

const require = createRequire(import.meta.url);
// @fastify/rate-limit's own stores: the Redis one (an atomic Lua INCR + PEXPIRE) and the in-memory one.
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => FastifyRateLimitStore;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache: number,
) => FastifyRateLimitStore;

type Incr = FastifyRateLimitStore['incr'];
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

class RedisWithLocalFallback implements FastifyRateLimitStore {
  constructor(
    private readonly shared: FastifyRateLimitStore,
    private readonly local: FastifyRateLimitStore,
  ) {}

  incr(...[key, callback, timeWindow, max]: Parameters<Incr>) {
    this.shared.incr(
      key,
      (error, result) => (error ? this.local.incr(key, callback, timeWindow, max) : callback(null, result)),
      timeWindow,
      max,
    );
  }

  // The plugin makes each route a store of its own, counted apart even under one `groupId`. Routes
  // that name the same `groupId` spend one budget here (docs/limits.md): one store for the group.
  private readonly groups = new Map<string, FastifyRateLimitStore>();

  child(routeOptions: RouteOptions): FastifyRateLimitStore {
    const group = (routeOptions as { groupId?: unknown }).groupId;
    if (typeof group !== 'string') {
      return new RedisWithLocalFallback(this.shared.child(routeOptions), this.local.child(routeOptions));
    }
    let store = this.groups.get(group);
    if (!store) {
      const asOne = { ...routeOptions, routeInfo: { method: 'GROUP', url: group } } as RouteOptions;
      store = new RedisWithLocalFallback(this.shared.child(asOne), this.local.child(asOne));
      this.groups.set(group, store);
    }
    return store;
  }
}

/** The `store` option of @fastify/rate-limit: counters under `<prefix>:rate-limit:` in Redis. */
export function sharedRateLimitStore(redis: Redis, prefix: string): FastifyRateLimitStoreCtor {
  return class {
    // The plugin passes its merged settings; these two are in them, if not in its types.
    constructor(options: FastifyRateLimitOptions & { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      const shared = new RedisStore(continueExceeding, exponentialBackoff, redis, `${prefix}:rate-limit:`);
      const local = new LocalStore(continueExceeding, exponentialBackoff, 5000);
      return new RedisWithLocalFallback(shared, local);
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
