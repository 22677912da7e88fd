// The error catalogue's messages (docs/contracts.md#errors and docs/contracts.md#http-api), one export each; read
// them as `MESSAGES.name` (see index.ts). A new message goes here, unless every page's layout
// shows it (site.ts).

export const invalidProductData = 'Invalid product data';
export const quantityRange = 'Quantity must be between 1 and 10';
export const lineCap = (have: number, max: number) => `You already have ${have}; at most ${max} of one item per order`;
/** The product page's one add, which may fill a line up to its limit (split into adds of 1 to 10). */
export const productQuantityRange = (max: number) => `Choose a quantity from 1 to ${max}`;
export const lineQuantityRange = (max: number) => `A line holds at most ${max} of one item; choose 1 to ${max}`;
export const mergeDropped = (maxUnits: number, maxLines: number) =>
  `Some items from before you signed in did not fit in your cart (at most ${maxUnits} of one item and ${maxLines} different items) and were left out:`;
export const productNotFound = 'Product not found in any collection';
export const sizeGuideNotFound = 'This product has no size guide';
export const pictureNotFound = 'This picture is not in the shop (any more): reload the page for the current one';
export const sizeRequired = 'Choose a size first: the size guide below gives each size in inches and centimetres';
export const productUnavailable = 'This product is no longer available';
export const noVariants = 'Product has no available variants';
export const noValidVariant = (size: string | undefined, color: string | undefined) =>
  `No valid variant found for size: ${size}, color: ${color}`;
export const variantMissingCatalogId = 'Product variant missing required V2 catalog ID';
export const cartItemInvalid = 'Cart item failed V2 compatibility validation';
export const cartSyncFailed = 'Failed to sync cart';
/** The same failure while the browser is offline: nothing is lost, so the cart says so instead. */
export const cartSavedOffline =
  'Your change is saved on this device. It reaches your cart as soon as you are back online.';
export const noProviderProducts = (provider: string, database: string) =>
  `No ${provider} products found in ${database}`;
export const providerFetchError = (provider: string, database: string) =>
  `Error fetching ${provider} products from ${database}`;
export const storeLoadError = (message: string) => `Firestore error: ${message}`;
export const listenerError = (text: string) => `Database connection error: ${text}`;
export const setupFailure = (text: string) => `Failed to connect to database: ${text}`;
export const probeFailure = 'Failed to check database connection';
export const retriesExhausted = (database: string, attempts: number, message: string) =>
  `Failed to reconnect to ${database} after ${attempts} attempts: ${message}`;
export const useProductsOutsideProvider = 'useProducts must be used within a ProductsProvider';
export const useConnectionOutsideProvider = 'useFirestoreConnection must be used within a FirestoreConnectionProvider';
export const httpError = (status: number, statusText: string) => `HTTP error ${status}: ${statusText}`;
export const offlineNoFallback = 'Device is offline and no fallback data is available';
export const blockedByPrivacy = 'Request blocked by privacy features';
export const allUrlsFailed = 'Failed to fetch from all provided URLs';
export const probeTimeout = 'Request timed out';
export const probeRefused = 'Connection refused';
export const probePrivacy = 'Blocked by privacy features';
export const probeWebchannel = 'Firestore WebChannel error (HTTP 400)';
export const probeEdge = 'Microsoft Edge tracking prevention may be blocking this request';
export const responseNotJson = 'Response is not valid JSON object.';
export const responseMissingData = 'Response is missing data field.';
export const verifyingAccess = 'Verifying access...';
export const insecurePayment = 'This page is not served over HTTPS: payment may fail.';
// Messages of this implementation (docs/contracts.md#http-api: a 4xx says exactly what was wrong).
export const internal = 'Internal server error';
export const unauthenticated = 'Sign-in required: send a valid Firebase ID token as "Authorization: Bearer <token>"';
export const invalidToken = 'The ID token is invalid, expired, revoked or from another project';
export const adminOnly = 'This action requires an administrator account';
export const invalidGuestId = 'X-Guest-Id must be "guest-" followed by a UUID v4';
export const noIdentity = 'Send "Authorization: Bearer <ID token>" or "X-Guest-Id: guest-<uuid v4>"';
export const routeNotFound = (method: string, url: string) => `Route ${method} ${url} not found`;
export const storeUnavailable = 'The document store is unavailable; try again shortly';
export const queueUnavailable = 'The job queue (Redis) is unavailable; try again shortly';
export const staleRevision = 'The cart changed since you read it; reload it and try again';
export const rateLimited = 'Too many requests; slow down and try again shortly';
export const streamPerClientLimit = (max: number) =>
  `Too many live catalogue connections from this address (at most ${max}); close another tab of the store and try again`;
