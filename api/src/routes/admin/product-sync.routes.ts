import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  productSyncAcceptedSchema,
  productSyncRequestSchema,
  syncConfigCheckSchema,
  syncJobParamsSchema,
  syncJobSchema,
  syncJobsResponseSchema,
} from '@shop/shared/schemas';
import { checkPrintfulConfig } from '../../services/printful/printful-config-check.js';
import { routeEventStreams } from '../../services/sse/server-sent-events.js';
import { adminActor } from '../../services/admin/admin-actor.js';

// Admin product sync (docs/rules.md#calls-to-other-services; docs/contracts.md#http-api): request a sync, follow it, read the
// history, check the provider settings. The caller is an admin (the plugin's onRequest hook); a
// requested sync is logged with who asked for it.

export default async function productSyncRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const streams = routeEventStreams(app);

  r.post(
    '/products/sync',
    {
      schema: {
        summary: 'Enqueue a product sync from Printful (one runs at a time: a second request gets the same job)',
        body: productSyncRequestSchema,
        response: { 202: productSyncAcceptedSchema },
      },
    },
    async (request, reply) => {
      const options = request.body ?? {};
      const jobId = await app.syncJobs.request(options);
      request.log.info({ jobId, options, by: await adminActor(request) }, 'product sync requested');
      return reply.status(202).send({ success: true, jobId });
    },
  );

  r.get(
    '/products/sync/jobs',
    { schema: { summary: 'Recent product syncs, newest first', response: { 200: syncJobsResponseSchema } } },
    async () => ({ jobs: await app.syncJobs.list() }),
  );

  r.get(
    '/products/sync/jobs/:id',
    { schema: { summary: 'One product sync', params: syncJobParamsSchema, response: { 200: syncJobSchema } } },
    async (request) => app.syncJobs.get(request.params.id),
  );

  r.get(
    '/products/sync/jobs/:id/events',
    {
      config: { rateLimit: false },
      schema: {
        summary: 'Server-Sent Events: `state` (the job) and `progress` of one sync, until it ends',
        params: syncJobParamsSchema,
      },
    },
    async (request, reply) => {
      const initial = await app.syncJobs.get(request.params.id);
      app.syncJobs.follow(streams.start(reply), initial);
      return reply;
    },
  );

  r.get(
    '/products/sync/config-check',
    { schema: { summary: 'Is Printful configured and reachable?', response: { 200: syncConfigCheckSchema } } },
    async () => checkPrintfulConfig(app.config),
  );
}
