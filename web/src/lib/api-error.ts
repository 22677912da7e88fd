// The API client's error, apart from the client itself so that code on every page (the query
// cache's retry rule) can recognise one without carrying the client into the first script.

export class ApiError extends Error {
  readonly code: string;
  /** HTTP status; 0 when the request never got an answer. */
  readonly status: number;
  constructor(code: string, message: string, status: number) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
