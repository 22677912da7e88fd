import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyCookie, { type CookieSerializeOptions } from '@fastify/cookie';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { AppError, MESSAGES } from '@shop/shared';
import type { Config } from '@shop/shared/server/config';
import { clientErrorBody, errorBody } from './error-handler.js';

// The operators' queue dashboard (bull-board) at /admin/queues, for admins only (docs/contracts.md#http-api). A browser that navigates here cannot send the Bearer header the API uses, so the
// SPA first calls POST /api/admin/session, which exchanges the admin's ID token for a Firebase
// session cookie (createSessionCookie): HttpOnly, SameSite=Strict, Secure in production, whose
// path is this dashboard and which expires with the session. It is not a bearer credential for
// the rest of the API (only this plugin reads it, with verifySessionCookie: signature, expiry,
// revocation, then the admin claim or users/{uid}.isAdmin), and SameSite=Strict keeps other sites
// from driving the dashboard's own actions (retry, clean) with it.
//
// Not wrapped with fastify-plugin on purpose: its hook must cover the dashboard's routes only.

export const DASHBOARD_PATH = '/admin/queues';
export const DASHBOARD_SESSION_COOKIE = '__session';
/** How long a dashboard session lasts; the cookie and the Firebase session expire together. */
export const DASHBOARD_SESSION_MAX_AGE_S = 3600;

export function dashboardSessionCookie(config: Config): CookieSerializeOptions {
  return {
    path: DASHBOARD_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: config.NODE_ENV === 'production' || new URL(config.PUBLIC_URL).protocol === 'https:',
    maxAge: DASHBOARD_SESSION_MAX_AGE_S,
  };
}

/** The admin page that makes a dashboard session and opens the dashboard (admin-sync-page.tsx). */
const OPEN_FROM_ADMIN = '/admin/sync?open=queues';

/** A browser's navigation to the dashboard's page, not a call from its script. */
function wantsPage(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0]!.replace(/\/+$/, '');
  return request.method === 'GET' && path === DASHBOARD_PATH && /text\/html/.test(request.headers.accept ?? '');
}

// Back to Sync, the admin page that opens the dashboard.
const BACK_LINK =
  '<a href="/admin/sync" style="position:fixed;right:1rem;bottom:1rem;z-index:1000;padding:.6rem 1rem;' +
  'border-radius:6px;background:#a4461a;color:#fff;font:600 14px/1.2 system-ui,sans-serif;text-decoration:none">' +
  '← Back to the admin</a>';

const WEB_FONT_LINK = /<link[^>]+href="https:\/\/fonts\.(?:googleapis|gstatic)\.com[^"]*"[^>]*>/g;

type DashboardAnswer = ReturnType<Parameters<FastifyAdapter['setErrorHandler']>[0]>;

/** Walked with a list, not by recursion: a body may nest 25,000 arrays deep, past the call stack. */
function holdsNul(body: unknown): boolean {
  const pending: unknown[] = [body];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string' && value.includes('\0')) return true;
    if (value && typeof value === 'object')
      for (const [key, inner] of Object.entries(value)) {
        if (key.includes('\0')) return true;
        pending.push(inner);
      }
  }
  return false;
}

export default async function queueDashboard(app: FastifyInstance) {
  await app.register(fastifyCookie);

  app.addHook('onRequest', async (request, reply) => {
    const session = request.cookies[DASHBOARD_SESSION_COOKIE];
    if (!request.headers.authorization && session) app.useSessionCookie(request, session);
    try {
      await app.requireAdmin(request);
    } catch (e) {
      // bull-board installs its own error handler in its scope; answer in the API's format here.
      // A typed or bookmarked address has no dashboard session yet: the admin page that opens the
      // dashboard makes one and comes back. Only without any session, so a refused one never loops.
      if (e instanceof AppError && e.status === 401 && !session && !request.headers.authorization && wantsPage(request))
        return reply.header('cache-control', 'no-store').redirect(OPEN_FROM_ADMIN, 303);
      if (e instanceof AppError) return reply.status(e.status).send(errorBody(e.code, e.message));
      throw e;
    }
  });

  // bull-board's own menu hides extra links behind a button; the way back to the back office
  // (docs/rules.md#the-back-office) is a plain link on top of its page instead. Its page also asks
  // Google Fonts for a stylesheet the site's content-security policy refuses (a console error on
  // every visit): that link is left out, and the dashboard reads in the system's fonts.
  app.addHook('onSend', async (_request, reply, payload) => {
    const html = String(reply.getHeader('content-type') ?? '').startsWith('text/html');
    if (!html || typeof payload !== 'string' || !payload.includes('</body>')) return payload;
    return payload.replace(WEB_FONT_LINK, '').replace('</body>', `${BACK_LINK}</body>`);
  });

  // bull-board turns a validation message into a translation key by splitting it at U+0000 and
  // parsing the rest as JSON, so a body whose strings hold that character ends in a 500 inside it.
  // No job's data edited by hand needs one; such a body is refused before bull-board reads it.
  app.addHook('preHandler', async (request, reply) => {
    if (holdsNul(request.body))
      return reply.status(400).send(errorBody('invalid-argument', MESSAGES.dashboardBodyInvalid));
  });

  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(DASHBOARD_PATH);
  createBullBoard({
    queues: Object.values(app.queues).map((queue) => new BullMQAdapter(queue)),
    serverAdapter,
    options: {
      uiConfig: {
        boardTitle: 'Studio shop queues',
        // The way back to the rest of the back office (docs/rules.md#the-back-office).
        miscLinks: [
          { text: 'Back to the admin', url: '/admin' },
          { text: 'Product sync', url: '/admin/sync' },
        ],
      },
    },
  });
  // What bull-board throws (a body that does not parse, an unsupported type) is answered in the
  // API's format: the client's mistakes with their 4xx, anything else as the API's own 500, logged
  // here and never with bull-board's raw error text.
  serverAdapter.setErrorHandler((error: Error & { statusCode?: number }) => {
    const status = error.statusCode ?? 500;
    // Its type lists fewer statuses than its adapter sends on (413, 415 among them).
    if (status >= 400 && status < 500)
      return { status, body: clientErrorBody(status, error.message) } as unknown as DashboardAnswer;
    app.log.error({ err: error }, 'queue dashboard request failed');
    return { status: 500, body: errorBody('internal', MESSAGES.internal) };
  });
  await app.register(serverAdapter.registerPlugin());
}
