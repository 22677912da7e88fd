import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, MESSAGES, ORDER_LOOKUP_RATE_LIMIT_PER_MIN } from '@shop/shared';
import { orderLookupRequestSchema, orderLookupResponseSchema } from '@shop/shared/schemas';
import { shopperOrderView } from '../../services/orders/index.js';
import { orderAccess, signedInUid } from '../../services/orders/order-proof.js';
import { withLineChoices } from '../../services/orders/order-change-choices.js';

// POST /api/orders/lookup (docs/rules.md#the-signed-in-shopper): a guest finds their order again with its number and
// the e-mail address they paid with, or with the key of the confirmation e-mail's link. An unknown number and a wrong address get the same 404 and
// message, so the answer never confirms that a number exists; the small budget per client keeps
// anyone from trying numbers.
export default async function orderLookupRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/lookup',
    {
      config: { rateLimit: { max: ORDER_LOOKUP_RATE_LIMIT_PER_MIN, timeWindow: '1 minute' } },
      schema: {
        tags: ['orders'],
        summary: 'Find an order by its number and the e-mail address it was paid with',
        body: orderLookupRequestSchema,
        response: { 200: orderLookupResponseSchema },
      },
    },
    async (request, reply) => {
      const { number, key } = request.body;
      const order = await app.orders.findByNumber(number);
      const access = orderAccess(order, request.body, await signedInUid(request));
      // The e-mail link's key names one order: a wrong or old one says so, not "check the e-mail".
      if (!order?.number || !access)
        throw new AppError('not-found', key !== undefined ? MESSAGES.orderLinkNotFound : MESSAGES.orderLookupNotFound);
      const view = await withLineChoices(app, order, shopperOrderView({ ...order, number: order.number }, access));
      return reply.header('cache-control', 'private, no-store').send({ order: view });
    },
  );
}
