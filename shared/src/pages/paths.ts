// Addresses the site links to from every page. Apart from the route table (page-routes.ts) so the
// layout's footer can link to them without the whole table in the SPA's first script.

/** The guest order lookup (docs/rules.md#the-signed-in-shopper), linked from the footer and the shopper's e-mails. */
export const ORDER_STATUS_PATH = '/store/order-status';
/** The signed-in shopper's account page with their orders. */
export const ACCOUNT_PATH = '/account';
/** The team orders a lead started: a section of the account page, where the account menu leads. */
export const ACCOUNT_TEAM_ORDERS_ANCHOR = 'team-orders';
export const ACCOUNT_TEAM_ORDERS_PATH = `${ACCOUNT_PATH}#${ACCOUNT_TEAM_ORDERS_ANCHOR}`;
/** The store's page for choosing a new password, opened from the reset e-mail's link. */
export const PASSWORD_RESET_PATH = '/account/reset-password';
/** The blog's RSS feed (docs/rules.md#what-a-merch-shopper-expects), served by the API and linked from /blog and every page's head. */
export const BLOG_FEED_PATH = '/blog/feed.xml';
/**
 * The product feed for merchant listings (docs/rules.md#local-prices): every orderable variant with
 * its price, in US dollars or the currency `?currency=` names.
 */
export const PRODUCT_FEED_PATH = '/store/feed.xml';
/** The page that says what the feed is and how to follow it: the feed itself is for feed readers. */
export const BLOG_FOLLOW_PATH = '/blog/subscribe';

/**
 * Where the server-rendered pages' forms post before the app has loaded (plain HTML forms,
 * `application/x-www-form-urlencoded`); each answers 303 to the page that shows the result.
 */
export const FORM_ACTIONS = {
  cartAdd: '/store/cart/add',
  cartUpdate: '/store/cart/update',
  checkout: '/store/checkout',
  consent: '/consent',
} as const;
/** The form fields of the consent form: the choice, and the page to return to. */
export const CONSENT_FORM_FIELDS = { choice: 'choice', returnTo: 'return' } as const;

/**
 * Pages the spec names that shoppers must not land on in production (docs/rules.md#screens-and-routes):
 * the developer pages, answered "not found" there, and the spec's extra storefronts, which send a
 * visitor on to `STORE_PATH`. Everywhere else they work as any page. The SPA adds them to its
 * route table only when one is visited, so every other page's first script is without them.
 */
export const STORE_PATH = '/store';
export const DEV_PAGE_PATHS = ['/api-test', '/network-test', '/firestore-test'] as const;
export const EXTRA_STOREFRONT_PATHS = [
  '/storefront',
  '/store/old',
  '/store/printful',
  '/printful-products',
  '/store/printful/:productId',
] as const;
export const EXTRA_PAGE_PATHS: readonly string[] = [...DEV_PAGE_PATHS, ...EXTRA_STOREFRONT_PATHS];
