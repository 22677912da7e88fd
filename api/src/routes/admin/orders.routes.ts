import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, MESSAGES } from '@shop/shared';
import { canRetryFulfilment, ORDER_JOB_OPTIONS, retryFulfilmentJobId } from '@shop/shared/domain/order';
import {
  adminOrdersQuerySchema,
  adminOrdersResponseSchema,
  retryFulfilmentResponseSchema,
  type RetryFulfilmentJobData,
} from '@shop/shared/schemas';
import { listOrders } from '@shop/shared/server/orders';
import { ORDER_EVENT_JOBS } from '@shop/shared/server/queues';
import { storeRead } from '../../services/store/read-collection.js';
import { readOrder } from '../../services/orders/index.js';
import { adminOrderView } from '../../services/orders/order-views.js';

// The studio's orders (DESIGN.md 12.3): every order, filterable by status, with its Stripe and
// Printful references and event history, and a retry for a fulfilment that failed. The retry is
// a job on `orders`: the worker stays the only writer of orders. The caller is an admin.

const orderParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[\w-]+$/),
});

export default async function adminOrderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/orders',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every order, newest first, optionally of one status',
        querystring: adminOrdersQuerySchema,
        response: { 200: adminOrdersResponseSchema },
      },
    },
    async (request, reply) => {
      const orders = await storeRead(() => listOrders(app.store, request.query));
      return reply.header('cache-control', 'private, no-store').send({ orders: orders.map(adminOrderView) });
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
      const order = await storeRead(() => readOrder(app.store, request.params.id));
      if (!order) throw new AppError('not-found', MESSAGES.orderIdNotFound(request.params.id));
      if (!canRetryFulfilment(order))
        throw new AppError(
          'failed-precondition',
          MESSAGES.fulfilmentRetryNotNeeded(order.status, order.fulfilment.status),
        );
      const identity = await request.identity();
      const requestedAt = new Date().toISOString();
      const data: RetryFulfilmentJobData = {
        orderId: order.id,
        requestedBy: identity.kind === 'user' ? (identity.email ?? identity.uid) : 'unknown',
        requestedAt,
      };
      const jobId = retryFulfilmentJobId(order.id, requestedAt);
      try {
        await app.queues.orders.add(ORDER_EVENT_JOBS.retryFulfilment, data, { ...ORDER_JOB_OPTIONS, jobId });
      } catch {
        throw new AppError('unavailable', MESSAGES.queueUnavailable);
      }
      request.log.info({ orderId: order.id, jobId }, 'fulfilment retry queued');
      return reply.status(202).send({ queued: true as const, jobId });
    },
  );
}