export const streamsAtCapacity =
  'The live catalogue is at capacity right now; the store still works, try again in a minute';
export const pageNotFound = 'Page not found';
export const blogPostNotFound = (slug: string) => `No blog post with the slug "${slug}"`;
export const quoteNameRequired = 'Please tell us your name';
export const quoteNameTooLong = (max: number) => `Please keep your name to ${max} characters or fewer`;
export const quoteEmailInvalid = 'Please enter a valid e-mail address';
export const quoteCompanyTooLong = (max: number) => `Please keep the company name to ${max} characters or fewer`;
export const quoteServicesRequired = 'Choose at least one service';
export const quoteBudgetRequired = 'Choose a budget range';
export const quoteMessageTooShort = (min: number) => `Please describe your project in at least ${min} characters`;
export const quoteMessageTooLong = (max: number) => `Please keep the description to ${max} characters or fewer`;
// Document store (shared/src/server/store): programming and data errors surfaced by both adapters.
export const documentNotFound = (collection: string, id: string) => `Document ${collection}/${id} does not exist`;
export const writeTargetMissing = 'An update in this write targets a document that does not exist; nothing was written';
export const emptyUpdate = 'An update needs at least one field';
export const readAfterWrite = 'A transaction must do all its reads before its first write';
export const invalidFieldPath = (field: string) =>
  `Invalid field path "${field}": use letters, digits, _ or - in dot-separated segments`;
export const invalidCollectionName = (name: string) => `Invalid collection name "${name}": use letters, digits, _ or -`;
export const invalidDocumentId = (id: string) =>
  `Invalid document id "${id}": 1 to 1500 characters, no "/", not "." or "..", not of the form __name__`;
export const writeInsideTransaction = 'Inside a transaction, write through the transaction object, not the store';
export const invalidCursor = 'The cursor does not belong to this query; start again without a cursor';
export const invalidQuery = (detail: string) => `Invalid store query: ${detail}`;
export const documentTooLarge = (collection: string, id: string, bytes: number, max: number) =>
  `Document ${collection}/${id} would be ${bytes} bytes; Firestore stores at most ${max} bytes per document`;
export const tooManyWrites = (count: number, max: number) =>
  `A batch or transaction of ${count} writes; Firestore commits at most ${max} writes at once, split it`;
export const nestedArray = (collection: string, id: string, field: string) =>
  `Document ${collection}/${id}: field "${field}" holds an array directly inside an array, which Firestore cannot store; wrap the inner array in an object`;
export const invalidFieldName = (collection: string, id: string, field: string) =>
  `Document ${collection}/${id}: field name "${field.slice(0, 80)}" cannot be stored (empty, longer than 1500 bytes, or of the reserved form __name__)`;
export const documentTooDeep = (collection: string, id: string, field: string, max: number) =>
  `Document ${collection}/${id}: field "${field.slice(0, 200)}" nests deeper than the ${max} levels Firestore stores`;
export const unsupportedValue = (collection: string, id: string, field: string, kind: string) =>
  `Document ${collection}/${id}: field "${field}" holds ${kind}, which Firestore cannot store; use plain objects, arrays, strings, numbers, booleans, null and Dates`;
export const storeBusy =
  'Too many changes to the same record at once; nothing was saved by this request, try again in a moment';
// Cart routes (api/src/routes/cart).
export const cartItemNotFound = (itemId: string) => `No line with id "${itemId}" in this cart`;
export const invalidIfMatch = 'If-Match must hold the ETag of the cart as sent in its ETag header, such as "3", or *';
export const guestCartLimit = 'Too many new carts from this address; try again in a few minutes, or sign in';
export const mergeNeedsGuestId =
  'Merging needs the guest cart\'s id: send "X-Guest-Id: guest-<uuid v4>" with the ID token';
// Checkout, Stripe webhook and orders (api/src/routes/{checkout,orders,webhooks/stripe}).
export const cartEmpty = 'Your cart is empty';
export const cartItemsUnavailable = (names: string[]) =>
  `These items are no longer available: ${names.join(', ')}. Remove them from your cart and try again`;
