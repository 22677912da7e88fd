import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, ORDER_LOOKUP_RATE_LIMIT_PER_MIN } from '@shop/shared';
import { changeRefusal } from '@shop/shared/domain/order';
import { orderChangeBodySchema, orderChangeResponseSchema, orderUndoBodySchema } from '@shop/shared/schemas';
import { changedVia, signedInUid } from '../../services/orders/order-proof.js';
import { orderEditFor, undoEditFor } from '../../services/orders/order-change.js';
import { applyShopperChange, changeNotFoundMessage } from '../../services/orders/order-change-apply.js';
import { clientKey } from '../../plugins/client-key.js';
import { ORDER_CHANGE_BUDGET } from './order-budgets.js';

// POST /api/orders/change (docs/after-payment.md#changing-an-order-within-the-grace-period): within
// the grace period the shopper swaps a line's size or colour, or corrects the address, from the
// confirmation page, the e-mail's link or their account. The change is checked (catalogue, price,
// country, shipping quoted again), then recorded in one transaction on the order against the
// scheduled release and any other change; a worker job brings the Printful draft in line and
// e-mails both sides. Every refusal says why and what to do, and changes nothing.
// POST /api/orders/undo-change: the change e-mail's way back, putting back the address the latest
// change replaced (docs/after-payment.md#who-may-change-an-order). Both need a key the buyer
// holds (order-proof.ts) and share the change budget.
export default async function orderChangeRoutes(app: FastifyInstance) {
  const budget = { max: ORDER_LOOKUP_RATE_LIMIT_PER_MIN, timeWindow: '1 minute', groupId: ORDER_CHANGE_BUDGET };
  app.withTypeProvider<ZodTypeProvider>().post(
    '/change',
    {
      config: { rateLimit: budget },
      schema: {
        tags: ['orders'],
        summary: "Swap a line's size or colour, or correct the address, of a paid order within its grace period",
        body: orderChangeBodySchema,
        response: { 200: orderChangeResponseSchema },
      },
    },
    async (request, reply) => {
      const { order: proof, basedOn, change } = request.body;
      const uid = await signedInUid(request);
      const order = await app.orders.named(proof, uid);
      if (!order) throw new AppError('not-found', changeNotFoundMessage(proof));
      // Too late, cancelled or changed meanwhile: said before Printful is asked anything.
      const early = changeRefusal(order, basedOn);
      if (early) throw new AppError(early.code, early.message);
      const edit = await orderEditFor(app, order, change, changedVia(proof), clientKey(request.ip));
      const answer = await applyShopperChange(app, request.log, { order, proof, uid }, basedOn, edit);
      return reply.header('cache-control', 'private, no-store').send(answer);
    },
  );
  app.withTypeProvider<ZodTypeProvider>().post(
    '/undo-change',
    {
      config: { rateLimit: budget },
      schema: {
        tags: ['orders'],
        summary: 'Put back the address the latest change replaced, within the grace period',
        body: orderUndoBodySchema,
        response: { 200: orderChangeResponseSchema },
      },
    },
    async (request, reply) => {
      const { order: proof, change } = request.body;
      const uid = await signedInUid(request);
      const order = await app.orders.named(proof, uid);
      if (!order) throw new AppError('not-found', changeNotFoundMessage(proof));
      const edit = undoEditFor(order, change, changedVia(proof));
      const early = changeRefusal(order, change);
      if (early) throw new AppError(early.code, early.message);
      const answer = await applyShopperChange(app, request.log, { order, proof, uid }, change, edit);
      return reply.header('cache-control', 'private, no-store').send(answer);
    },
  );
}
