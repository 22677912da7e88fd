import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, MESSAGES, ORDER_LOOKUP_RATE_LIMIT_PER_MIN } from '@shop/shared';
import {
  orderCodeRequestSchema,
  orderCodeSentSchema,
  orderLookupRequestSchema,
  orderLookupResponseSchema,
  type Order,
  type OrderLookupRequest,
} from '@shop/shared/schemas';
import { shopperOrderView } from '../../services/orders/index.js';
import { orderAccess, signedInUid, type OrderAccess } from '../../services/orders/order-proof.js';
import { withLineChoices } from '../../services/orders/order-change-choices.js';

// POST /api/orders/lookup (docs/after-payment.md#who-may-change-an-order): a guest finds their
// order again. With its number and the e-mail address paid with, where it stands (no address);
// with the key of the e-mail's link, or a one-time code e-mailed to the order's address, the whole
// order and the right to change it. An unknown number and a wrong proof get the same 404 and
// message, so the answer never confirms that a number exists; a small budget per client keeps
// anyone from trying numbers, and a code allows only a few tries of its own.
// POST /api/orders/access-code: e-mails that code. The same 202 whether or not the number and
// address match, so it confirms nothing either.
export default async function orderLookupRoutes(app: FastifyInstance) {
  const budget = { rateLimit: { max: ORDER_LOOKUP_RATE_LIMIT_PER_MIN, timeWindow: '1 minute' } };

  /** The order and what the proof opens of it; the key to hand over when a code opened it. */
  async function opened(body: OrderLookupRequest, uid: string | null) {
    const order = await app.orders.findByNumber(body.number);
    if (body.code === undefined) return { order, access: orderAccess(order, body, uid), key: undefined };
    const redeemed = order ? await app.orderCodes.redeem(order.id, body.code) : false;
    return { order, access: redeemed ? ('full' as OrderAccess) : null, key: redeemed ? order?.accessKey : undefined };
  }

  function missMessage(body: OrderLookupRequest): string {
    if (body.key !== undefined) return MESSAGES.orderLinkNotFound;
    return body.code !== undefined ? MESSAGES.orderCodeWrong : MESSAGES.orderLookupNotFound;
  }

  app.withTypeProvider<ZodTypeProvider>().post(
    '/lookup',
    {
      config: budget,
      schema: {
        tags: ['orders'],
        summary: 'Find an order by its number and the e-mail address, link key or one-time code',
        body: orderLookupRequestSchema,
        response: { 200: orderLookupResponseSchema },
      },
    },
    async (request, reply) => {
      const { order, access, key } = await opened(request.body, await signedInUid(request));
      // The e-mail link's key names one order: a wrong or old one says so, not "check the e-mail".
      if (!order?.number || !access) throw new AppError('not-found', missMessage(request.body));
      const numbered = order as Order & { number: string };
      const view = await withLineChoices(app, order, shopperOrderView(numbered, access));
      return reply.header('cache-control', 'private, no-store').send({ order: view, ...(key ? { key } : {}) });
    },
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    '/access-code',
    {
      config: budget,
      schema: {
        tags: ['orders'],
        summary: "E-mail a one-time code that opens the order, to the order's own address",
        body: orderCodeRequestSchema,
        response: { 202: orderCodeSentSchema },
      },
    },
    async (request, reply) => {
      const order = await app.orders.findByNumber(request.body.number);
      const matches = orderAccess(order, request.body, null) !== null;
      // Still the same 202 whatever happens: a refusal only for a matching order would confirm the match.
      if (order && matches) await app.orderCodes.send(order.id, request.log);
      return reply.code(202).header('cache-control', 'no-store').send({ message: MESSAGES.orderCodeSent });
    },
  );
}
