import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from '@shop/shared/server/config';
import { loggerOptions } from '@shop/shared/server/logger';
import type { FullDocumentStore } from '@shop/shared/server/store';
import { frameworkErrorHandler, installErrorHandler } from './plugins/error-handler.js';
import infrastructure from './plugins/infrastructure.js';
import identity from './plugins/identity.js';
import catalog from './services/catalog/catalog-plugin.js';
import cart from './services/cart/cart-plugin.js';
import shipping from './services/shipping/shipping-plugin.js';
import sizeGuide from './services/size-guide/size-guide-plugin.js';
import checkout from './services/checkout/checkout-plugin.js';
import orders from './services/orders/orders-plugin.js';
import quotes from './services/quotes/quotes-plugin.js';
import account from './services/account/account-plugin.js';
import syncJobs from './services/sync/sync-jobs-plugin.js';
import stripeEvents from './services/stripe/stripe-events-plugin.js';
import metricsScrape from './services/metrics/metrics-scrape-plugin.js';
import recovery from './services/recovery/recovery-plugin.js';
import teamOrders from './services/team-orders/index.js';
import discounts from './services/discounts/discount-plugin.js';
import localPrices from './services/currency/currency-plugin.js';
import security from './plugins/security.js';
import rateLimit from './plugins/rate-limit.js';
import openapi from './plugins/openapi.js';
import webApp from './plugins/web-app.js';
import compression from './plugins/compression.js';
import notFound from './plugins/not-found.js';
import blog from './services/blog/blog-plugin.js';
import pages from './services/pages/pages-plugin.js';
import metrics from './plugins/metrics.js';
import { routes } from './routes/index.js';
import pageRoutes from './routes/pages/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export interface BuildAppOptions {
  config: Config;
  /** A store to use instead of opening one from the config (tests, benchmarks). */
  store?: FullDocumentStore;
  /** Logger settings; defaults from the config (pretty in a terminal, JSON otherwise). */
  logger?: FastifyServerOptions['logger'];
  /** Serve the built SPA (default true). */
  serveWeb?: boolean;
}

export const BODY_LIMIT_BYTES = 64 * 1024;
/**
 * A request (headers and body) must have arrived within this time, else 408 and the connection is
 * closed: a body declared and never sent held a connection for minutes. Checked every second.
 */
export const REQUEST_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_CHECK_MS = 1_000;
const MAX_PARAM_LENGTH = 200;

/** Logger settings for the API: the shared set-up (redaction, pretty in a terminal). */
export function defaultLogger(config: Config): FastifyServerOptions['logger'] {
  return loggerOptions(config) as FastifyServerOptions['logger'];
}

/** TRUST_PROXY=n: the n proxies nearest the API name the client (proxy-addr's hop count). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** The whole request pipeline: external plugins, then the app's services, then the routes. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? defaultLogger(config),
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: REQUEST_TIMEOUT_MS,
    http: { headersTimeout: REQUEST_TIMEOUT_MS, connectionsCheckingInterval: REQUEST_TIMEOUT_CHECK_MS },
    // Off unless configured: otherwise any client names its own address (and rate-limit key).
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    genReqId: () => crypto.randomUUID(),
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: frameworkErrorHandler(MAX_PARAM_LENGTH),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  installErrorHandler(app);

  await app.register(security);
  await app.register(compression);
  await app.register(infrastructure, { store: options.store });
  await app.register(rateLimit);
  await app.register(openapi);
  await app.register(identity);
  await app.register(catalog);
  await app.register(localPrices);
  await app.register(cart);
  await app.register(shipping);
  await app.register(sizeGuide);
  await app.register(discounts);
  await app.register(orders);
  await app.register(quotes);
  await app.register(account);
  await app.register(syncJobs);
  await app.register(stripeEvents);
  await app.register(checkout);
  await app.register(teamOrders);
  await app.register(blog);
  await app.register(metrics);
  await app.register(metricsScrape);
  await app.register(recovery);

  for (const { plugin, prefix } of routes) await app.register(plugin, { prefix });

  const serveWeb = options.serveWeb !== false;
  if (serveWeb) await app.register(webApp);
  await app.register(pages, { serveWeb });
  await app.register(pageRoutes);
  await app.register(notFound);
  return app;
}
