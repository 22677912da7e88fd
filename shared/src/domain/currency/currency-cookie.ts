// Where a shopper's currency is kept and set (docs/rules.md#local-prices), apart from the rules
// that read them so the footer's picker takes only these names.

/** The cookie that keeps a shopper's currency (a year, first-party, readable by the page). */
export const SHOP_CURRENCY_COOKIE = 'shop_currency';
/** The query parameter that sets it on any page or API read. */
export const CURRENCY_QUERY_PARAM = 'currency';
export const SHOP_CURRENCY_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
