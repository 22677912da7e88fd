import { AppError, type ErrorCode } from '../../errors/index.js';

// Typed failures of the Printful client. They are AppErrors, so a caller that lets one escape
// to the API gets the right HTTP status without a mapping of its own.

export class PrintfulError extends AppError {
  constructor(
    code: ErrorCode,
    message: string,
    /** Printful's HTTP status (null when no response came back); `status` is the API's. */
    readonly printfulStatus: number | null,
    readonly retryable: boolean,
  ) {
    super(code, message);
    this.name = new.target.name;
  }
}

/** 429: wait `retryAfterMs` (from Retry-After) and send the same request again. */
export class PrintfulRateLimitError extends PrintfulError {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super('resource-exhausted', message, 429, true);
  }
}

/** 5xx, a time-out or a network failure: worth retrying later. */
export class PrintfulUnavailableError extends PrintfulError {
  constructor(message: string, status: number | null) {
    super('unavailable', message, status, true);
  }
}

/** A 2xx body that is not JSON or not the documented shape. */
export class PrintfulMalformedError extends PrintfulError {
  constructor(
    message: string,
    readonly productId: string | null = null,
  ) {
    super('internal', message, null, false);
  }
}

export class PrintfulNotFoundError extends PrintfulError {
  constructor(message: string) {
    super('not-found', message, 404, false);
  }
}

/** OR-13: an order with this external_id exists already; read it with getOrderByExternalId. */
export class PrintfulExternalIdInUseError extends PrintfulError {
  constructor(message: string) {
    super('aborted', message, 400, false);
  }
}

/** Any other 4xx: the request itself is wrong (or the token is), retrying will not help. */
export class PrintfulRequestError extends PrintfulError {
  constructor(message: string, status: number) {
    super(
      status === 401 ? 'unauthenticated' : status === 403 ? 'permission-denied' : 'invalid-argument',
      message,
      status,
      false,
    );
  }
}

/** How a Printful failure reads to the shop: one to wait out, or Printful's refusal. */
export type PrintfulFailure = 'waitable' | 'refused';

/** The client's errors carry Printful's status and whether a retry may help. */
function isPrintfulError(error: unknown): error is AppError & { printfulStatus: number | null; retryable: boolean } {
  return error instanceof AppError && 'printfulStatus' in error && 'retryable' in error;
}

/** What kind of failure an error of the Printful client is; null when `error` is not one. */
export function printfulFailure(error: unknown): PrintfulFailure | null {
  if (!isPrintfulError(error)) return null;
  return error.retryable || error.code === 'internal' ? 'waitable' : 'refused';
}
