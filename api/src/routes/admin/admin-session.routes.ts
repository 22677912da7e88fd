import type { FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import {
  DASHBOARD_SESSION_COOKIE,
  DASHBOARD_SESSION_MAX_AGE_S,
  dashboardSessionCookie,
} from '../../plugins/queue-dashboard.js';
import { bearerToken } from '../../plugins/identity.js';

// The queue dashboard's session (see plugins/queue-dashboard.ts): the SPA calls POST with the
// admin's Bearer token just before opening /admin/queues, and DELETE on sign-out.

export async function startDashboardSession(app: FastifyInstance) {
  await app.register(fastifyCookie);
  app.post(
    '/session',
    { schema: { summary: 'Open the queue dashboard: sets an HttpOnly cookie for /admin/queues' } },
    async (request, reply) => {
      // The admin hook has verified this very token; the cookie carries a session made from it,
      // never the token itself (a bearer credential for the whole API).
      const session = await app.createSessionCookie(bearerToken(request) as string, DASHBOARD_SESSION_MAX_AGE_S * 1000);
      return reply.setCookie(DASHBOARD_SESSION_COOKIE, session, dashboardSessionCookie(app.config)).status(204).send();
    },
  );
}

/** Anyone may clear the cookie (signing out must work with an expired token too). */
export async function endDashboardSession(app: FastifyInstance) {
  await app.register(fastifyCookie);
  app.delete('/session', { schema: { summary: 'Close the queue dashboard session' } }, async (_request, reply) => {
    return reply
      .clearCookie(DASHBOARD_SESSION_COOKIE, { ...dashboardSessionCookie(app.config), maxAge: 0 })
      .status(204)
      .send();
  });
}
