import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, MESSAGES } from '@shop/shared';
import { SITE, escapeHtml as escape } from '@shop/shared/pages';
import { unsubscribeQuerySchema } from '@shop/shared/schemas';
import { acceptFormBodies } from '../../services/forms/form-guard.js';

// /api/email/unsubscribe?token=... (docs/recovery.md, RFC 8058). The abandoned-checkout e-mail
// names this address in List-Unsubscribe with List-Unsubscribe-Post: a mail client's one-click
// POST unsubscribes at once, with nothing more to do. A GET (a shopper's tap, or a link scanner
// fetching every link) only shows a page with a button that POSTs, so a scanner unsubscribes nobody.

export const UNSUBSCRIBED_TEXT = 'You are unsubscribed. We will not e-mail you about carts you leave again.';
export const UNSUBSCRIBE_BUTTON = 'Unsubscribe';

function page(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'",
    ).send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Unsubscribe — ${escape(SITE.name)}</title>
<style>body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#fbf8f4;color:#1d1a17;line-height:1.5}
header{padding:1rem;border-bottom:1px solid #e2d6ca;background:#fbf8f4}
header a{display:inline-flex;align-items:center;gap:.6rem;font-weight:800;font-size:1.2rem;color:#1d1a17;text-decoration:none}
main{max-width:32rem;margin:2.5rem auto;padding:1.5rem;background:#fff;border:1px solid #e2d6ca;border-radius:10px}
@media (max-width:34rem){main{margin:1.5rem 1rem}}
h1{font-size:1.5rem;margin:0 0 1rem}
button{font:inherit;font-weight:700;min-height:44px;padding:.7rem 1.4rem;border:0;border-radius:6px;background:#a4461a;color:#fff;cursor:pointer}
a{color:#85360f}</style></head>
<body><header><a href="/"><img src="/favicon.svg" width="32" height="32" alt="">${escape(SITE.name)}</a></header>
<main><h1>E-mails about carts you leave</h1>${body}<p><a href="/store">Back to the store</a></p></main></body></html>`);
}

/** A person's browser asks for a page; anything else gets the API's error format (docs/contracts.md). */
const wantsPage = (request: FastifyRequest) => /\btext\/html\b/.test(request.headers.accept ?? '');

/** A refusal as a page for a person, or in the error format for any other client. */
function refuse(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  if (!wantsPage(request)) throw error;
  return page(reply, error.status, `<p role="alert">${escape(error.message)}</p>`);
}

function tokenOf(query: unknown): string {
  const parsed = unsubscribeQuerySchema.safeParse(query);
  if (!parsed.success) throw new AppError('invalid-argument', MESSAGES.unsubscribeLinkInvalid);
  return parsed.data.token;
}

export default async function emailRoutes(app: FastifyInstance) {
  acceptFormBodies(app);
  const schema = {
    tags: ['email'],
    // Read loosely here and checked in the handler: a bad token gets the page's own answer.
    querystring: z.object({ token: z.string().max(200).optional() }),
  };

  app.get(
    '/unsubscribe',
    { schema: { ...schema, summary: 'The unsubscribe page: a button that POSTs here (nothing changes on GET)' } },
    async (request, reply) => {
      const parsed = unsubscribeQuerySchema.safeParse(request.query);
      if (!parsed.success)
        return refuse(request, reply, new AppError('invalid-argument', MESSAGES.unsubscribeLinkInvalid));
      const recovery = await app.recovery.byUnsubscribeToken(parsed.data.token);
      if (!recovery) return refuse(request, reply, new AppError('not-found', MESSAGES.unsubscribeLinkUnknown));
      const action = `/api/email/unsubscribe?token=${encodeURIComponent(parsed.data.token)}`;
      return page(
        reply,
        200,
        `<p>Stop e-mails about carts you leave, to <strong>${escape(recovery.email)}</strong>?</p>
<form method="post" action="${escape(action)}"><button type="submit">${UNSUBSCRIBE_BUTTON}</button></form>`,
      );
    },
  );

  app.post(
    '/unsubscribe',
    { schema: { ...schema, summary: 'One-click unsubscribe (RFC 8058): records the address in emailOptOuts' } },
    async (request, reply) => {
      const token = tokenOf(request.query);
      const recovery = await app.recovery.byUnsubscribeToken(token);
      if (!recovery) throw new AppError('not-found', MESSAGES.unsubscribeLinkUnknown);
      const body = request.body as Record<string, string> | undefined;
      const oneClick = body?.['List-Unsubscribe'] === 'One-Click';
      await app.recovery.optOut(recovery.email, oneClick ? 'one-click' : 'page');
      return page(reply, 200, `<p role="status">${escape(UNSUBSCRIBED_TEXT)}</p>`);
    },
  );
}
