import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createRefundsClient } from '../stripe/stripe-refunds.js';
import { OrderActions } from './order-actions.js';
import { OrderCodes } from './order-codes.js';
import { OrderService } from './order-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The orders as the routes read and change them. */
    orders: OrderService;
    /** What is done to an order with a job, Stripe or Redis behind it (refund, resend, retry, hold, cancel). */
    orderActions: OrderActions;
    /** The one-time codes that open a guest's order. */
    orderCodes: OrderCodes;
  }
}

async function ordersPlugin(app: FastifyInstance) {
  const orders = new OrderService(app.orderRecords);
  const prefix = app.config.QUEUE_PREFIX;
  app.decorate('orders', orders);
  app.decorate(
    'orderActions',
    new OrderActions({ orders, queues: app.queues, redis: app.redis, prefix, stripe: createRefundsClient(app.config) }),
  );
  app.decorate('orderCodes', new OrderCodes({ queues: app.queues, redis: app.redis, prefix }));
}

export default fp(ordersPlugin, { name: 'orders', dependencies: ['infrastructure'] });
