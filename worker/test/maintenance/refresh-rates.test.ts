import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Queue, QueueEvents } from 'bullmq';
import pino from 'pino';
import { parseConfig } from '@shop/shared/server/config';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { JOBS, QUEUES, createRedis } from '@shop/shared/server/queues';
import { offSaleIn, readRates, setStudioRate } from '@shop/shared/server/currency';
import { openSqliteStore, type FullDocumentStore } from '@shop/shared/server/store';
import { startRatesSandbox, type RatesSandbox } from '../../../tests/sandbox/rates/server.js';
import { startWorkers } from '../../src/runner.js';
import { outboxFiles } from '../../../tests/fixtures/outbox.js';
import { readableMessage } from '../../../tests/fixtures/mime-message.js';
import { jobModule } from '../../src/jobs/maintenance/index.js';
import { runRateRefresh, scheduleRateRefresh } from '../../src/jobs/maintenance/refresh-rates.js';

// docs/rules.md#local-prices: the scheduled exchange-rate refresh, against the local rates source,
// keeping the last good rates when the source is down or answers nonsense.

let dir: string;
let store: FullDocumentStore;
let sandbox: RatesSandbox;
const logger = pino({ level: 'silent' });
const t0 = new Date('2026-11-29T08:00:00.000Z');
const t1 = new Date('2026-11-29T09:00:00.000Z');

function configFor(url: string, extra: Record<string, string> = {}) {
  return parseConfig({
    NODE_ENV: 'test',
    REDIS_URL: process.env.REDIS_URL,
    QUEUE_PREFIX: `test-${randomUUID()}`,
    CURRENCY_RATES_URL: url,
    ...extra,
  });
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'shop-worker-rates-'));
  sandbox = await startRatesSandbox();
});
afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  store = openSqliteStore(path.join(dir, `${randomUUID()}.db`));
  sandbox.setMode('up');
  sandbox.setRates({ EUR: 0.92, GBP: 0.79, CAD: 1.39, AUD: 1.53, JPY: 150 }, '2026-11-28');
  return () => store.close();
});

describe('the rate refresh', () => {
  it('stores the rate of every enabled currency but USD, with when it was read and the source date', async () => {
    const result = await runRateRefresh({ config: configFor(sandbox.feedUrl), store, logger }, t0);
    expect(result).toMatchObject({ ok: true, updated: ['EUR', 'GBP', 'CAD', 'AUD'] });
    const rates = await readRates(store);
    expect([...rates.keys()].sort()).toEqual(['AUD', 'CAD', 'EUR', 'GBP']);
    expect(rates.get('EUR')).toEqual({
      currency: 'EUR',
      rate: 0.92,
      asOf: t0.toISOString(),
      source: 'feed',
      sourceDate: '2026-11-28',
    });
  });

  it('keeps the last good rates when the source is down or answers something that is not a rate table', async () => {
    const config = configFor(sandbox.feedUrl);
    await runRateRefresh({ config, store, logger }, t0);
    for (const mode of ['down', 'garbage'] as const) {
      sandbox.setMode(mode);
      const result = await runRateRefresh({ config, store, logger }, t1);
      expect(result).toMatchObject({ ok: false });
      const eur = (await readRates(store)).get('EUR');
      expect(eur).toMatchObject({ rate: 0.92, asOf: t0.toISOString() });
    }
  });

  it('keeps the last rate of a currency the source stops naming, and the rest renew', async () => {
    const config = configFor(sandbox.feedUrl);
    await runRateRefresh({ config, store, logger }, t0);
    sandbox.setRates({ EUR: 0.95, CAD: 1.4, AUD: 1.5 });
    const result = await runRateRefresh({ config, store, logger }, t1);
    expect(result).toMatchObject({ missing: ['GBP'] });
    const rates = await readRates(store);
    expect(rates.get('GBP')).toMatchObject({ rate: 0.79, asOf: t0.toISOString() });
    expect(rates.get('EUR')).toMatchObject({ rate: 0.95, asOf: t1.toISOString() });
  });

  it('leaves a rate the studio set by hand, until the studio hands it back to the feed', async () => {
    const config = configFor(sandbox.feedUrl);
    await setStudioRate(store, 'GBP', 0.8, t0);
    await runRateRefresh({ config, store, logger }, t1);
    expect((await readRates(store)).get('GBP')).toMatchObject({ rate: 0.8, source: 'studio' });
    await setStudioRate(store, 'GBP', null, t1);
    await runRateRefresh({ config, store, logger }, t1);
    expect((await readRates(store)).get('GBP')).toMatchObject({ rate: 0.79, source: 'feed' });
  });

  it('asks only for the currencies STORE_CURRENCIES switches on', async () => {
    await runRateRefresh({ config: configFor(sandbox.feedUrl, { STORE_CURRENCIES: 'USD,EUR' }), store, logger }, t0);
    expect([...(await readRates(store)).keys()]).toEqual(['EUR']);
    expect((await store.query(COLLECTIONS.exchangeRates)).docs).toHaveLength(1);
  });
});

