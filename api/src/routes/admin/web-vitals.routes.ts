import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { webVitalsSummarySchema } from '@shop/shared/schemas';

// GET /api/admin/web-vitals: what shoppers' browsers measured on each page (the 75th percentile of
// the latest LCP, INP and CLS values this API process received), for the admin's metrics page.
// Prometheus keeps the full history from GET /metrics across every replica.
export default async function adminWebVitalsRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/web-vitals',
    {
      schema: {
        tags: ['admin'],
        summary: 'Field Core Web Vitals by page (75th percentile of recent reports)',
        response: { 200: webVitalsSummarySchema },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'no-store').send(app.webVitals.summary()),
  );
}
