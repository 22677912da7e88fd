import type { FastifyInstance } from 'fastify';
import { AppError, MESSAGES } from '@shop/shared';
import { errorBody } from '../../plugins/error-handler.js';
import { bearerMatches } from '../../plugins/secret-match.js';
import { UNKNOWN_PAGE, webVitalsReportSchema } from '@shop/shared/schemas';
import { PAGE_ROUTES } from '@shop/shared/pages';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

// GET /metrics for Prometheus, behind METRICS_TOKEN. Registered without a prefix so that the one
// path answers, as before, and not /metrics/ as well.

export const METRICS_PATH = '/metrics';
/** Where browsers report their Core Web Vitals (LCP, INP, CLS) as the shopper leaves a page. */
export const WEB_VITALS_PATH = '/metrics/vitals';
/** A report is a handful of numbers; anything larger is not one. */
const WEB_VITALS_BODY_LIMIT = 2048;
/** The pages a report may name: the route table's patterns (never an address, whose ids are unbounded). */
const PAGE_PATTERNS: ReadonlySet<string> = new Set([...PAGE_ROUTES.map((r) => r.path), UNKNOWN_PAGE]);

export default async function metricsRoutes(app: FastifyInstance) {
  const registry = app.metricsRegistry;
  const refresh = app.metricsScrape;

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

  // Open to every visitor (browsers send it with navigator.sendBeacon), so it is bounded: a small
  // body, a few validated metrics, the route table's page patterns only, and the request budget
  // of every path under /metrics.
  app.withTypeProvider<ZodTypeProvider>().post(
    WEB_VITALS_PATH,
    {
      bodyLimit: WEB_VITALS_BODY_LIMIT,
      schema: {
        tags: ['metrics'],
        summary: "A browser's Core Web Vitals (LCP, INP, CLS) for one page view",
        body: webVitalsReportSchema,
      },
    },
    async (request, reply) => {
      const { metrics } = request.body;
      const unknown = metrics.findIndex((m) => !PAGE_PATTERNS.has(m.page));
      if (unknown !== -1)
        throw new AppError('invalid-argument', `metrics.${unknown}.page: Expected a route pattern of the site`);
      for (const metric of metrics) app.webVitals.record(metric);
      return reply.status(204).send();
    },
  );
}
