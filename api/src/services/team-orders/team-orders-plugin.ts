import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@shop/shared';
import { studioTimeZone } from '@shop/shared/domain/time';
import { routeEventStreams, type EventStreams } from '../sse/server-sent-events.js';
import { TeamOrderService } from './team-order-service.js';

// One team-order service for the app (docs/rules.md#team-orders); it fills the lead's cart through
// the one cart service, so a team order is paid like any other cart. Every change is announced on
// the Redis event channel (`team-order.changed`, the id only), which every API replica receives:
// the lead's live lists, wherever they are open, follow it. The lead's reminder is queued by the
// service too, not by a route.

declare module 'fastify' {
  interface FastifyInstance {
    teamOrders: TeamOrderService;
    /** The leads' live lists: the live catalogue's caps per client and per process, their own count. */
    teamOrderStreams: EventStreams;
  }
}

async function teamOrdersPlugin(app: FastifyInstance) {
  const announce = (id: string) => {
    // The change is saved whatever Redis says: a list that misses it catches up when it reconnects.
    app.eventBus
      .publish({ type: 'team-order.changed', id })
      .catch((err: unknown) => app.log.warn({ err, teamOrderId: id }, 'could not announce a team order change'));
  };
  app.decorate(
    'teamOrders',
    new TeamOrderService({
      records: app.teamOrderRecords,
      lookup: () => app.productLookup,
      carts: () => app.carts,
      queues: app.queues,
      log: app.log,
      timeZone: studioTimeZone(app.config),
      now: () => new Date(),
      announce,
    }),
  );
  app.decorate(
    'teamOrderStreams',
    routeEventStreams(app, {
      maxOpen: app.config.STREAM_MAX_CONNECTIONS,
      maxPerClient: app.config.STREAM_MAX_PER_CLIENT,
      messages: { perClient: MESSAGES.teamOrderStreamPerClientLimit, atCapacity: MESSAGES.teamOrderStreamsAtCapacity },
    }),
  );
}

export default fp(teamOrdersPlugin, { name: 'team-orders', dependencies: ['infrastructure', 'catalog', 'cart'] });
