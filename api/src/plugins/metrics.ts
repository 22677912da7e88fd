import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { WebVitals } from './web-vitals-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry: request durations here, the scraped gauges beside them. */
    metricsRegistry: Registry;
    /** The Core Web Vitals browsers report (POST /metrics/vitals). */
    webVitals: WebVitals;
  }
}

// Request durations are observed as requests finish, by every route, so the hook is infrastructure;
// the gauges read from Redis and the store at scrape time live in services/metrics/, and
// GET /metrics with its token check in routes/metrics/. Each app has its own registry, so several
// apps in one process (tests) never share series.

async function metricsPlugin(app: FastifyInstance) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route pattern, method and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.decorate('metricsRegistry', registry);
  app.decorate('webVitals', new WebVitals(registry));

  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, never the raw URL: ids and tokens in paths must not become label values.
    const route = request.routeOptions.url ?? 'unmatched';
    httpDuration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
}

export default fp(metricsPlugin, { name: 'metrics', dependencies: ['infrastructure'] });
