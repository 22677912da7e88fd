// Addresses the site links to from every page. Apart from the route table (page-routes.ts) so the
// layout's footer can link to them without the whole table in the SPA's first script.

/** The guest order lookup (docs/rules.md#the-signed-in-shopper), linked from the footer and the shopper's e-mails. */
export const ORDER_STATUS_PATH = '/store/order-status';
/** The signed-in shopper's account page with their orders. */
export const ACCOUNT_PATH = '/account';
/** The blog's RSS feed (docs/rules.md#what-a-merch-shopper-expects), served by the API and linked from /blog and every page's head. */
export const BLOG_FEED_PATH = '/blog/feed.xml';
