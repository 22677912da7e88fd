import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, MESSAGES } from '@shop/shared';
import {
  adminOrderDetailSchema,
  adminOrderParamsSchema as orderParamsSchema,
  adminOrdersQuerySchema,
  adminOrdersResponseSchema,
  extendHoldBodySchema,
  cancelRequestDecisionBodySchema,
  cancelRequestDecisionResponseSchema,
  holdChangedResponseSchema,
  refundAcceptedSchema,
  refundRequestSchema,
  resendAcceptedSchema,
  retryFulfilmentResponseSchema,
  type Order,
} from '@shop/shared/schemas';
import { studioDayEnd, studioDayStart, studioTimeZone } from '@shop/shared/domain/time';
import { adminOrderDetailView, adminOrderView } from '../../services/orders/order-views.js';
import { adminActor } from '../../services/admin/admin-actor.js';

// The studio's orders (docs/rules.md#after-payment, docs/rules.md#the-back-office): every order, searchable by number, e-mail or name
// and filterable by status, one order in full, and the actions on it: a Stripe refund, the
// confirmation e-mail again, a retry for a fulfilment that failed, a grace hold's end moved and a
// cancel request settled. The refund comes back as Stripe events and the e-mail and retry are jobs;
// every action is app.orderActions' (services/orders/order-actions.ts), which writes through the
// order module and queues the jobs. The caller is an admin (the plugin's onRequest hook); each
// action is logged with who.

