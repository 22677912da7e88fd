import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountOrdersResponseSchema } from '@shop/shared/schemas';
import { accountOrderView } from '../../services/orders/order-views.js';

// GET /api/orders (docs/rules.md#after-payment): the signed-in shopper's orders, newest first. Guests have no
// account to list (401); a guest's order is followed from its confirmation page instead.
export default async function accountOrderRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: "The signed-in shopper's orders, newest first",
        response: { 200: accountOrdersResponseSchema },
      },
    },
    async (request, reply) => {
      const identity = await request.identity();
      const uid = identity.kind === 'user' ? identity.uid : '';
      const orders = await app.orders.listOfUser(uid);
      return reply.header('cache-control', 'private, no-store').send({ orders: orders.map(accountOrderView) });
    },
  );
}
