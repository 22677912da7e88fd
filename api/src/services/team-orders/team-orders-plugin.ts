import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { studioTimeZone } from '@shop/shared/domain/time';
import { TeamOrderService } from './team-order-service.js';

// One team-order service for the app (docs/rules.md#team-orders); it fills the lead's cart through
// the one cart service, so a team order is paid like any other cart.

declare module 'fastify' {
  interface FastifyInstance {
    teamOrders: TeamOrderService;
  }
}

async function teamOrdersPlugin(app: FastifyInstance) {
  app.decorate(
    'teamOrders',
    new TeamOrderService(
      app.store,
      () => app.productLookup,
      () => app.carts,
      studioTimeZone(app.config as unknown as { STUDIO_TIMEZONE?: unknown }),
    ),
  );
}

export default fp(teamOrdersPlugin, { name: 'team-orders', dependencies: ['infrastructure', 'catalog', 'cart'] });
