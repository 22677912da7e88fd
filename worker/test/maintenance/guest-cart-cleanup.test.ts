import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Queue, QueueEvents } from 'bullmq';
import pino from 'pino';
import { GUEST_CART_TTL_DAYS } from '@shop/shared';
import { CART_COLLECTIONS } from '@shop/shared/domain/cart';
import { parseConfig } from '@shop/shared/server/config';
import { JOBS, QUEUES, createRedis } from '@shop/shared/server/queues';
import { checkedLikeFirestore, openSqliteStore, type FullDocumentStore } from '@shop/shared/server/store';
import { startWorkers, type RunningWorkers } from '../../src/runner.js';
import { GUEST_CART_CLEANUP_PATTERN, jobModule, scheduleMaintenance } from '../../src/jobs/maintenance/index.js';
import { cleanupGuestCarts } from '../../src/jobs/maintenance/guest-cart-cleanup.js';

// The guest-cart cleanup against a real SQLite file, and as a real BullMQ job on the test Redis.
const DAY = 86_400_000;
const now = new Date('2026-06-30T12:00:00.000Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY).toISOString();

let dir: string;
let store: FullDocumentStore;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'shop-worker-cleanup-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeEach(async () => {
  // Held to Firestore's index rules, so the clean-up's query is one Firestore can answer (docs/rules.md#production-for-real).
  store = checkedLikeFirestore(openSqliteStore(path.join(dir, `${randomUUID()}.db`)));
  return () => store.close();
});

async function seedGuestCart(id: string, lastActivityAt?: string) {
  await store.set(CART_COLLECTIONS.guest, id, {
    cartItems: [],
    itemCount: 0,
    totalItems: 0,
    totalPrice: 0,
    updatedAt: lastActivityAt ?? now.toISOString(),
    version: 2,
    sessionId: id,
    revision: 1,
    ...(lastActivityAt ? { lastActivityAt } : {}),
  });
}

describe('cleanupGuestCarts', () => {
  it(`deletes guest carts untouched for ${GUEST_CART_TTL_DAYS} days and keeps the rest`, async () => {
    await seedGuestCart('old-1', daysAgo(45));
    await seedGuestCart('old-2', daysAgo(31));
    await seedGuestCart('recent', daysAgo(29));
    await seedGuestCart('today', daysAgo(0));
    await seedGuestCart('no-activity-time');
    await store.set(CART_COLLECTIONS.user, 'uid-1', { cartItems: [], lastActivityAt: daysAgo(400) });

    const result = await cleanupGuestCarts(store, { now });
    expect(result).toEqual({ deleted: 2, cutoff: daysAgo(30) });
    const left = await store.query(CART_COLLECTIONS.guest);
    expect(left.docs.map((d) => d.id).sort()).toEqual(['no-activity-time', 'recent', 'today']);
    expect(await store.get(CART_COLLECTIONS.user, 'uid-1')).not.toBeNull();
  });

  it('works through more stale carts than one page holds', async () => {
    await store.batch(
      Array.from({ length: 450 }, (_, i) => ({
        type: 'set' as const,
        collection: CART_COLLECTIONS.guest,
        id: `stale-${i}`,
        data: { sessionId: `stale-${i}`, lastActivityAt: daysAgo(31 + (i % 60)) },
      })),
    );
    await seedGuestCart('fresh', daysAgo(2));
    expect((await cleanupGuestCarts(store, { now })).deleted).toBe(450);
    expect((await store.query(CART_COLLECTIONS.guest)).docs.map((d) => d.id)).toEqual(['fresh']);
  });

  it('deletes nothing when every cart is fresh, and a second run finds nothing more', async () => {
    await seedGuestCart('fresh', daysAgo(1));
    expect((await cleanupGuestCarts(store, { now })).deleted).toBe(0);
    await seedGuestCart('stale', daysAgo(60));
    expect((await cleanupGuestCarts(store, { now })).deleted).toBe(1);
    expect((await cleanupGuestCarts(store, { now })).deleted).toBe(0);
  });
});

describe('the maintenance queue', () => {
  const prefix = `test-${randomUUID()}`;
  const config = parseConfig({
    NODE_ENV: 'test',
    REDIS_URL: process.env.REDIS_URL,
    QUEUE_PREFIX: prefix,
    LOG_LEVEL: 'silent',
  });
  const connection = createRedis(config.REDIS_URL, 'worker');
  const queue = new Queue(QUEUES.maintenance, { connection, prefix });
  let running: RunningWorkers | undefined;

  afterAll(async () => {
    await running?.close();
    await queue.obliterate({ force: true });
    await queue.close();
    connection.disconnect();
  });

  it('schedules one daily cleanup however often the scheduler is upserted', async () => {
    await scheduleMaintenance(queue);
    await scheduleMaintenance(queue);
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers).toHaveLength(1);
    expect(schedulers[0]).toMatchObject({
      key: JOBS.maintenance.guestCartCleanup,
      name: JOBS.maintenance.guestCartCleanup,
      pattern: GUEST_CART_CLEANUP_PATTERN,
    });
    await queue.removeJobScheduler(JOBS.maintenance.guestCartCleanup);
  });

  it('runs the cleanup as a job and returns what it deleted', async () => {
    await seedGuestCart('abandoned', new Date(Date.now() - 90 * DAY).toISOString());
    await seedGuestCart('active', new Date().toISOString());
    running = await startWorkers({
      config,
      store,
      logger: pino({ level: 'silent' }),
      modules: [jobModule],
      schedule: false,
    });
    const eventsConnection = createRedis(config.REDIS_URL, 'worker');
    const events = new QueueEvents(QUEUES.maintenance, { connection: eventsConnection, prefix });
    try {
      await events.waitUntilReady();
      const job = await queue.add(JOBS.maintenance.guestCartCleanup, {});
      const result = await job.waitUntilFinished(events, 30_000);
      expect(result).toMatchObject({ deleted: 1 });
      expect(await store.get(CART_COLLECTIONS.guest, 'abandoned')).toBeNull();
      expect(await store.get(CART_COLLECTIONS.guest, 'active')).not.toBeNull();
    } finally {
      await events.close();
      eventsConnection.disconnect();
    }
  });
});
