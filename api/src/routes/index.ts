import type { FastifyInstance } from 'fastify';
import healthRoutes from './health/index.js';
import blogRoutes from './blog/index.js';
import quoteRoutes from './quotes/index.js';
import cartRoutes from './cart/index.js';
import publicConfigRoutes from './public-config/index.js';
import checkoutRoutes from './checkout/index.js';
import orderRoutes from './orders/index.js';
import stripeWebhookRoutes from './webhooks/stripe/index.js';
import productRoutes from './products/index.js';
import printfulRoutes from './printful/index.js';
import adminRoutes from './admin/index.js';
import accountRoutes from './account/index.js';
import authRoutes from './auth/index.js';
import printfulWebhookRoutes from './webhooks/printful/index.js';
import queueDashboard from '../plugins/queue-dashboard.js';
import cookieProbeRoutes from './cookie-probe/index.js';
import metricsRoutes from './metrics/index.js';
import storeFormRoutes from './store-forms/index.js';
import teamOrderRoutes from './team-orders/index.js';
import cartRestoreRoutes from './cart-restore/index.js';
import emailRoutes from './email/index.js';
import pictureRoutes from './pictures/index.js';
import { THIRD_PARTY_COOKIE_CHECK } from '@shop/shared/schemas';

type RoutePlugin = (app: FastifyInstance) => Promise<void>;

/** The API's route modules by the path under /api they serve. */
const apiRoutes: Record<string, RoutePlugin> = {
  health: healthRoutes,
  blog: blogRoutes,
  quotes: quoteRoutes,
  cart: cartRoutes,
  config: publicConfigRoutes,
  checkout: checkoutRoutes,
  orders: orderRoutes,
  'webhooks/stripe': stripeWebhookRoutes,
  products: productRoutes,
  printful: printfulRoutes,
  admin: adminRoutes,
  account: accountRoutes,
  auth: authRoutes,
  'webhooks/printful': printfulWebhookRoutes,
  'team-orders': teamOrderRoutes,
  'cart/restore': cartRestoreRoutes,
  email: emailRoutes,
  pictures: pictureRoutes,
};

// Every route module, with its prefix, in registration order. Each feature registers its plugin
// here with one line.
export const routes: Array<{ plugin: RoutePlugin; prefix: string }> = [
  ...Object.entries(apiRoutes).map(([path, plugin]) => ({ plugin, prefix: `/api/${path}` })),
  { plugin: queueDashboard, prefix: '/admin/queues' },
  { plugin: cookieProbeRoutes, prefix: THIRD_PARTY_COOKIE_CHECK.path },
  // Names its own path: a /metrics prefix would answer /metrics/ too.
  { plugin: metricsRoutes, prefix: '' },
  // The server-rendered pages' forms, at the addresses the pages post to.
  { plugin: storeFormRoutes, prefix: '' },
];
