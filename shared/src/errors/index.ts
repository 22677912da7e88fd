// The error catalogue (docs/contracts.md#errors) and the API error codes (docs/contracts.md#http-api).
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

export * as MESSAGES from './messages/index.js';

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

/** The API's error body (docs/contracts.md#http-api). */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: unknown };
}

/** Retryable as docs/contracts.md#errors says: these codes, any 4xx/5xx, and network-like messages. */
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