export const checkoutUrlOrigin = (field: string, origin: string) => `${field} must be a page of this site (${origin})`;
export const checkoutInProgress = 'A payment for this cart is already in progress; wait for its confirmation';
export const cartAlreadyPaid = 'This cart has just been paid for; reload it to see its current contents';
export const paymentsUnavailable = 'The payment provider is unavailable; try again shortly';
export const orderNotFound = (sessionId: string) => `No order for checkout session ${sessionId}`;
// One message for an unknown number and a wrong e-mail alike: the answer never says which.
export const orderLookupNotFound =
  'No order matches this order number and e-mail address. Check both against your confirmation e-mail and try again: the number looks like CS-10042.';
export const orderNumberInvalid = 'Enter the order number from your confirmation e-mail, such as CS-10042.';
export const orderLookupEmailInvalid = 'Enter the e-mail address you paid with';
export const orderIdNotFound = (orderId: string) => `No order with the id "${orderId}"`;
export const fulfilmentRetryNotNeeded = (status: string, fulfilment: string) =>
  `Only a paid order whose Printful order failed, was cancelled or was never placed can be retried; this one is ${status} and its Printful order is ${fulfilment}`;
// The studio's back office (docs/rules.md#the-back-office).
export const refundNotPaid = (status: string) => `Only a paid order can be refunded; this one is ${status}`;
export const refundNothingLeft = 'This order is already refunded in full';
export const refundTooMuch = (left: string) => `The refund is more than what is left to refund (${left})`;
// The refund dialog's fields, each sentence starting with the field's label (docs/admin.md#wrong-values).
export const refundAmountInvalid =
  'Refund amount: enter dollars and cents from 0.01, such as 12.50, or leave it empty to refund all that is left';
/** `left` written in the order's currency ("$37.50", "€86.00"). */
export const refundAmountOverLeft = (left: string) =>
  `Refund amount: at most ${left} is left to refund; enter less, or leave it empty for all of it`;
export const refundReasonInvalid = 'Reason: choose Requested by the customer, Duplicate payment or Fraudulent';
export const refundNoteTooLong = (max: number) => `Note: keep it under ${max} characters`;
export const refundTellCustomerInvalid = 'Tell the customer: choose on or off';
// Shown to the studio when Stripe refuses a refund the store's own checks let through.
export const refundDisputed =
  'Stripe refused the refund: this payment is disputed (charged back). Nothing was refunded; answer the dispute in the Stripe Dashboard instead';
export const refundRefusedByStripe =
  'Stripe refused the refund, so nothing was refunded. Reload the order to see what is left to refund, or check the payment in the Stripe Dashboard';
export const quoteNotFound = (id: string) => `No quote with the id "${id}"`;
export const customerNotFound = 'No customer by this name: no paid order or quote belongs to it';
export const quoteReplyRequired = 'Reply: write the message to send';
export const quoteReplyTooLong = (max: number) => `Reply: keep the message under ${max} characters`;
export const quoteReplyNotSent = 'The reply could not be queued for sending; nothing was saved. Try again in a moment';
export const confirmationNoEmail = 'This order has no e-mail address to send the confirmation to';
export const reportRangeInvalid = (max: number) =>
  `from must not be after to, and a report covers at most ${max} months`;
export const stripeSignatureMissing = 'Missing Stripe-Signature header';
export const stripeSignatureInvalid =
  "Invalid Stripe-Signature: the event was not signed with this endpoint's secret, or is too old";
// Catalogue, admin product sync and Printful webhooks (api/src/routes/{products,admin,webhooks/printful}).
export const printfulConfigOk = (where: string) => `Connected to ${where}: product syncs can run`;
export const printfulConfigUnreachable = (where: string, reason: string) => `Could not reach ${where}: ${reason}`;
export const printfulConfigRejected = (status: number) =>
  `Printful refused the studio's credentials (HTTP ${status}): check the Printful API key and store id in the server's settings`;
export const printfulConfigUnexpected = (status: number) =>
  `Printful answered the check with an error (HTTP ${status})`;
export const syncJobNotFound = (id: string) => `No product sync job with the id "${id}"`;
// Operations (api/src/routes/metrics/).
export const dashboardBodyInvalid =
  'The job data must be JSON without control characters such as U+0000; nothing was changed';
export const metricsTokenInvalid = 'Send the metrics token as "Authorization: Bearer <METRICS_TOKEN>"';
export const badUrl = 'The URL path is not valid: each segment must be percent-encoded UTF-8';
export const pathSegmentTooLong = (max: number) => `A path segment of this URL is longer than ${max} characters`;
export const stripeEventMalformed =
  'The signed Stripe event lacks an evt_ id, a type or a data.object (checkout events: with an id)';
