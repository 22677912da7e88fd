import { BLOG_FOLLOW_PATH, EXTRA_PAGE_PATHS, ORDER_STATUS_PATH, PASSWORD_RESET_PATH } from './paths.js';
import { PAGE_META as META, type PageMeta } from './page-meta.js';

// Every route of the SPA (docs/rules.md#screens-and-routes) with the title and description its page shows. The SPA
// sets them as the document's head after a navigation; the server writes the same head into the
// HTML it answers, so a crawler or a link preview reads the page's own title without running any
// script. Sitemap and robots.txt are derived from the same list.

/**
 * - `public`: for everyone, listed in the sitemap (unless its meta's `canonical` is another path).
 * - `unlisted`: reachable and indexable but not worth a sitemap entry (sign-in).
 * - `private`: a shopper's own cart, checkout or order: disallowed in robots.txt.
 * - `dev`: developer test pages: disallowed in robots.txt.
 */
export type PageVisibility = 'public' | 'unlisted' | 'private' | 'dev';

export interface PageRoute {
  /** The route's pattern, as the SPA's router writes it (`:param` for one segment). */
  path: string;
  meta: PageMeta;
  visibility: PageVisibility;
  /** Rendered to HTML at build time, so its main text is in the page before any script runs. */
  prerender?: boolean;
  /** The SPA's route module (web/src/app/routes/<module>.tsx): the server preloads its code. */
  module: string;
}

