import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { QUEUES, createQueues, createRedis } from '@shop/shared/server/queues';
import { publishEvent, subscribeEvents, type ShopEvent } from '@shop/shared/server/events';
import type { AppCollection } from '@shop/shared/server/collections';
import { createOrderRecords, type OrderRecords } from '@shop/shared/server/orders';
import { createTeamOrderRecords, type TeamOrderRecords } from '@shop/shared/server/team-orders';
import { createStore, type DocumentStore, type FullDocumentStore } from '@shop/shared/server/store';

export interface Queues {
  productSync: Queue;
  orders: Queue;
  notifications: Queue;
  maintenance: Queue;
}

/** In-process fan-out of Redis `events` to SSE streams and the read model. */
export interface EventBus {
  subscribe(listener: (event: ShopEvent) => void): () => void;
  publish(event: ShopEvent): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every collection but `orders` and `teamOrders`: those are reached through their modules only. */
    store: DocumentStore<AppCollection>;
    /** The order module, bound to the full store (the one way to read or write an order). */
    orderRecords: OrderRecords;
    /** The team-order module, bound to the full store (the one way to read or write a team order). */
    teamOrderRecords: TeamOrderRecords;
    /** Throws when the document store is unusable (the readiness probe). */
    pingStore: () => Promise<void>;
    /** Throws when Redis (the queues' connection) does not answer (the readiness probe). */
    pingRedis: () => Promise<void>;
    redis: Redis;
    queues: Queues;
    eventBus: EventBus;
  }
}

/** How long shutdown waits for Redis to acknowledge the unsubscribe and the queues' close. */
const REDIS_CLOSE_GRACE_MS = 2000;

export interface InfrastructureOptions {
  /** Inject a store (tests); otherwise one is opened from the config and closed with the app. */
  store?: FullDocumentStore;
}

// The app's shared resources: the document store, one Redis connection for producers, the queues,
// and the event bus that fans Redis `events` out in-process (SSE, read model). The full store goes
// to the order module only; the app is decorated with the store narrowed to the other collections,
// so no service or route can name `orders` (docs/architecture.md#one-writer-of-orders).
async function infrastructure(app: FastifyInstance, options: InfrastructureOptions) {
  const { config } = app;
  const ownsStore = !options.store;
  const store = options.store ?? (await createStore(config));
  const redis = createRedis(config.REDIS_URL, 'producer');
  const subscriber = createRedis(config.REDIS_URL, 'subscriber');
  // ioredis emits 'error' on every failed reconnect; the readiness probe reports it, so log once a burst.
  let lastRedisLog = 0;
  const onRedisError = (err: Error) => {
    if (Date.now() - lastRedisLog > 10_000) {
      lastRedisLog = Date.now();
      app.log.warn({ err: err.message }, 'redis unavailable');
    }
  };
  redis.on('error', onRedisError);
  subscriber.on('error', onRedisError);

  const prefix = config.QUEUE_PREFIX;
  const byName = createQueues(redis as Redis, prefix, onRedisError);
  const queues: Queues = {
    productSync: byName[QUEUES.productSync],
    orders: byName[QUEUES.orders],
    notifications: byName[QUEUES.notifications],
    maintenance: byName[QUEUES.maintenance],
  };

  const listeners = new Set<(event: ShopEvent) => void>();
  const unsubscribe = await subscribeEvents(subscriber, prefix, (event) => {
    for (const listener of listeners) listener(event);
  });
  // Pub/sub drops messages while disconnected: after a reconnect, tell listeners to reload all.
  // (The subscription above already succeeded, so every later 'ready' is a reconnect.)
  subscriber.on('ready', () => {
    for (const listener of listeners) listener({ type: 'inventory.changed', ids: [] });
  });
  const eventBus: EventBus = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    publish: (event) => publishEvent(redis, prefix, event),
  };

  const appStore: DocumentStore<AppCollection> = store;
  app.decorate('store', appStore);
  app.decorate('orderRecords', createOrderRecords(store));
  app.decorate('teamOrderRecords', createTeamOrderRecords(store));
  app.decorate('pingStore', () => store.ping());
  app.decorate('pingRedis', async () => void (await redis.ping()));
  app.decorate('redis', redis);
  app.decorate('queues', queues);
  app.decorate('eventBus', eventBus);

  app.addHook('onClose', async () => {
    listeners.clear();
    // A Redis that has just died can still look ready, and a command sent then waits for an answer
    // that never comes: the polite close gets a moment, then the connections are cut regardless.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      (async () => {
        await unsubscribe().catch(() => undefined);
        await Promise.allSettled(Object.values(queues).map((q) => q.close()));
      })(),
      new Promise((resolve) => (timer = setTimeout(resolve, REDIS_CLOSE_GRACE_MS))),
    ]);
    clearTimeout(timer);
    subscriber.disconnect();
    redis.disconnect();
    if (ownsStore) await store.close();
  });
}

export default fp(infrastructure, { name: 'infrastructure' });
