import type { FastifyInstance } from 'fastify';
import { AppError, MESSAGES } from '@shop/shared';
import { errorBody } from '../../plugins/error-handler.js';
import { bearerMatches } from '../../plugins/secret-match.js';
import { createMetricsScrape } from '../../services/metrics/scrape.js';

// GET /metrics for Prometheus, behind METRICS_TOKEN. Registered without a prefix so that the one
// path answers, as before, and not /metrics/ as well.

export const METRICS_PATH = '/metrics';

export default async function metricsRoutes(app: FastifyInstance) {
  const registry = app.metricsRegistry;
  const refresh = createMetricsScrape(registry, { queues: app.queues, store: app.store });

  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const token = app.config.METRICS_TOKEN;
    // Without a token the endpoint does not exist: the very answer an unknown route gets.
    if (!token)
      return reply.status(404).send(errorBody('not-found', MESSAGES.routeNotFound(request.method, METRICS_PATH)));
    if (!bearerMatches(request.headers.authorization, token))
      throw new AppError('unauthenticated', MESSAGES.metricsTokenInvalid);
    await refresh(request.log);
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
}
