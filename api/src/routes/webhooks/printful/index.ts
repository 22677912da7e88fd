import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '@shop/shared';
import { errorBody } from '../../../plugins/error-handler.js';
import { secretMatches } from '../../../plugins/secret-match.js';
import {
  handlePrintfulWebhook,
  PRINTFUL_WEBHOOK_OUTCOMES,
  printfulWebhookSchema,
} from '../../../services/printful/printful-webhook-service.js';

// POST /api/webhooks/printful/:token (docs/contracts.md#http-api). A wrong token gets the very answer an
// unknown route gets, before the body is even parsed, so the endpoint does not reveal itself.
export default async function printfulWebhookRoutes(app: FastifyInstance) {
  async function hideUnlessTokenMatches(request: FastifyRequest, reply: FastifyReply) {
    const { token } = request.params as { token?: string };
    if (secretMatches(token ?? '', app.config.PRINTFUL_WEBHOOK_TOKEN)) return;
    return reply
      .status(404)
      .send(errorBody('not-found', MESSAGES.routeNotFound(request.method, request.url.split('?')[0])));
  }

  app.withTypeProvider<ZodTypeProvider>().post(
    '/:token',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'Printful v1 webhook (secret token in the path)',
        params: z.object({ token: z.string() }),
        body: printfulWebhookSchema,
        response: {
          200: z.object({
            received: z.literal(true),
            outcome: z.enum(PRINTFUL_WEBHOOK_OUTCOMES),
            jobId: z.string().optional(),
          }),
        },
      },
      onRequest: hideUnlessTokenMatches,
    },
    async (request) => {
      const result = await handlePrintfulWebhook(app, request.body);
      request.log.info({ type: request.body.type, retries: request.body.retries, ...result }, 'printful webhook');
      return { received: true as const, ...result };
    },
  );
}
