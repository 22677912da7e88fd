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
  productNotFound: 'Product not found in any collection',
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

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
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
