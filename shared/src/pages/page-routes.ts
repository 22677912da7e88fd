import { MESSAGES } from '../errors/index.js';
import { PASSWORD_RESET_CODE_PARAM, PASSWORD_RESET_NEXT_PARAM } from '../constants/password-reset.js';
import { BLOG_FOLLOW_PATH, EXTRA_PAGE_PATHS, ORDER_STATUS_PATH, PASSWORD_RESET_PATH } from './paths.js';
import { SITE } from './site.js';

// Every route of the SPA (docs/rules.md#screens-and-routes) with the title and description its page shows. The SPA
// sets them as the document's head after a navigation; the server writes the same head into the
// HTML it answers, so a crawler or a link preview reads the page's own title without running any
// script. Sitemap and robots.txt are derived from the same list.

export interface PageMeta {
  /** The page's own title; the home page has none and gets the studio's full title. */
  title?: string;
  description: string;
  /** The path search engines should index instead, for a page shown at several addresses. */
  canonical?: string;
  /** A shopper's own page, an admin or developer page: asks search engines not to index it. */
  noindex?: true;
}

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

const META = {
  home: {
    description:
      'Copperleaf Studio designs and builds fast, accessible websites, web applications and online stores for ambitious small and mid-sized organisations.',
  },
  about: {
    title: 'About us',
    description: `${SITE.name} is a five-person web design and development studio in Portland, Oregon, building fast and accessible sites since ${SITE.founded}.`,
  },
  team: {
    title: 'Team',
    description:
      'Meet the five designers and engineers of Copperleaf Studio: who they are, what they do and what they care about.',
  },
  privacy: {
    title: 'Privacy policy',
    description: `How ${SITE.name} collects, uses and protects personal data: cookies, analytics consent, quote requests and store orders paid through Stripe and fulfilled by Printful.`,
  },
  clients: {
    canonical: '/clients',
    title: 'Clients and templates',
    description:
      'Case studies from Copperleaf Studio clients, with measured results, and our starter templates for websites, stores and dashboards.',
  },
  hire: {
    title: 'Hire us',
    description:
      'Three ways to work with Copperleaf Studio: fixed-scope projects, monthly retainers and team extension, with prices.',
  },
  packages: {
    title: 'Packages and prices',
    description:
      'Three fixed-price website packages from Copperleaf Studio: Launch at $4,900, Growth at $12,500 and Commerce from $24,000.',
  },
  seasons: {
    title: 'Seasonal offers',
    description:
      'Limited-time offers from Copperleaf Studio, one for each season: redesigns, speed sprints, store checks and accessibility audits.',
  },
  services: {
    title: 'Services',
    description:
      'What Copperleaf Studio does: marketing websites, web applications, online stores, performance, accessibility and care plans.',
  },
  quote: {
    title: 'Request a quote',
    description:
      'Tell Copperleaf Studio about your website, store or web application. We reply within two working days.',
  },
  blog: {
    title: 'Blog',
    description:
      'Notes from Copperleaf Studio on web performance, accessibility, e-commerce and running projects well.',
  },
  blogPost: { title: 'Blog', description: 'A post from the Copperleaf Studio blog.' },
  blogFollow: {
    title: 'Follow the blog',
    description:
      "Get each new post from the Copperleaf Studio blog in your feed reader: the feed's address, how to add it, and the latest posts.",
  },
  blogPostMissing: {
    noindex: true,
    title: 'Post not found',
    description: 'There is no blog post at this address. It may have been renamed.',
  },
  products: {
    // The same products as the store, which the server renders in full.
    canonical: '/store',
    title: 'Products',
    description: 'Every shirt, mug and cap in the Copperleaf merch store, printed to order.',
  },
  store: { title: 'Store', description: 'Shirts, mugs and caps designed in the studio and printed on demand.' },
  storefront: { canonical: '/store', title: 'Storefront', description: 'The Copperleaf merch catalogue at a glance.' },
  storeOld: {
    canonical: '/store',
    title: 'Classic store',
    description: 'The earlier version of the Copperleaf merch store.',
  },
  product: { title: 'Product details', description: 'Sizes, colours and details of one product.' },
  cart: { noindex: true, title: 'Your cart', description: 'The items you have chosen, ready for checkout.' },
  checkout: { noindex: true, title: 'Checkout', description: 'Review your order and pay securely.' },
  confirmation: { noindex: true, title: 'Order confirmation', description: 'The status of your order.' },
  orderSuccess: { noindex: true, title: 'Order successful', description: 'Thank you for your order.' },
  orderStatus: {
    noindex: true,
    title: 'Find your order',
    description: 'Look up an order with its number and the e-mail address it was paid with.',
  },
  printful: {
    canonical: '/store/printful',
    title: 'Print-on-demand products',
    description: 'Products supplied directly by our print partner.',
  },
  printfulProduct: {
    title: 'Print-on-demand product',
    description: 'A product supplied directly by our print partner.',
  },
  adminHome: {
    noindex: true,
    title: 'Admin',
    description: 'Today’s sales, orders waiting on the studio, new quotes and sync health.',
  },
  adminCustomers: { noindex: true, title: 'Customers', description: 'Who bought what, how often and how much.' },
  adminCustomer: { noindex: true, title: 'Customer', description: 'One customer’s orders, spending and quotes.' },
  adminQuote: { noindex: true, title: 'Quote', description: 'One project request and the studio’s replies.' },
  adminSync: {
    noindex: true,
    title: 'Product sync',
    description: 'Synchronise the store catalogue with the print partner.',
  },
  adminOrders: { noindex: true, title: 'Orders', description: 'Every store order, its providers and its history.' },
  adminOrder: { noindex: true, title: 'Order', description: 'One store order in full, with refund and resend.' },
  adminQuotes: { noindex: true, title: 'Quotes', description: 'The project requests from the quote form.' },
  adminReports: {
    noindex: true,
    title: 'Sales report',
    description: 'Revenue, costs and what is left, month by month.',
  },
  adminDiscounts: {
    noindex: true,
    title: 'Discount codes',
    description: 'Make, list and switch off the store’s discount codes.',
  },
  login: { noindex: true, title: 'Sign in', description: 'Sign in to keep your cart on every device.' },
  account: { noindex: true, title: 'Your account', description: 'Your orders with the studio store.' },
  passwordReset: {
    noindex: true,
    title: 'Choose a new password',
    description: 'Choose a new password for your studio store account.',
  },
  teamOrderStart: {
    noindex: true,
    title: 'Start a team order',
    description: 'One link for your team: everyone picks a size and writes their name, and you pay once.',
  },
  teamOrderLink: {
    noindex: true,
    title: 'Team order',
    description: 'Choose your size and colour and write your name; the person who shared the link pays for everyone.',
  },
  adminTeamOrders: { noindex: true, title: 'Team orders', description: 'Every team order and its list.' },
  cartRestore: {
    noindex: true,
    title: 'Your cart',
    description: 'The cart you left at the payment page, back at today’s prices.',
  },
  teamOrderLead: {
    noindex: true,
    title: 'Your team order',
    description: 'The list of your team order as it fills, and one payment.',
  },
  apiTest: { noindex: true, title: 'API test', description: 'Checks of the API endpoints the store depends on.' },
  networkTest: { noindex: true, title: 'Network test', description: 'Checks of the browser-side network helpers.' },
  liveDataTest: {
    noindex: true,
    title: 'Live data test',
    description: 'Checks of the live product stream and its recovery.',
  },
  notFound: {
    noindex: true,
    title: MESSAGES.pageNotFound,
    description: 'The page you asked for does not exist or has moved.',
  },
} satisfies Record<string, PageMeta>;

