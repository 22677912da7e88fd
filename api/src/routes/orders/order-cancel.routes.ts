import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, MESSAGES, ORDER_LOOKUP_RATE_LIMIT_PER_MIN } from '@shop/shared';
import { orderCancelBodySchema, orderCancelResponseSchema, type OrderCancelBody } from '@shop/shared/schemas';
import { signedInUid } from '../../services/orders/order-proof.js';
import { ORDER_CHANGE_BUDGET } from './order-budgets.js';

/** What a miss answers: the confirmation page's session, the lookup's pair, or the e-mail link's key. */
function notFoundMessage(body: OrderCancelBody): string {
  if ('sessionId' in body) return MESSAGES.orderNotFound(body.sessionId);
  return body.key !== undefined ? MESSAGES.orderLinkNotFound : MESSAGES.orderCancelNotFound;
}

// POST /api/orders/cancel (docs/after-payment.md#the-grace-period-before-production): the shopper's
// "cancel" from the confirmation page (by its checkout session), the e-mail or the order lookup (by
// number and e-mail). Within the grace period the cancellation is recorded in one transaction
// against the scheduled release, and a worker job deletes the Printful draft, refunds in full and
// tells both sides; after it, the wish goes to the studio's waiting list. A second try, an unpaid
// or shipped order, and a number and e-mail that do not match are refused with why and what to do.
export default async function orderCancelRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/cancel',
    {
      config: {
        rateLimit: { max: ORDER_LOOKUP_RATE_LIMIT_PER_MIN, timeWindow: '1 minute', groupId: ORDER_CHANGE_BUDGET },
      },
      schema: {
        tags: ['orders'],
        summary: 'Cancel a paid order within its grace period, or ask the studio to cancel it after',
        body: orderCancelBodySchema,
        response: { 200: orderCancelResponseSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const order = await app.orders.named(body, await signedInUid(request));
      if (!order) throw new AppError('not-found', notFoundMessage(body));
      const result = await app.orders.requestCancellation(order.id);
      if (!result) throw new AppError('not-found', MESSAGES.orderCancelNotFound);
      const { decision } = result;
      if (decision.kind === 'refused') throw new AppError(decision.code, decision.message);
      const log = request.log.child({ orderId: order.id, cancellation: decision.kind });
      // The cancellation is recorded: a queue that is down now delays its refund, which the
      // order's release job queues again when the hold ends, but does not undo it.
      try {
        await app.orderActions.queueShopperCancellation(order.id, decision.kind);
      } catch (error) {
        log.error({ err: error }, 'cancellation recorded but its job could not be queued');
      }
      log.info('shopper cancellation');
      return reply.header('cache-control', 'private, no-store').send({
        outcome: decision.kind === 'cancel' ? ('cancelled' as const) : ('requested' as const),
        message: decision.kind === 'cancel' ? MESSAGES.orderCancelled : MESSAGES.orderCancelRequested,
      });
    },
  );
}
