import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';
import type { OrderRecords } from '@shop/shared/server/orders';
import type { DocumentStore } from '@shop/shared/server/store';
import type { Queues } from '../../plugins/infrastructure.js';
import { createScrapedGauges } from './scraped-gauges.js';
import { readQueue } from './read-queues.js';
import { readStore } from './read-store.js';

// Everything but request durations (queue depths, job durations, sync runs, webhook events,
// orders) is read from Redis and the document store when scraped, so no route or worker has to
// report anything and every replica answers alike. A dependency that is down is reported as such
// instead of failing the scrape.

const DEPENDENCY_TIMEOUT_MS = 1500;

/** Runs `read`, rejecting if it has not settled in time (a hung Redis must not hang the scrape). */
async function withTimeout<T>(read: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      read(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${DEPENDENCY_TIMEOUT_MS} ms`)),
          DEPENDENCY_TIMEOUT_MS,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export interface ScrapeSources {
  queues: Queues;
  store: DocumentStore;
  orders: Pick<OrderRecords, 'countOrdersWithStatus'>;
}

/** Registers the scraped gauges in `registry`; the returned function refills them from the sources. */
export function createMetricsScrape(registry: Registry, sources: ScrapeSources) {
  const gauges = createScrapedGauges(registry);
  const { sourceUp, ...scraped } = gauges;

  /** Replaces the scraped gauges with what Redis and the store hold now. */
  return async function refresh(log: FastifyBaseLogger): Promise<void> {
    for (const gauge of Object.values(scraped)) gauge.reset();
    const [queues, store] = await Promise.allSettled([
      withTimeout(() => Promise.all(Object.values(sources.queues).map((queue) => readQueue(gauges, queue)))),
      withTimeout(() => readStore(gauges, sources.store, sources.orders)),
    ]);
    for (const [source, outcome] of [
      ['queues', queues],
      ['store', store],
    ] as const) {
      sourceUp.set({ source }, outcome.status === 'fulfilled' ? 1 : 0);
      if (outcome.status === 'rejected')
        log.warn({ source, err: (outcome.reason as Error).message }, 'metrics source unavailable');
    }
  };
}
