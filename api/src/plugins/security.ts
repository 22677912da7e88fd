import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import helmet from 'helmet';
import cors from '@fastify/cors';
import { cookieProbeOrigins } from '@shop/shared/server/config';
import { SESSION_HINT_SCRIPT } from '@shop/shared/pages';
import { isSiteOrigin } from './site-origin.js';

// Security headers and CORS limited to PUBLIC_URL (the request budget is rate-limit.ts).

/** Where the site's public pictures are served from (web/public/images). */
const PUBLIC_IMAGES = '/images/';

/** The one inline script of the pages, allowed by its hash (shared/src/pages/session-hint.ts). */
const sessionHintHash = `'sha256-${createHash('sha256').update(SESSION_HINT_SCRIPT).digest('base64')}'`;

async function security(app: FastifyInstance) {
  const { config } = app;
  const sandboxOrigins = [config.PRINTFUL_API_URL, config.STRIPE_API_URL].map((u) => new URL(u).origin);
  const authEmulator = config.FIREBASE_AUTH_EMULATOR_HOST ? [`http://${config.FIREBASE_AUTH_EMULATOR_HOST}`] : [];
  // Built once and applied per request: @fastify/helmet rebuilt the middleware, parsing every CSP
  // directive again, on each request (about 4% of the API's time under load).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...sandboxOrigins],
        connectSrc: ["'self'", ...authEmulator, 'https://*.googleapis.com', 'https://*.firebaseapp.com'],
        scriptSrc: ["'self'", sessionHintHash, 'https://js.stripe.com', 'https://apis.google.com'],
        frameSrc: [
          "'self'",
          'https://js.stripe.com',
          'https://*.firebaseapp.com',
          ...cookieProbeOrigins(config.COOKIE_PROBE_ORIGIN, config.PUBLIC_URL),
        ],
        styleSrc: ["'self'", "'unsafe-inline'"],
        formAction: ["'self'", ...sandboxOrigins, 'https://checkout.stripe.com'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error?: unknown) => {
      // The shop's own pictures (the e-mails' logo, the link-preview card, the blog's images) are
      // shown by other sites: a webmail page loads an e-mail's logo from its own origin.
      if (request.url.startsWith(PUBLIC_IMAGES)) reply.raw.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      done(error as Error | undefined);
    }),
  );
  await app.register(cors, {
    origin: (requestOrigin, cb) => cb(null, !requestOrigin || isSiteOrigin(config.PUBLIC_URL, requestOrigin)),
    credentials: true,
    exposedHeaders: ['ETag'],
  });
}

export default fp(security, { name: 'security' });