export const stripeTestEventRefused = 'This store takes live payments only: a test-mode Stripe event was refused';
// Launch safety (docs/rules.md#production-refuses-unsafe-settings): limits, time-outs and provider failures.
export const cartLinesLimit = (max: number) =>
  `A cart holds at most ${max} different items; remove one before adding another`;
export const idempotencyKeyInvalid = 'Idempotency-Key must be a UUID, one per form submission';
export const requestTimedOut = 'The request took too long to arrive; send it again';
export const printfulUnavailable = 'The print partner is unavailable; try again shortly';
export const printfulRefused = 'The print partner refused this request; check your cart and try again';
// Shipping rates and the money path (docs/rules.md#money-at-checkout; api/src/services/shipping).
export const shippingCountryUnsupported = 'Choose a country we ship to (a two-letter code such as US, CA or GB)';
export const shippingStateRequired = (country: string) =>
  `Choose a state or province: it is required for shipping to ${country}`;
export const shippingStateUnknown = (country: string) =>
  `Choose a state or province of ${country} from the list: this one is not an ISO 3166-2 subdivision of ${country}`;
export const shippingRequired = 'Choose where to ship before paying: send shipping: { country, state?, zip? }';
export const shippingCartEmpty = 'Your cart is empty: add an item to see shipping options';
// POST /api/checkout/sessions `shippingOption`: the checkout's pick, checked against the server's own quote.
export const shippingOptionNotOffered =
  'That shipping choice is no longer offered for this address and cart. Choose again from the options shown.';
export const shippingOptionInvalid = (max: number) =>
  `Choose a shipping option by the id the shipping rates give it (1 to ${max} characters)`;
// docs/rules.md#money-and-abuse: a cart too large for the flat-rate table waits for Printful's own quote.
export const shippingRatesUnavailable = 'Shipping rates are unavailable right now. Please try again in a few minutes.';
export const shippingRefused = (place: string) =>
  `We cannot ship this cart to ${place}. Choose another address, or contact us about this destination`;
// Shown to the studio: the order was paid with an address outside the quote, so it is held.
export const shippingAddressMismatch = (quoted: string, paid: string) =>
  `Shipping was quoted for ${quoted} but the order was paid with an address in ${paid}; held, not sent to Printful`;
export const paymentRefused =
  'The payment provider refused this checkout; your cart is unchanged. Try again or contact us';
// Discount codes (docs/rules.md#what-a-merch-shopper-expects; api/src/routes/{cart,admin}/discounts).
export const discountNotFound = 'This code does not exist or has expired';
export const discountNotApplicable = 'This code cannot be used on these items';
// Every use of a limited code is paid or held by another shopper's open checkout.
export const discountUsedUp = 'This code has been used up. Remove it to check out without it; your cart is unchanged';
// Too many wrong codes from one client or cart: guessing codes is slowed to a few an hour.
export const discountLockedOut = (minutes: number) =>
  `Too many codes that did not work. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before trying another code; your cart is unchanged`;
export const discountCodeTaken = (code: string) => `A discount code ${code} already exists`;
export const discountIdNotFound = (id: string) => `No discount with the id "${id}"`;
// Stripe caps a coupon's last day at 5 years ahead (DISCOUNT_MAX_END_DAYS).
export const discountEndTooFar =
  'endsAt must be at most 5 years ahead, the furthest Stripe allows; choose an earlier day';
// A Stripe idempotency error: the same request key was used moments ago with other settings.
export const discountStripeBusy = (code: string) =>
  `Stripe is still handling an earlier request for ${code} with other settings; nothing was saved. Try again in a minute`;
// Stripe keeps an active promotion code the store did not make (made by hand in Stripe's dashboard).
export const discountCodeAtStripe = (code: string) =>
  `Stripe already has an active code ${code} that this store did not make; switch it off in Stripe's dashboard or choose another code`;
export const crossSiteForm = "This form can only be sent from this site's own pages";
// The grace period before production (docs/after-payment.md#the-grace-period-before-production):
// what a shopper reads after asking to cancel, and why a cancellation is refused.
export const orderCancelled =
  'Your order is cancelled: nothing will be made, and the full payment is on its way back to you. An e-mail confirms it.';
export const orderCancelRequested =
  'Your order has already gone to print, so it could not be cancelled here. We have asked the studio, who will reply by e-mail within one working day.';
export const orderAlreadyCancelled =
  'This order is already cancelled and the full payment is on its way back to you; there is nothing more to do.';
export const orderCancelAlreadyRequested =
  'You have already asked to cancel this order. The studio will reply by e-mail within one working day; there is no need to ask again.';
export const orderCancelNotPaid =
  'This order was never paid, so there is nothing to cancel. The items are still in your cart.';
