import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyBaseLogger } from 'fastify';
import { createMetricsScrape } from './scrape.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Refills the gauges read when /metrics is scraped (queue depths, orders, webhook events, syncs). */
    metricsScrape: (log: FastifyBaseLogger) => Promise<void>;
  }
}

async function metricsScrapePlugin(app: FastifyInstance) {
  app.decorate(
    'metricsScrape',
    createMetricsScrape(app.metricsRegistry, { queues: app.queues, store: app.store, orders: app.orderRecords }),
  );
}

export default fp(metricsScrapePlugin, { name: 'metrics-scrape', dependencies: ['infrastructure', 'metrics'] });
