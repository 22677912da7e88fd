import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { OrderService } from './order-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The orders as the routes read and change them. */
    orders: OrderService;
  }
}

async function ordersPlugin(app: FastifyInstance) {
  app.decorate('orders', new OrderService(app.orderRecords));
}

export default fp(ordersPlugin, { name: 'orders', dependencies: ['infrastructure'] });
