import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { AppError, MESSAGES } from '@shop/shared';
import { isFormPost, isServerPath } from './server-paths.js';
import { sharedRateLimitStore } from './rate-limit-store.js';
import { clientKey } from './client-key.js';

// A per-client request budget over every API replica (counters in Redis, docs/rules.md#production-for-real).
async function requestBudget(app: FastifyInstance) {
  const { config } = app;
  await app.register(rateLimit, {
    max: config.RATE_LIMIT_PER_MIN,
    timeWindow: '1 minute',
    store: sharedRateLimitStore(app.redis, config.QUEUE_PREFIX),
    // One budget per client, not per address: an IPv6 client's whole /64 shares it.
    keyGenerator: (request) => clientKey(request.ip),
    // Static files and pages are not API requests (docs/rules.md#bytes-and-budgets): a page's dozen assets must not
    // spend the budget of everyone behind the same address.
    // Judged on the route the router matched (`/api/quotes` for `/%61pi/quotes` too) and on the
    // decoded address, so no spelling of an address escapes the limit (docs/rules.md#money-and-abuse).
    // A page's form post counts as the API request it stands for.
    allowList: (request) =>
      !isServerPath(request.routeOptions.url ?? '') &&
      !isServerPath(request.url) &&
      !isFormPost(request.method, request.routeOptions.url ?? '') &&
      !isFormPost(request.method, request.url),
    // Thrown by the plugin, so the one error handler renders it like every other error.
    errorResponseBuilder: (_request, context) =>
      new AppError('resource-exhausted', `${MESSAGES.rateLimited} (retry after ${context.after})`),
  });
}

export default fp(requestBudget, { name: 'rate-limit', dependencies: ['infrastructure'] });