/** Each page's title and description, by page (the SPA's route modules read theirs from here). */
export const PAGE_META: Readonly<Record<keyof typeof META, PageMeta>> = META;

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

/** The document title of a page: "Title | Studio", or the studio's full title for the home page. */
export function pageTitle(title?: string): string {
  return title ? `${title} | ${SITE.name}` : `${SITE.name}: web design and development`;
}

/** An absolute URL of a path of the site, under the public origin (PUBLIC_URL). */
export function absoluteUrl(publicUrl: string, path: string): string {
  // Relative to the origin's own path, so a PUBLIC_URL with a base path keeps it.
  return new URL(path.replace(/^\/+/, ''), publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`).href;
}

export function blogPostPath(slug: string): string {
  return `/blog/${encodeURIComponent(slug)}`;
}

export function productPath(id: string): string {
  return `/store/product/${encodeURIComponent(id)}`;
}

/** The lookup page, its number field filled in when the link names an order. */
export function orderStatusPath(number?: string | null, key?: string | null): string {
  if (!number) return ORDER_STATUS_PATH;
  const path = `${ORDER_STATUS_PATH}?number=${encodeURIComponent(number)}`;
  // The confirmation e-mail's link: the key opens the order without the e-mail address.
  return key ? `${path}&key=${encodeURIComponent(key)}` : path;
}

/**
 * The reset e-mail's link: the store's page with the identity provider's one-time code, and the
 * page to land on once signed in when the shopper asked from one.
 */
export function passwordResetPath(code: string, next?: string | null): string {
  const query = new URLSearchParams({ [PASSWORD_RESET_CODE_PARAM]: code });
  if (next) query.set(PASSWORD_RESET_NEXT_PARAM, next);
  return `${PASSWORD_RESET_PATH}?${query.toString()}`;
}
