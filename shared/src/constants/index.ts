// Business constants of the product specification (docs/rules.md#constants-and-limits), in one place for web, api and worker.
export * from './site.js';
export * from './team-order.js';
export * from './recovery.js';
export * from './password-reset.js';
export * from './shipping-countries.js';
export const CART_QUANTITY_MIN = 1;
export const CART_QUANTITY_MAX = 10;
/** Units one cart line may hold, reached by adds of 1 to 10 (docs/rules.md#what-a-merch-shopper-expects: a team's shirts of one size). */
export const CART_LINE_QUANTITY_MAX = 100;
export const CART_SAVE_DEBOUNCE_MS = 500;
/**
 * Informational (docs/rules.md#validation and docs/rules.md#constants-and-limits): the earlier app sold a variant without a readable price
 * at 29.99. Here a price nobody set is never invented: it reads as 0 (parsePrice), and checkout
 * refuses a cart item without a price above 0, so no product is sold at a guessed price.
 */
export const FALLBACK_PRICE = 29.99;
export const FALLBACK_CURRENCY = 'USD';
export const DEFAULT_CART_CATEGORY = 'clothing';
export const DEFAULT_STORE_CATEGORY = 'general';
export const SEARCH_DEFAULT_LIMIT = 20;
export const SEARCH_DEFAULT_STATUS = 'active';
/**
 * Informational: the spec's search fetched at most 100 `products` documents and filtered them in
 * the browser; the API searches the whole active catalogue instead (docs/performance.md#performance-design), and 100 is
 * the most one answer returns (PAGE_LIMIT_MAX).
 */
export const SEARCH_FETCH_CAP = 100;
/**
 * Words a shopper uses for the same thing (docs/rules.md#what-a-merch-shopper-expects). Written as search compares text:
 * lower case, without spaces or hyphens ("t-shirt" is "tshirt").
 */
export const SEARCH_SYNONYMS: readonly (readonly string[])[] = [
  ['tee', 'tshirt'],
  ['hoody', 'hoodie'],
  ['crewneck', 'sweatshirt'],
  ['cap', 'hat'],
];
/** How many of the store's products a search that found nothing offers instead. */
export const SEARCH_NOTHING_FOUND_PRODUCTS = 4;
export const PRODUCT_LIST_DEFAULT_LIMIT = 50;
export const PAGE_LIMIT_MAX = 100;
/**
 * Informational: the spec's connectivity probe read at most 1 storeInventory document. The probe
 * is now GET /api/health/ready (docs/architecture.md#how-the-product-maps-onto-the-code), which pings the store and Redis instead.
 */
export const CONNECTIVITY_PROBE_LIMIT = 1;
export const SLOW_CONNECTION_MBPS = 1;
export const LISTENER_MAX_RETRIES = 5;
export const LISTENER_INITIAL_DELAY_MS = 1000;
export const LISTENER_BACKOFF_MULTIPLIER = 1.5;
export const LISTENER_MAX_DELAY_MS = 30_000;
export const FETCH_MAX_RETRIES = 2;
export const FETCH_INITIAL_DELAY_MS = 1000;
export const REACHABILITY_PROBE_TIMEOUT_MS = 3000;
export const CACHED_PRODUCTS_TTL_MS = 86_400_000;
export const CLOUD_FUNCTION_TIMEOUT_MS = 70_000;
/**
 * Informational: the region the spec's cloud functions ran in. The cloud functions became this
 * API's endpoints (docs/architecture.md#how-the-product-maps-onto-the-code), which run wherever the API is deployed; nothing reads it.
 */
export const CLOUD_FUNCTION_REGION = 'us-central1';
/**
 * Informational: the identity SDK's default ID-token max age (300 s). Firebase ID tokens live an
 * hour and the API verifies each one (signature, expiry, revocation) through firebase-admin; a
 * verified token is trusted again without a round trip for at most a minute (api identity plugin).
 */
export const AUTH_ID_TOKEN_MAX_AGE_S = 300;
export const LIBRARY_DEFAULT_RETRY = 3;
export const LIBRARY_RETRY_CAP_MS = 30_000;
export const ANALYTICS_SCRIPT_TIMEOUT_MS = 3000;
export const ANALYTICS_BLOCKED_CHECK_MS = 2000;
export const TEST_PAGE_PRODUCTS = 5;
export const TEST_PAGE_ENDPOINT_TIMEOUT_MS = 3000;
export const TEST_PAGE_RETRY_STATUSES = [408, 429, 500, 502, 503, 504] as const;
/**
 * Device breakpoints (docs/rules.md#constants-and-limits), min-widths in px. CSS media queries cannot import them, so
 * the feature style sheets repeat these numbers; script that asks about the width reads them here.
 */
