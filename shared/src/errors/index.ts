// The error catalogue (spec section 8) and the API error codes (DESIGN.md section 5).
// Throw AppError anywhere; the API's one error handler maps it to HTTP.

export const ERROR_STATUS = {
  'invalid-argument': 400,
  unauthenticated: 401,
  'permission-denied': 403,
  'not-found': 404,
  aborted: 409,
  'failed-precondition': 412,
  'payload-too-large': 413,
  'resource-exhausted': 429,
  cancelled: 499,
  internal: 500,
  unimplemented: 501,
  unavailable: 503,
  'deadline-exceeded': 504,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** HTTP status -> code, as the spec's callable-function mapping says (0 or unknown: internal). */
export function codeForStatus(status: number): ErrorCode {
  const found = (Object.entries(ERROR_STATUS) as [ErrorCode, number][]).find(([, s]) => s === status);
  return found ? found[0] : 'internal';
}

export const MESSAGES = {
  invalidProductData: 'Invalid product data',
  quantityRange: 'Quantity must be between 1 and 10',
  lineCap: (have: number, max: number) => `You already have ${have}; at most ${max} of one item per order`,
  lineQuantityRange: (max: number) => `A line holds at most ${max} of one item; choose 1 to ${max}`,
  mergeDropped: (maxUnits: number, maxLines: number) =>
    `Some items from before you signed in did not fit in your cart (at most ${maxUnits} of one item and ${maxLines} different items) and were left out:`,
  productNotFound: 'Product not found in any collection',
  sizeGuideNotFound: 'This product has no size guide',
  sizeRequired: 'Choose a size first: the size guide below gives each size in inches and centimetres',
  productUnavailable: 'This product is no longer available',
  noVariants: 'Product has no available variants',
  noValidVariant: (size: string | undefined, color: string | undefined) =>
    `No valid variant found for size: ${size}, color: ${color}`,
  variantMissingCatalogId: 'Product variant missing required V2 catalog ID',
  cartItemInvalid: 'Cart item failed V2 compatibility validation',
  cartSyncFailed: 'Failed to sync cart',
  noProviderProducts: (provider: string, database: string) => `No ${provider} products found in ${database}`,
  providerFetchError: (provider: string, database: string) => `Error fetching ${provider} products from ${database}`,
  storeLoadError: (message: string) => `Firestore error: ${message}`,
  listenerError: (text: string) => `Database connection error: ${text}`,
  setupFailure: (text: string) => `Failed to connect to database: ${text}`,
  probeFailure: 'Failed to check database connection',
  retriesExhausted: (database: string, attempts: number, message: string) =>
    `Failed to reconnect to ${database} after ${attempts} attempts: ${message}`,
  useProductsOutsideProvider: 'useProducts must be used within a ProductsProvider',
  useConnectionOutsideProvider: 'useFirestoreConnection must be used within a FirestoreConnectionProvider',
  httpError: (status: number, statusText: string) => `HTTP error ${status}: ${statusText}`,
  offlineNoFallback: 'Device is offline and no fallback data is available',
  blockedByPrivacy: 'Request blocked by privacy features',
  allUrlsFailed: 'Failed to fetch from all provided URLs',
  probeTimeout: 'Request timed out',
  probeRefused: 'Connection refused',
  probePrivacy: 'Blocked by privacy features',
  probeWebchannel: 'Firestore WebChannel error (HTTP 400)',
  probeEdge: 'Microsoft Edge tracking prevention may be blocking this request',
  responseNotJson: 'Response is not valid JSON object.',
  responseMissingData: 'Response is missing data field.',
  chunkLoadFailed: (n: string | number) => `Loading chunk ${n} failed`,
  crashTitle: 'Something went wrong',
  crashText: "Something went wrong. We're sorry, but something unexpected happened.",
  crashTryAgain: 'Try Again',
  crashReload: 'Reload Page',
  loading: 'Loading...',
  verifyingAccess: 'Verifying access...',
  routerError: 'Unexpected Application Error!',
  thirdPartyCookies: 'Your browser has third-party cookies disabled. Some features may not work properly.',
  insecurePayment: 'This page is not served over HTTPS: payment may fail.',
  // Messages of this implementation (DESIGN.md section 5: a 4xx says exactly what was wrong).
  internal: 'Internal server error',
  unauthenticated: 'Sign-in required: send a valid Firebase ID token as "Authorization: Bearer <token>"',
  invalidToken: 'The ID token is invalid, expired, revoked or from another project',
  adminOnly: 'This action requires an administrator account',
  invalidGuestId: 'X-Guest-Id must be "guest-" followed by a UUID v4',
  noIdentity: 'Send "Authorization: Bearer <ID token>" or "X-Guest-Id: guest-<uuid v4>"',
  routeNotFound: (method: string, url: string) => `Route ${method} ${url} not found`,
  storeUnavailable: 'The document store is unavailable; try again shortly',
  queueUnavailable: 'The job queue (Redis) is unavailable; try again shortly',
  staleRevision: 'The cart changed since you read it; reload it and try again',
  rateLimited: 'Too many requests; slow down and try again shortly',
  streamPerClientLimit: (max: number) =>
    `Too many live catalogue connections from this address (at most ${max}); close another tab of the store and try again`,
  streamsAtCapacity: 'The live catalogue is at capacity right now; the store still works, try again in a minute',
  pageNotFound: 'Page not found',
  blogPostNotFound: (slug: string) => `No blog post with the slug "${slug}"`,
  quoteNameRequired: 'Please tell us your name',
  quoteNameTooLong: (max: number) => `Please keep your name to ${max} characters or fewer`,
  quoteEmailInvalid: 'Please enter a valid e-mail address',
  quoteCompanyTooLong: (max: number) => `Please keep the company name to ${max} characters or fewer`,
  quoteServicesRequired: 'Choose at least one service',
  quoteBudgetRequired: 'Choose a budget range',
  quoteMessageTooShort: (min: number) => `Please describe your project in at least ${min} characters`,
  quoteMessageTooLong: (max: number) => `Please keep the description to ${max} characters or fewer`,
  // Document store (shared/src/server/store): programming and data errors surfaced by both adapters.
  documentNotFound: (collection: string, id: string) => `Document ${collection}/${id} does not exist`,
  writeTargetMissing: 'An update in this write targets a document that does not exist; nothing was written',
  emptyUpdate: 'An update needs at least one field',
  readAfterWrite: 'A transaction must do all its reads before its first write',
  invalidFieldPath: (field: string) =>
    `Invalid field path "${field}": use letters, digits, _ or - in dot-separated segments`,
  invalidCollectionName: (name: string) => `Invalid collection name "${name}": use letters, digits, _ or -`,
  invalidDocumentId: (id: string) =>
    `Invalid document id "${id}": 1 to 1500 characters, no "/", not "." or "..", not of the form __name__`,
  writeInsideTransaction: 'Inside a transaction, write through the transaction object, not the store',
  invalidCursor: 'The cursor does not belong to this query; start again without a cursor',
  invalidQuery: (detail: string) => `Invalid store query: ${detail}`,
  documentTooLarge: (collection: string, id: string, bytes: number, max: number) =>
    `Document ${collection}/${id} would be ${bytes} bytes; Firestore stores at most ${max} bytes per document`,
  tooManyWrites: (count: number, max: number) =>
    `A batch or transaction of ${count} writes; Firestore commits at most ${max} writes at once, split it`,
  // Cart routes (api/src/routes/cart).
  cartItemNotFound: (itemId: string) => `No line with id "${itemId}" in this cart`,
  invalidIfMatch: 'If-Match must hold the ETag of the cart as sent in its ETag header, such as "3", or *',
  guestCartLimit: 'Too many new carts from this address; try again in a few minutes, or sign in',
  mergeNeedsGuestId: 'Merging needs the guest cart\'s id: send "X-Guest-Id: guest-<uuid v4>" with the ID token',
  // Checkout, Stripe webhook and orders (api/src/routes/{checkout,orders,webhooks/stripe}).
  cartEmpty: 'Your cart is empty',
  cartItemsUnavailable: (names: string[]) =>
    `These items are no longer available: ${names.join(', ')}. Remove them from your cart and try again`,
  checkoutUrlOrigin: (field: string, origin: string) => `${field} must be a page of this site (${origin})`,
  checkoutInProgress: 'A payment for this cart is already in progress; wait for its confirmation',
  cartAlreadyPaid: 'This cart has just been paid for; reload it to see its current contents',
  paymentsUnavailable: 'The payment provider is unavailable; try again shortly',
  orderNotFound: (sessionId: string) => `No order for checkout session ${sessionId}`,
  // One message for an unknown number and a wrong e-mail alike: the answer never says which.
  orderLookupNotFound: 'No order matches this order number and e-mail address. Check both and try again',
  orderNumberInvalid: 'Enter the order number from your confirmation e-mail, such as CS-10042',
  orderLookupEmailInvalid: 'Enter the e-mail address you paid with',
  orderIdNotFound: (orderId: string) => `No order with the id "${orderId}"`,
  fulfilmentRetryNotNeeded: (status: string, fulfilment: string) =>
    `Only a paid order whose Printful order failed, was cancelled or was never placed can be retried; this one is ${status} with a Printful order ${fulfilment}`,
  // The studio's back office (DESIGN.md 13.3).
  refundNotPaid: (status: string) => `Only a paid order can be refunded; this one is ${status}`,
  refundNothingLeft: 'This order is already refunded in full',
  refundTooMuch: (left: string) => `The refund is more than what is left to refund ($${left})`,
  quoteNotFound: (id: string) => `No quote with the id "${id}"`,
  confirmationNoEmail: 'This order has no e-mail address to send the confirmation to',
  reportRangeInvalid: (max: number) => `from must not be after to, and a report covers at most ${max} months`,
  stripeSignatureMissing: 'Missing Stripe-Signature header',
  stripeSignatureInvalid:
    "Invalid Stripe-Signature: the event was not signed with this endpoint's secret, or is too old",
  // Catalogue, admin product sync and Printful webhooks (api/src/routes/{products,admin,webhooks/printful}).
  printfulConfigOk: (where: string) => `Connected to ${where}: product syncs can run`,
  printfulConfigUnreachable: (where: string, reason: string) => `Could not reach ${where} (${reason})`,
  printfulConfigRejected: (status: number) =>
    `Printful refused the configured credentials (HTTP ${status}): check PRINTFUL_API_KEY and PRINTFUL_STORE_ID`,
  printfulConfigUnexpected: (status: number) => `Printful answered GET /store/products with HTTP ${status}`,
  syncJobNotFound: (id: string) => `No product sync job with the id "${id}"`,
  // Operations (api/src/plugins/metrics.ts).
  metricsTokenInvalid: 'Send the metrics token as "Authorization: Bearer <METRICS_TOKEN>"',
  badUrl: 'The URL path is not valid: each segment must be percent-encoded UTF-8',
  pathSegmentTooLong: (max: number) => `A path segment of this URL is longer than ${max} characters`,
  stripeEventMalformed:
    'The signed Stripe event lacks an evt_ id, a type or a data.object (checkout events: with an id)',
  stripeTestEventRefused: 'This store takes live payments only: a test-mode Stripe event was refused',
  // Launch safety (DESIGN.md section 12.6): limits, time-outs and provider failures.
  cartLinesLimit: (max: number) => `A cart holds at most ${max} different items; remove one before adding another`,
  idempotencyKeyInvalid: 'Idempotency-Key must be a UUID, one per form submission',
  requestTimedOut: 'The request took too long to arrive; send it again',
  printfulUnavailable: 'The print partner is unavailable; try again shortly',
  printfulRefused: 'The print partner refused this request; check your cart and try again',
  // Shipping rates and the money path (DESIGN.md 12.1; api/src/services/shipping).
  shippingCountryUnsupported: 'Choose a country we ship to (a two-letter code such as US, CA or GB)',
  shippingStateRequired: (country: string) => `Choose a state or province: it is required for shipping to ${country}`,
  shippingStateUnknown: (country: string) =>
    `Choose a state or province of ${country} from the list: this one is not an ISO 3166-2 subdivision of ${country}`,
  shippingRequired: 'Choose where to ship before paying: send shipping: { country, state?, zip? }',
  shippingCartEmpty: 'Your cart is empty: add an item to see shipping options',
  // DESIGN.md 13.5: a cart too large for the flat-rate table waits for Printful's own quote.
  shippingRatesUnavailable: 'Shipping rates are unavailable right now. Please try again in a few minutes.',
  shippingRefused: (place: string) =>
    `We cannot ship this cart to ${place}. Choose another address, or contact us about this destination`,
  // Shown to the studio: the order was paid with an address outside the quote, so it is held.
  shippingAddressMismatch: (quoted: string, paid: string) =>
    `Shipping was quoted for ${quoted} but the order was paid with an address in ${paid}; held, not sent to Printful`,
  paymentRefused: 'The payment provider refused this checkout; your cart is unchanged. Try again or contact us',
  // Discount codes (DESIGN.md 13.2; api/src/routes/{cart,admin}/discounts).
  discountNotFound: 'This code does not exist or has expired',
  discountNotApplicable: 'This code cannot be used on these items',
  discountCodeTaken: (code: string) => `A discount code ${code} already exists`,
  discountIdNotFound: (id: string) => `No discount with the id "${id}"`,
} as const;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: unknown;
  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/** The API's error body (DESIGN.md section 5). */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: unknown };
}

/** Retryable per the spec (section 8): these codes, any 4xx/5xx, and network-like messages. */
const RETRYABLE_CODES = new Set([
  'failed-precondition',
  'unavailable',
  'deadline-exceeded',
  'network-request-failed',
  'resource-exhausted',
  'internal',
  'permission-denied',
  'cancelled',
]);
export function isRetryable(error: { code?: string; status?: number; message?: string }): boolean {
  if (error.code && RETRYABLE_CODES.has(error.code)) return true;
  if (typeof error.status === 'number' && error.status >= 400 && error.status <= 599) return true;
  const m = (error.message ?? '').toLowerCase();
  if (/(failed to fetch|network|connection|timed? ?out|refused)/.test(m)) return true;
  return /\b(4\d\d|50[0-4])\b/.test(m);
}