export const PAGE_ROUTES: readonly PageRoute[] = [
  { path: '/', meta: META.home, visibility: 'public', prerender: true, module: 'home' },
  { path: '/about', meta: META.about, visibility: 'public', prerender: true, module: 'about' },
  { path: '/team', meta: META.team, visibility: 'public', prerender: true, module: 'team' },
  { path: '/privacy', meta: META.privacy, visibility: 'public', prerender: true, module: 'privacy' },
  { path: '/clients', meta: META.clients, visibility: 'public', prerender: true, module: 'clients' },
  {
    path: '/templates',
    meta: META.clients,
    visibility: 'public',
    prerender: true,
    module: 'clients',
  },
  { path: '/hire', meta: META.hire, visibility: 'public', prerender: true, module: 'hire' },
  { path: '/packages', meta: META.packages, visibility: 'public', prerender: true, module: 'packages' },
  { path: '/packages/seasons', meta: META.seasons, visibility: 'public', prerender: true, module: 'seasons' },
  { path: '/service-details', meta: META.services, visibility: 'public', prerender: true, module: 'service-details' },
  { path: '/contact/quote', meta: META.quote, visibility: 'public', prerender: true, module: 'quote' },
  { path: '/blog', meta: META.blog, visibility: 'public', prerender: true, module: 'blog' },
  { path: BLOG_FOLLOW_PATH, meta: META.blogFollow, visibility: 'public', prerender: true, module: 'blog-follow' },
  { path: '/blog/:slug', meta: META.blogPost, visibility: 'public', prerender: true, module: 'blog-post' },
  { path: '/store', meta: META.store, visibility: 'public', module: 'store' },
  { path: '/products', meta: META.products, visibility: 'public', module: 'products' },
  { path: '/store/products', meta: META.products, visibility: 'public', module: 'products' },
  { path: '/storefront', meta: META.storefront, visibility: 'public', module: 'storefront' },
  { path: '/store/old', meta: META.storeOld, visibility: 'public', module: 'store-old' },
  { path: '/store/product/:productId', meta: META.product, visibility: 'public', module: 'product' },
  { path: '/store/printful', meta: META.printful, visibility: 'public', module: 'printful' },
  {
    path: '/printful-products',
    meta: META.printful,
    visibility: 'public',
    module: 'printful',
  },
  {
    path: '/store/printful/:productId',
    meta: META.printfulProduct,
    visibility: 'unlisted',
    module: 'printful-product',
  },
  { path: '/login', meta: META.login, visibility: 'private', module: 'login' },
  { path: '/store/cart', meta: META.cart, visibility: 'private', prerender: true, module: 'cart' },
  { path: '/checkout', meta: META.checkout, visibility: 'private', module: 'checkout' },
  { path: '/store/checkout', meta: META.checkout, visibility: 'private', module: 'checkout' },
  { path: '/store/confirmation', meta: META.confirmation, visibility: 'private', module: 'confirmation' },
  { path: '/order-confirmation', meta: META.confirmation, visibility: 'private', module: 'confirmation' },
  { path: '/store/order-success', meta: META.orderSuccess, visibility: 'private', module: 'order-success' },
  { path: '/success', meta: META.orderSuccess, visibility: 'private', module: 'order-success' },
  { path: '/account', meta: META.account, visibility: 'private', module: 'account' },
  // The reset e-mail's link carries a one-time code: never indexed, never in the sitemap.
  { path: PASSWORD_RESET_PATH, meta: META.passwordReset, visibility: 'private', module: 'password-reset' },
  // A team order's link is a secret: never indexed, never in the sitemap.
  { path: '/store/team/start', meta: META.teamOrderStart, visibility: 'private', module: 'team-order-start' },
  { path: '/store/team/lead/:id', meta: META.teamOrderLead, visibility: 'private', module: 'team-order-lead' },
  { path: '/store/team/:token', meta: META.teamOrderLink, visibility: 'private', module: 'team-order-link' },
  // The abandoned-checkout e-mail's link carries a secret token: never indexed.
  { path: '/store/cart/restore/:token', meta: META.cartRestore, visibility: 'private', module: 'cart-restore' },
  { path: ORDER_STATUS_PATH, meta: META.orderStatus, visibility: 'private', module: 'order-status' },
  { path: '/admin', meta: META.adminHome, visibility: 'private', module: 'admin-home' },
  { path: '/admin/customers', meta: META.adminCustomers, visibility: 'private', module: 'admin-customers' },
  {
    path: '/admin/customers/:customerKey',
    meta: META.adminCustomer,
    visibility: 'private',
    module: 'admin-customer',
  },
  { path: '/admin/quotes/:quoteId', meta: META.adminQuote, visibility: 'private', module: 'admin-quote' },
  { path: '/admin/sync', meta: META.adminSync, visibility: 'private', module: 'admin-sync' },
  { path: '/admin/orders', meta: META.adminOrders, visibility: 'private', module: 'admin-orders' },
  { path: '/admin/orders/:orderId', meta: META.adminOrder, visibility: 'private', module: 'admin-order' },
  { path: '/admin/quotes', meta: META.adminQuotes, visibility: 'private', module: 'admin-quotes' },
  { path: '/admin/reports', meta: META.adminReports, visibility: 'private', module: 'admin-reports' },
  { path: '/admin/team-orders', meta: META.adminTeamOrders, visibility: 'private', module: 'admin-team-orders' },
  { path: '/admin/discounts', meta: META.adminDiscounts, visibility: 'private', module: 'admin-discounts' },
  { path: '/api-test', meta: META.apiTest, visibility: 'dev', module: 'api-test' },
  { path: '/network-test', meta: META.networkTest, visibility: 'dev', module: 'network-test' },
  { path: '/firestore-test', meta: META.liveDataTest, visibility: 'dev', module: 'firestore-test' },
];

/** The not-found page's route module (the router's catch-all). */
export const NOT_FOUND_MODULE = 'not-found';

// The two lists below are computed by calls marked pure, so a bundle that takes only a path
// constant from this module (the SPA's layout) leaves the route table out of its first script.

/** The sitemap's fixed routes: public, without parameters, and not an alias of another path. */
export const SITEMAP_PATHS: readonly string[] = /* @__PURE__ */ sitemapPaths();
function sitemapPaths(): string[] {
  // The extra storefronts are not the store's address: production sends them on to it.
  return PAGE_ROUTES.filter(
    (r) =>
      r.visibility === 'public' &&
      !r.path.includes(':') &&
      (r.meta.canonical ?? r.path) === r.path &&
      !EXTRA_PAGE_PATHS.includes(r.path),
  ).map((r) => r.path);
}

/**
 * What robots.txt disallows: the API only. Pages that must stay out of search results say so
 * themselves (`noindex`), and a crawler kept away from a page never reads that, so a page linked
 * from elsewhere could still be listed without its content.
 */
export const ROBOTS_DISALLOW: readonly string[] = ['/api/'];
