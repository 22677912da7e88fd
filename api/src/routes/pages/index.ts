import type { FastifyInstance } from 'fastify';
import { EXTRA_PAGE_PATHS, EXTRA_STOREFRONT_PATHS, PAGE_ROUTES, productPath, STORE_PATH } from '@shop/shared/pages';
import robotsRoute from './robots.routes.js';
import sitemapRoute from './sitemap.routes.js';
import blogFeedRoute from './blog-feed.routes.js';
import productFeedRoute from './product-feed.routes.js';
import blogPostRoute from './blog-post.routes.js';
import productPageRoute from './product-page.routes.js';
import storePageRoute from './store-page.routes.js';
import cartPageRoute from './cart-page.routes.js';
import staticPagesRoutes from './static-pages.routes.js';
import { NO_RATE_LIMIT } from './page-route-config.js';

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
  await app.register(productFeedRoute);
  const pages = app.pages;
  if (!pages) return;
  const isWithData = (path: string): path is keyof typeof PAGES_WITH_DATA => path in PAGES_WITH_DATA;
  // In production a shopper never lands on the developer pages (not found) or the spec's extra
  // storefronts (sent on to the store, so an old link still ends somewhere useful).
  const production = app.config.NODE_ENV === 'production';
  const served = production ? PAGE_ROUTES.filter((r) => !EXTRA_PAGE_PATHS.includes(r.path)) : PAGE_ROUTES;
  if (production)
    for (const path of EXTRA_STOREFRONT_PATHS)
      app.get<{ Params: { productId?: string } }>(path, NO_RATE_LIMIT, async (request, reply) =>
        // An old product link ends on that product's page, any other on the store.
        reply.redirect(request.params.productId ? productPath(request.params.productId) : STORE_PATH, 301),
      );
  for (const route of served)
    if (isWithData(route.path)) await app.register(PAGES_WITH_DATA[route.path], { route, pages });
  await app.register(staticPagesRoutes, { routes: served.filter((r) => !isWithData(r.path)), pages });
}