export default async function adminOrderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const timeZone = studioTimeZone(app.config);

  r.get(
    '/orders',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every order, newest first, optionally of one status or waiting on the studio (attention)',
        querystring: adminOrdersQuerySchema,
        response: { 200: adminOrdersResponseSchema },
      },
    },
    async (request, reply) => {
      const { q, attention, from, to, ...filter } = request.query;
      // Days are the studio's: from its midnight starting `from` to its midnight ending `to`.
      const after = from ? studioDayStart(from, timeZone) : null;
      const before = to ? studioDayEnd(to, timeZone) : null;
      const placed = (o: Order) => (!after || o.createdAt >= after) && (!before || o.createdAt < before);
      const orders =
        q || attention || after || before
          ? await app.orders.search({ ...filter, attention, placed, q: q ?? '' })
          : await app.orders.list(filter);
      return reply.header('cache-control', 'private, no-store').send({ orders: orders.map(adminOrderView) });
    },
  );

  const orderOr404 = async (id: string): Promise<Order> => {
    const order = await app.orders.read(id);
    if (!order) throw new AppError('not-found', MESSAGES.orderIdNotFound(id));
    return order;
  };

  r.get(
    '/orders/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One order in full: address, items, amounts, provider links, refunds and events',
        params: orderParamsSchema,
        response: { 200: adminOrderDetailSchema },
      },
    },
    async (request, reply) => {
      const order = await orderOr404(request.params.id);
      return reply.header('cache-control', 'private, no-store').send(adminOrderDetailView(order));
    },
  );

  r.post(
    '/orders/:id/refund',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Refund the payment in Stripe, in part (amount in dollars) or in full, with Stripe's reason, the studio's note and whether the shopper is e-mailed; the Stripe webhook records it on the order",
        params: orderParamsSchema,
        body: refundRequestSchema,
        response: { 202: refundAcceptedSchema },
      },
    },
    async (request, reply) => {
      const order = await orderOr404(request.params.id);
      const by = await adminActor(request);
      const refund = await app.orderActions.refund(order, request.body, by);
      const { reason = 'requested_by_customer', tellCustomer = true } = request.body;
      request.log.info({ orderId: order.id, refund, by, reason, tellCustomer }, 'refund requested by the studio');
      return reply.status(202).send({ refund });
    },
  );

  r.post(
    '/orders/:id/resend-confirmation',
    {
      schema: {
        tags: ['admin'],
        summary: 'Send the order confirmation e-mail again (one per order a minute, however often clicked)',
        params: orderParamsSchema,
        response: { 202: resendAcceptedSchema },
      },
    },
    async (request, reply) => {
      const order = await orderOr404(request.params.id);
      const by = await adminActor(request);
      const jobId = await app.orderActions.resendConfirmation(order);
      request.log.info({ orderId: order.id, jobId, by }, 'order confirmation resent by the studio');
      return reply.status(202).send({ queued: true as const, jobId });
    },
  );

  r.post(
    '/orders/:id/retry-fulfilment',
    {
      schema: {
        tags: ['admin'],
        summary: 'Place or confirm again the Printful order of a paid order whose fulfilment failed',
        params: orderParamsSchema,
        response: { 202: retryFulfilmentResponseSchema },
      },
    },
    async (request, reply) => {
      const order = await orderOr404(request.params.id);
      const by = await adminActor(request);
      const jobId = await app.orderActions.retryFulfilment(order, by);
      request.log.info({ orderId: order.id, jobId, by }, 'fulfilment retry queued');
      return reply.status(202).send({ queued: true as const, jobId });
    },
  );

  // The grace period (docs/after-payment.md#the-grace-period-before-production): the studio ends a
  // hold now ("confirm now") or moves its end later ("extend hold"); app.orderActions records it
  // and queues the release at the new end.
  const moveHoldEnd = async (id: string, until: (current: string) => string, by: string) =>
    app.orderActions.moveHoldEnd(await orderOr404(id), until, by);

  r.post(
    '/orders/:id/release',
    {
      schema: {
        tags: ['admin'],
        summary: 'Send an order waiting out its grace period to print now',
        params: orderParamsSchema,
        response: { 202: holdChangedResponseSchema },
      },
    },
    async (request, reply) => {
      const by = await adminActor(request);
      const changed = await moveHoldEnd(request.params.id, () => new Date().toISOString(), by);
      request.log.info({ orderId: request.params.id, by, ...changed }, 'hold ended by the studio');
      return reply.status(202).send(changed);
    },
  );

  r.post(
    '/orders/:id/hold',
    {
      schema: {
        tags: ['admin'],
        summary: "Extend an order's grace period before it goes to print by some minutes",
        params: orderParamsSchema,
        body: extendHoldBodySchema,
        response: { 202: holdChangedResponseSchema },
      },
    },
    async (request, reply) => {
      const by = await adminActor(request);
      const minutes = request.body.minutes;
      const changed = await moveHoldEnd(
        request.params.id,
        (current) => new Date(Math.max(Date.parse(current), Date.now()) + minutes * 60_000).toISOString(),
        by,
      );
      request.log.info({ orderId: request.params.id, by, minutes, ...changed }, 'hold extended by the studio');
      return reply.status(202).send(changed);
    },
  );

  // A shopper's request to cancel after the grace period (docs/after-payment.md#the-studios-answer-to-a-request-to-cancel):
  // the studio accepts it (the rest of the payment refunded in full through Stripe; a Printful
  // order still pending is cancelled by the refund's own handling) or declines it (the order is
  // made); the answer is recorded once and the shopper is e-mailed either way.
  r.post(
    '/orders/:id/cancel-request',
    {
      schema: {
        tags: ['admin'],
        summary: "Accept (refund in full) or decline a shopper's request to cancel; the shopper is e-mailed",
        params: orderParamsSchema,
        body: cancelRequestDecisionBodySchema,
        response: { 202: cancelRequestDecisionResponseSchema },
      },
    },
    async (request, reply) => {
      const order = await orderOr404(request.params.id);
      const by = await adminActor(request);
      const decision = request.body.decision === 'accept' ? ('accepted' as const) : ('declined' as const);
      const refund = await app.orderActions.decideCancelRequest(order, decision, by);
      request.log.info({ orderId: order.id, by, decision, refund: refund?.id ?? null }, 'request to cancel answered');
      return reply.status(202).send({ decision, refundId: refund?.id ?? null });
    },
  );
}
