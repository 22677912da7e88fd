import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import { AppError, MESSAGES } from '@shop/shared';
import { cookieProbeOrigins } from '@shop/shared/server/config';
import { isSiteOrigin } from './site-origin.js';
import { isServerPath } from './server-paths.js';

// Security headers, CORS limited to PUBLIC_URL, and a per-client request budget.
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
        scriptSrc: ["'self'", 'https://js.stripe.com', 'https://apis.google.com'],
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
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
  );
  await app.register(cors, {
    origin: (requestOrigin, cb) => cb(null, !requestOrigin || isSiteOrigin(config.PUBLIC_URL, requestOrigin)),
    credentials: true,
    exposedHeaders: ['ETag'],
  });
  await app.register(rateLimit, {
    max: config.RATE_LIMIT_PER_MIN,
    timeWindow: '1 minute',
    // Static files and pages are not API requests (DESIGN.md 12.5): a page's dozen assets must not
    // spend the budget of everyone behind the same address.
    allowList: (request) => !isServerPath(request.url),
    // Thrown by the plugin, so the one error handler renders it like every other error.
    errorResponseBuilder: (_request, context) =>
      new AppError('resource-exhausted', `${MESSAGES.rateLimited} (retry after ${context.after})`),
  });
}

export default fp(security, { name: 'security' });