export const DEVICE_BREAKPOINTS_PX = { phone: 480, tablet: 768, desktop: 992, wide: 1200 } as const;
export const RESIZE_DEBOUNCE_MS = 500;
/** Two prices closer than this are the same price, in the cart's debug checks only (docs/rules.md#validation). */
export const PRICE_MISMATCH_TOLERANCE = 0.01;
export const PAYMENT_API_VERSION = '2022-11-15';
/**
 * Informational (docs/decisions.md#where-the-store-differs-from-the-original-product-on-purpose):
 * payment happens on Stripe's hosted page and the store's own panel wears the store's colours, so
 * nothing reads this theme.
 */
export const PAYMENT_THEME = { theme: 'night', primaryColor: '#1E90FF' } as const;
export const CART_SCHEMA_VERSION = 2;

export const PROVIDER_ID = 'printful';
export const PROVIDER_NAME = 'Printful';
export const DATABASE_NAME = 'Firestore';
export const PLACEHOLDER_IMAGE = '/images/placeholder-product.svg';
export const DEFAULT_PRODUCT_TITLE = 'Unnamed Product';
export const DEFAULT_PRODUCT_DESCRIPTION = 'No description available';
export const DEFAULT_SIZE = 'One Size';
export const DEFAULT_COLOR = 'Default';
export const DEFAULT_ITEM_NAME = 'Unknown Product';
export const DEFAULT_PRODUCT_ID = 'unknown';
/** The window of GUEST_CARTS_PER_CLIENT (new guest carts per client address; carts are kept 30 days). */
export const GUEST_CART_CREATION_WINDOW_MS = 10 * 60 * 1000;
/**
 * Retry-After of a live catalogue stream refused because this client holds too many open: a place
 * frees when one of its tabs closes, which the API cannot foresee, so a short wait to look again.
 */
export const STREAM_PER_CLIENT_RETRY_AFTER_S = 30;
/** Retry-After of a live catalogue stream refused because the process holds its cap ("try again in a minute"). */
export const STREAM_CAPACITY_RETRY_AFTER_S = 60;
/** The studio's note on a refund: kept on the order and on Stripe's refund (a metadata value holds 500 characters). */
export const REFUND_NOTE_MAX = 500;
/** A stored cart line keeps at most this much of the product description (it is a copy for display). */
export const CART_LINE_DESCRIPTION_MAX = 300;
/** Guest carts untouched this long are removed by the cart-cleanup job. */
export const GUEST_CART_TTL_DAYS = 30;
/** Blog list page size (GET /api/blog, /blog). */
export const BLOG_PAGE_SIZE = 4;
/** Quote request limits, shared by the form and POST /api/quotes. */
export const QUOTE_NAME_MAX_LENGTH = 100;
export const QUOTE_COMPANY_MAX_LENGTH = 120;
export const QUOTE_EMAIL_MAX_LENGTH = 254;
export const QUOTE_MESSAGE_MIN_LENGTH = 20;
export const QUOTE_MESSAGE_MAX_LENGTH = 5000;
/** POST /api/quotes gets a stricter per-IP budget than the API-wide one (it sends e-mail). */
export const QUOTE_RATE_LIMIT_PER_MIN = 5;
/** POST /api/orders/lookup per client: enough for typos, too few to guess order numbers (docs/rules.md#the-signed-in-shopper). */
export const ORDER_LOOKUP_RATE_LIMIT_PER_MIN = 5;
/** Longest order number the lookup accepts (today's are like CS-10042). */
export const ORDER_NUMBER_MAX_LENGTH = 32;
/** What every order number starts with (CS-10042); a shopper may type the number without it. */
export const ORDER_NUMBER_PREFIX = 'CS-';
/** Local-storage key of the quote form's draft, so nothing typed is lost on a failed submit. */
export const QUOTE_DRAFT_STORAGE_KEY = 'quoteDraft';
/**
 * Most events an order's history keeps (the newest): a normal order sees about ten, and an order
 * document must stay under Firestore's 1 MiB however many deliveries a provider repeats.
 */
