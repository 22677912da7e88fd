import type { FastifyInstance } from 'fastify';
import { PAGE_ROUTES } from '@shop/shared/pages';
import robotsRoute from './robots.route.js';
import sitemapRoute from './sitemap.route.js';
import blogFeedRoute from './blog-feed.route.js';
import blogPostRoute from './blog-post.route.js';
import productPageRoute from './product-page.route.js';
import storePageRoute from './store-page.route.js';
import cartPageRoute from './cart-page.route.js';
import staticPagesRoutes from './static-pages.routes.js';

/** The page routes that have data of their own; every other route of PAGE_ROUTES is static. */
const PAGES_WITH_DATA = {
  '/blog/:slug': blogPostRoute,
  '/store/product/:productId': productPageRoute,
  '/store': storePageRoute,
  '/store/cart': cartPageRoute,
} as const;

// What a crawler, a link preview or a browser gets before any script runs (docs/rules.md#search-engines-and-link-previews):
// robots.txt, the sitemap and the feed always; the SPA's pages when it is built (app.pages).
export default async function pageRoutes(app: FastifyInstance) {
  await app.register(robotsRoute);
  await app.register(sitemapRoute);
  await app.register(blogFeedRoute);
  const pages = app.pages;
  if (!pages) return;
  const isWithData = (path: string): path is keyof typeof PAGES_WITH_DATA => path in PAGES_WITH_DATA;
  for (const route of PAGE_ROUTES)
    if (isWithData(route.path)) await app.register(PAGES_WITH_DATA[route.path], { route, pages });
  await app.register(staticPagesRoutes, { routes: PAGE_ROUTES.filter((r) => !isWithData(r.path)), pages });
}