export const orderCancelRefunded = 'This order has already been refunded in full, so there is nothing left to cancel.';
export const orderCancelShipped =
  'This order has already shipped, so it can no longer be cancelled. Reply to your confirmation e-mail to arrange a return.';
// Someone else's order, or a typo: the answer never tells which, as the lookup's does not.
export const orderCancelNotFound =
  'No order matches this order number and e-mail address, so nothing was cancelled. Check both against your confirmation e-mail.';
// The studio's hold controls (admin orders screen).
export const orderHoldNotOpen =
  'This order is no longer waiting to go to print (it was released, cancelled or never held), so its hold cannot be changed.';
// The notice a page shows after an account change (web/src/app/page-notice.tsx).
export const welcomeAccountReady = 'Welcome: your account is ready. Your orders will be kept under Account.';
export const signedOut = 'You are signed out.';
export const passwordChanged = 'Your new password is set and you are signed in.';
// Changing an order within the grace period (docs/after-payment.md#changing-an-order-within-the-grace-period):
// what the shopper reads after a change, and why one is refused with what to do instead.
export const orderLinkKeyInvalid =
  'This link to your order is incomplete. Open it again from your confirmation e-mail, or look the order up with its number and your e-mail address.';
export const orderLinkNotFound =
  'This link does not open an order. Open it again from your confirmation e-mail, or look the order up with its number and your e-mail address.';
export const orderChangeNotFound =
  'No order matches these details, so nothing was changed. Check the order number and e-mail address against your confirmation e-mail.';
export const orderChangeFieldInvalid = (field: string) => `${field}: enter a valid value; nothing was changed.`;
export const orderChangeLineUnknown =
  'This order has no such item, so nothing was changed. Reload the order and try again.';
export const orderChangeTooLate =
  'This order has already gone to print, so it can no longer be changed. Reply to your confirmation e-mail if something is wrong.';
export const orderChangeNotOpen =
  'This order cannot be changed: only a paid order waiting to go to print can. Reply to your confirmation e-mail if something is wrong.';
export const orderChangeConflict =
  'This order was changed a moment ago (perhaps in another window), so this change was not made. Reload the order, check it and try again.';
export const orderChangeSameVariant = 'This item already has that size and colour, so nothing was changed.';
export const orderChangeVariantUnavailable = (name: string, choice: string) =>
  `${name} is not available in ${choice} now, so nothing was changed. Choose another size or colour.`;
export const orderChangePriceDiffers = (name: string, choice: string, price: string, paid: string) =>
  `${name} in ${choice} costs ${price}, not the ${paid} you paid, so it cannot be swapped here and nothing was changed. To have it, cancel this order (you are refunded in full) and order again.`;
export const orderChangeOtherCountry = (country: string) =>
  `An order can only be sent to another address in the same country (${country}), so nothing was changed. To send it abroad, cancel this order (you are refunded in full) and order again.`;
export const orderChangeOtherState = (state: string) =>
  `Shipping and tax were worked out for ${state}, so the address can only be corrected within it and nothing was changed. To send it to another state, cancel this order (you are refunded in full) and order again.`;
export const orderChangePostalCodeRequired = 'Postal code: this country needs one; nothing was changed.';
export const orderChangeShippingHigher = (extra: string, method: string) =>
  `Shipping ${method} to the new address costs ${extra} more than you paid, so the address was not changed. To send it there, cancel this order (you are refunded in full) and order again with the new address.`;
export const orderChangeShippingUnavailable = (method: string) =>
  `${method} does not go to the new address, so it was not changed. To send it there, cancel this order (you are refunded in full) and order again with the new address.`;
export const orderChangeShippingUnknown =
  'We could not check the shipping cost to the new address just now, so nothing was changed. Please try again in a few minutes.';
export const orderChangeSameAddress = 'This is already the address the order goes to, so nothing was changed.';
export const orderChanged =
  'Your order is changed. An e-mail confirms it; it still goes to print when the time to change your mind is over.';
// The studio's answer to a request to cancel (admin order page).
export const cancelDecisionInvalid = 'Choose accept or decline';
export const cancelRequestNotOpen =
  'This order has no request to cancel waiting for an answer (none was made, or it was answered already).';
// A step to a page whose code or data cannot arrive because the browser is offline (web:
// features/network-status/components/offline-navigation-notice.tsx); the step resumes by itself.
// It does not say "offline" again: the notice under the header says it.
export const offlineNavigation = 'This page needs a connection: it opens as soon as you are back online.';