export const ORDER_EVENTS_MAX = 100;
/** Most lines a cart replacement (PUT /api/cart) may carry; a cart has one line per product, size and colour. */
export const CART_MAX_LINES = 100;
/**
 * Uncached Printful rate quotes one client (its address, as the rate limit keys) may ask for in a
 * minute (docs/rules.md#money-and-abuse): a shopper trying a few addresses fits, and at Printful's default 120
 * calls a minute (24 kept for shoppers) one client can spend at most a quarter of the shoppers'
 * share. Cached quotes do not count.
 */
export const SHIPPING_QUOTES_PER_CLIENT_PER_MIN = 6;
/**
 * How long a shopper's rate quote waits for its turn at Printful when the shoppers' share of the
 * minute is spent, before the flat-rate table answers (or, for a cart too large for it, 503).
 * Waiting a few seconds keeps Printful's own options, express included, through a crowd.
 */
export const SHIPPING_QUOTE_MAX_WAIT_MS = 10_000;
/**
 * Wrong discount codes (codes that do not exist, or no longer apply) a client may try within
 * DISCOUNT_WRONG_CODE_WINDOW_MINUTES before it is locked out of trying codes; a cart gets fewer,
 * so one cart cannot be used from many addresses either. A shopper mistyping a code a few times
 * never meets it; someone guessing codes at request speed does, after a handful.
 */
export const DISCOUNT_WRONG_CODES_PER_CLIENT = 10;
export const DISCOUNT_WRONG_CODES_PER_CART = 5;
export const DISCOUNT_WRONG_CODE_WINDOW_MINUTES = 15;
/** How long a client (or cart) that spent its wrong codes waits before trying another code. */
export const DISCOUNT_LOCKOUT_MINUTES = 15;
/** Lockouts of one client within a day that put an alert in the admin's Discounts page. */
export const DISCOUNT_LOCKOUTS_BEFORE_ALERT = 3;
/**
 * A checkout holding a use of a limited code lapses after this many minutes unpaid (Stripe's
 * shortest `expires_at`), and gives the use back, so unpaid checkouts cannot keep a "first N
 * shoppers" code from paying shoppers for the 24 hours a session otherwise lasts.
 */
export const DISCOUNT_HOLD_MINUTES = 30;
/** Uses of limited codes one client's open checkouts may hold at once. */
export const DISCOUNT_HOLDS_PER_CLIENT = 2;
/**
 * How far ahead a discount code's last day may be: Stripe refuses a coupon whose `redeem_by` is
 * more than 5 years in the future, so the store counts 5 years of 365 days (never past Stripe's).
 */
export const DISCOUNT_MAX_END_DAYS = 5 * 365;
/**
 * Product details an incremental sync re-reads besides those whose list entry changed: Printful's
 * product list carries no change time, so a new price or a variant's availability shows only in
 * the detail. Each run re-reads the products read longest ago, half a minute of Printful's 120
 * calls a minute, so an hourly sync sees every product of a 300-product store within 5 hours.
 */
export const SYNC_RECHECK_PER_RUN = 60;
/**
 * Printful's own rule for large shipping quotes: when a request's items add up to more than 100,
 * the limit is 5 such requests a minute, and going over locks the account out of shipping rates for
 * 60 seconds. The shop sends at most that many in any 60 seconds, across every API replica.
 */
export const PRINTFUL_LARGE_QUOTE_ITEMS = 100;
export const PRINTFUL_LARGE_QUOTES_PER_MIN = 5;
/** Order jobs (Stripe events) retry with exponential backoff: 2 s, 4 s, 8 s, 16 s. */
export const ORDER_JOB_ATTEMPTS = 5;
export const ORDER_JOB_BACKOFF_MS = 2000;
/** Bearer token sent to the local Printful sandbox when no PRINTFUL_API_KEY is set (it accepts any). */
export const PRINTFUL_SANDBOX_TOKEN = 'sandbox';
/** Session-storage key of the destination the cart page asked for (kept for the visit only). */
export const SHIPPING_DESTINATION_STORAGE_KEY = 'shippingDestination';
/** Bodies under this size are sent uncompressed: compression would save less than its headers cost. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/** Reading speed behind a blog post's "N min read" (adult silent reading of non-fiction). */
export const READING_WORDS_PER_MINUTE = 230;
/** Every blog cover is drawn at this size, so pages reserve its box before it loads. */
export const BLOG_COVER_SIZE = { width: 1200, height: 630 } as const;
