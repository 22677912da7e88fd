// The API client's error, apart from the client itself so that code on every page (the query
// cache's retry rule) can recognise one without carrying the client into the first script.

export class ApiError extends Error {
  readonly code: string;
  /** HTTP status; 0 when the request never got an answer. */
  readonly status: number;
  /** A refused form's fields, each with its own sentence (the API's `details.fields`). */
  readonly fields: Readonly<Record<string, string>>;
  constructor(code: string, message: string, status: number, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.fields = fields;
  }
}

/**
 * What a form shows for a refused request: the sentence of the first field the API named (it says
 * which field and what is wrong), else the error's own message.
 */
export function formProblem(error: unknown): string {
  if (error instanceof ApiError) {
    const [first] = Object.values(error.fields);
    if (first) return first;
  }
  return error instanceof Error ? error.message : String(error);
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
