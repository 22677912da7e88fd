import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, MESSAGES } from '@shop/shared';
import { checkoutSessionIdSchema, orderStatusResponseSchema } from '@shop/shared/schemas';
import { orderStatusView } from '../../services/orders/index.js';
import accountOrderRoutes from './account-orders.routes.js';
import orderLookupRoutes from './order-lookup.routes.js';
import orderCancelRoutes from './order-cancel.routes.js';
import orderChangeRoutes from './order-change.routes.js';
import { withLineChoices } from '../../services/orders/order-change-choices.js';

// GET /api/orders/by-session/:sessionId: the confirmation page's view of one order. The session
// id is hard to guess and comes back only to the browser that paid, so it alone reads that order
// (the page may open in another browser), with its address and the e-mail it was confirmed to.
export default async function orderRoutes(app: FastifyInstance) {
  await app.register(accountOrderRoutes);
  await app.register(orderLookupRoutes);
  await app.register(orderCancelRoutes);
  await app.register(orderChangeRoutes);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/by-session/:sessionId',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Order status for a checkout session',
        params: z.object({ sessionId: checkoutSessionIdSchema }),
        response: { 200: orderStatusResponseSchema },
      },
    },
    async (request, reply) => {
      const order = await app.orders.findBySessionId(request.params.sessionId);
      if (!order) throw new AppError('not-found', MESSAGES.orderNotFound(request.params.sessionId));
      return reply.header('cache-control', 'no-store').send(await withLineChoices(app, order, orderStatusView(order)));
    },
  );
}
