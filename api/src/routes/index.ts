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
import printfulWebhookRoutes from './webhooks/printful/index.js';
import queueDashboard from '../plugins/queue-dashboard.js';
import cookieProbeRoutes from './cookie-probe/index.js';
import { THIRD_PARTY_COOKIE_CHECK } from '@shop/shared/schemas';

// Every route module, with its prefix. Each feature registers its plugin here with one line.
export const routes: Array<{ plugin: (app: FastifyInstance) => Promise<void>; prefix: string }> = [
  { plugin: healthRoutes, prefix: '/api/health' },
  { plugin: blogRoutes, prefix: '/api/blog' },
  { plugin: quoteRoutes, prefix: '/api/quotes' },
  { plugin: cartRoutes, prefix: '/api/cart' },
  { plugin: publicConfigRoutes, prefix: '/api/config' },
  { plugin: checkoutRoutes, prefix: '/api/checkout' },
  { plugin: orderRoutes, prefix: '/api/orders' },
  { plugin: stripeWebhookRoutes, prefix: '/api/webhooks/stripe' },
  { plugin: productRoutes, prefix: '/api/products' },
  { plugin: printfulRoutes, prefix: '/api/printful' },
  { plugin: adminRoutes, prefix: '/api/admin' },
  { plugin: printfulWebhookRoutes, prefix: '/api/webhooks/printful' },
  { plugin: queueDashboard, prefix: '/admin/queues' },
  { plugin: cookieProbeRoutes, prefix: THIRD_PARTY_COOKIE_CHECK.path },
];
