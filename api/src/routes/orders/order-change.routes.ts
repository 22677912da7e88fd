import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, MESSAGES, ORDER_LOOKUP_RATE_LIMIT_PER_MIN } from '@shop/shared';
import { changeRefusal, graceChangeJobId, ORDER_JOB_OPTIONS } from '@shop/shared/domain/order';
import {
  orderChangeBodySchema,
  orderChangeResponseSchema,
  type OrderCancelBody,
  type OrderGraceJobData,
  type Order,
} from '@shop/shared/schemas';
import { ORDER_EVENT_JOBS } from '@shop/shared/server/queues';
import { changedVia } from '../../services/orders/order-proof.js';
import { orderEditFor } from '../../services/orders/order-change.js';
import { clientKey } from '../../plugins/client-key.js';
import { shopperOrderView } from '../../services/orders/index.js';
import { withLineChoices } from '../../services/orders/order-change-choices.js';

/** A paid order has its number; the view the lookup shows needs it. */
const isNumbered = (order: Order | null): order is Order & { number: string } => typeof order?.number === 'string';

function notFoundMessage(proof: OrderCancelBody): string {
  if ('sessionId' in proof) return MESSAGES.orderNotFound(proof.sessionId);
  return proof.key !== undefined ? MESSAGES.orderLinkNotFound : MESSAGES.orderChangeNotFound;
}

// POST /api/orders/change (docs/after-payment.md#changing-an-order-within-the-grace-period): within
// the grace period the shopper swaps a line's size or colour, or corrects the address, from the
// confirmation page, the lookup or the e-mail's link. The change is checked (catalogue, price,
// country, shipping quoted again), then recorded in one transaction on the order against the
// scheduled release and any other change; a worker job brings the Printful draft in line and
// e-mails both sides. Every refusal says why and what to do, and changes nothing.
export default async function orderChangeRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/change',
    {
      config: { rateLimit: { max: ORDER_LOOKUP_RATE_LIMIT_PER_MIN, timeWindow: '1 minute' } },
      schema: {
        tags: ['orders'],
        summary: "Swap a line's size or colour, or correct the address, of a paid order within its grace period",
        body: orderChangeBodySchema,
        response: { 200: orderChangeResponseSchema },
      },
    },
    async (request, reply) => {
      const { order: proof, basedOn, change } = request.body;
      const order = await app.orders.named(proof);
      if (!order) throw new AppError('not-found', notFoundMessage(proof));
      // Too late, cancelled or changed meanwhile: said before Printful is asked anything.
      const early = changeRefusal(order, basedOn);
      if (early) throw new AppError(early.code, early.message);
      const edit = await orderEditFor(app, order, change, changedVia(proof), clientKey(request.ip));
      const result = await app.orders.recordChange(order.id, basedOn, edit);
      if (!result) throw new AppError('not-found', notFoundMessage(proof));
      if (result.kind === 'refused') throw new AppError(result.code, result.message);
      const log = request.log.child({ orderId: order.id, change: change.kind, changeNumber: result.changeNumber });
      // The change is recorded: a queue that is down now delays the draft's update, which the
      // release brings in line before it confirms the order, but does not undo the change.
      try {
        const data: OrderGraceJobData = { orderId: order.id };
        await app.queues.orders.add(ORDER_EVENT_JOBS.graceChange, data, {
          ...ORDER_JOB_OPTIONS,
          jobId: graceChangeJobId(order.id, result.changeNumber),
        });
      } catch (error) {
        log.error({ err: error }, 'change recorded but its job could not be queued');
      }
      log.info('shopper changed the order');
      const changed = await app.orders.named(proof);
      if (!isNumbered(changed)) throw new AppError('not-found', notFoundMessage(proof));
      const view = await withLineChoices(app, changed, shopperOrderView(changed));
      return reply
        .header('cache-control', 'private, no-store')
        .send({ outcome: 'changed' as const, message: MESSAGES.orderChanged, order: view });
    },
  );
}