describe('the refresh on the maintenance queue', () => {
  it('is scheduled on CURRENCY_RATES_SCHEDULE, runs once at start, and stores the rates as a job', async () => {
    const config = configFor(sandbox.feedUrl, { CURRENCY_RATES_SCHEDULE: '5 */2 * * *' });
    const connection = createRedis(config.REDIS_URL, 'worker');
    const queue = new Queue(QUEUES.maintenance, { connection, prefix: config.QUEUE_PREFIX });
    const eventsConnection = createRedis(config.REDIS_URL, 'worker');
    const events = new QueueEvents(QUEUES.maintenance, { connection: eventsConnection, prefix: config.QUEUE_PREFIX });
    const running = await startWorkers({ config, store, logger, modules: [jobModule], schedule: false });
    try {
      await events.waitUntilReady();
      await scheduleRateRefresh(queue, config);
      await scheduleRateRefresh(queue, config);
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers).toEqual([
        expect.objectContaining({ key: JOBS.maintenance.refreshRates, pattern: '5 */2 * * *' }),
      ]);
      const job = await queue.add(JOBS.maintenance.refreshRates, {});
      expect(await job.waitUntilFinished(events, 30_000)).toMatchObject({ ok: true });
      expect((await readRates(store)).get('AUD')).toMatchObject({ rate: 1.53, source: 'feed' });
    } finally {
      await running.close();
      await events.close();
      await queue.obliterate({ force: true });
      await queue.close();
      connection.disconnect();
      eventsConnection.disconnect();
    }
  });
});

describe('the margin guard after a rate move', () => {
  const stamp = '2026-11-01T00:00:00.000Z';
  async function seedTee() {
    const variant = (id: string, price: number, catalog: number) => ({
      id,
      name: `Studio Tee / ${id}`,
      size: id,
      color: 'Black',
      price,
      currency: 'USD',
      catalog_variant_id: catalog,
      sync_variant_id: catalog + 5000,
      sku: null,
      external_id: null,
    });
    await store.set(COLLECTIONS.storeInventory, 'tee', {
      title: 'Studio Tee',
      price: 25,
      thumbnail_url: '/tee.png',
      images: ['/tee.png'],
      category: 'clothing',
      description: 'A tee',
      createdAt: stamp,
      updatedAt: stamp,
      variants: [variant('S', 25, 4011), variant('XL', 28, 4012)],
    });
    await store.set(COLLECTIONS.printfulProducts, 'tee', {
      id: 'tee',
      sync_product: {
        id: 1,
        external_id: null,
        name: 'Studio Tee',
        variants: 2,
        synced: 2,
        thumbnail_url: null,
        description: null,
      },
      sync_variants: [],
      summary: {
        id: 1,
        external_id: null,
        name: 'Studio Tee',
        variants: 2,
        synced: 2,
        thumbnail_url: null,
        description: null,
      },
      summaryHash: 'h',
      contentHash: 'c',
      costs: { '4011': 12, '4012': 14 },
      createdAt: stamp,
      updatedAt: stamp,
      syncedAt: stamp,
    });
    // The studio priced the tee at €19 by hand when the euro was at 0.92.
    await store.set(COLLECTIONS.priceOverrides, 'tee', { productId: 'tee', prices: { EUR: 1900 }, updatedAt: stamp });
  }

  it('takes the variants off sale in that currency, tells the studio once, and puts them back when the rate returns', async () => {
    const outbox = mkdtempSync(path.join(dir, 'outbox-'));
    const config = configFor(sandbox.feedUrl, {
      OUTBOX_DIR: outbox,
      STUDIO_EMAIL: 'studio@example.test',
      MIN_MARGIN_PERCENT: '20',
    });
    await seedTee();
    expect(await runRateRefresh({ config, store, logger }, t0)).toMatchObject({ ok: true, offSale: 0 });
    expect(outboxFiles(outbox)).toHaveLength(0);

    sandbox.setRates({ EUR: 1.1, GBP: 0.79, CAD: 1.39, AUD: 1.53 });
    expect(await runRateRefresh({ config, store, logger }, t1)).toMatchObject({ ok: true, offSale: 2 });
    expect([...(await offSaleIn(store, 'EUR'))]).toEqual(['tee\nS', 'tee\nXL']);
    expect([...(await offSaleIn(store, 'GBP'))]).toEqual([]);
    const mail = outboxFiles(outbox).map((f) => readableMessage(readFileSync(path.join(outbox, f), 'utf8')));
    expect(mail).toHaveLength(1);
    expect(mail[0]).toContain('To: studio@example.test');
    expect(mail[0]).toContain('2 variants are off sale in EUR');
    expect(mail[0]).toContain('Studio Tee (S) in euros: €19.00, needs at least');

    // The same finding again is not news.
    expect(await runRateRefresh({ config, store, logger }, new Date(t1.getTime() + 3_600_000))).toMatchObject({
      offSale: 0,
    });
    expect(outboxFiles(outbox)).toHaveLength(1);

    sandbox.setRates({ EUR: 0.92, GBP: 0.79, CAD: 1.39, AUD: 1.53 });
    await runRateRefresh({ config, store, logger }, new Date(t1.getTime() + 7_200_000));
    expect([...(await offSaleIn(store, 'EUR'))]).toEqual([]);
  });
});
