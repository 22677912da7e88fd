import type { FastifyInstance } from 'fastify';
import teamOrderLeadRoutes from './lead.routes.js';
import teamOrderLinkRoutes from './link.routes.js';

// /api/team-orders (docs/contracts.md#team-orders): the lead's routes and the link's routes. They
// only route: the work, the change announcements and the lead's reminder are app.teamOrders'.
export default async function teamOrderRoutes(app: FastifyInstance) {
  await app.register(teamOrderLeadRoutes);
  await app.register(teamOrderLinkRoutes);
}
