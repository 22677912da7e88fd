import type { FastifyInstance } from 'fastify';
import { THIRD_PARTY_COOKIE_CHECK } from '@shop/shared/schemas';
import { siteOrigins } from '../../plugins/site-origin.js';

// The frame the SPA loads from COOKIE_PROBE_ORIGIN (another site) to learn whether the browser
// keeps third-party cookies: it tries to keep one and tells its parent. Only this site's pages may
// frame it; it holds nothing else and reads no input.

const CHECK_SCRIPT = `(function () {
  var name = ${JSON.stringify(THIRD_PARTY_COOKIE_CHECK.cookie)};
  var kept = false;
  try {
    document.cookie = name + '=1; Max-Age=60; Path=/; SameSite=None; Secure';
    kept = document.cookie.indexOf(name + '=1') !== -1;
    document.cookie = name + '=; Max-Age=0; Path=/; SameSite=None; Secure';
  } catch (e) {
    kept = false;
  }
  // Any parent may read the answer: it says only whether this browser keeps third-party cookies,
  // which a page framing this one could find out itself.
  parent.postMessage({ type: ${JSON.stringify(THIRD_PARTY_COOKIE_CHECK.messageType)}, cookiesKept: kept }, '*');
})();
`;

const CHECK_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cookie check</title><script src="${THIRD_PARTY_COOKIE_CHECK.path}/check.js"></script></head><body></body></html>`;

export default async function cookieProbeRoutes(app: FastifyInstance) {
  const frameAncestors = siteOrigins(app.config.PUBLIC_URL).join(' ');
  const policy = `default-src 'none'; script-src 'self'; frame-ancestors ${frameAncestors}`;
  app.get('/', { schema: { hide: true } }, async (_request, reply) => {
    // The helmet headers say "same origin only"; this one page is meant to be framed by the site.
    reply.raw.removeHeader('x-frame-options');
    return reply
      .header('content-security-policy', policy)
      .header('cache-control', 'public, max-age=86400')
      .type('text/html; charset=utf-8')
      .send(CHECK_PAGE);
  });
  app.get('/check.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=86400').type('text/javascript; charset=utf-8').send(CHECK_SCRIPT),
  );
}
