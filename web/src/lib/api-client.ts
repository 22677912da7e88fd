import {
  CLOUD_FUNCTION_TIMEOUT_MS,
  FETCH_INITIAL_DELAY_MS,
  FETCH_MAX_RETRIES,
  isRetryable,
  MESSAGES,
} from '@shop/shared';
import type { ZodType } from 'zod';
import { ApiError } from './api-error';
import { authToken } from './api-token';
import { getGuestId } from './guest-id';

// The one way features talk to the API (base /api). It identifies the caller (X-Guest-Id, and a
// bearer token once sign-in registers a getter), turns `{ error: { code, message } }` into ApiError,
// and retries GETs (2 retries, 1 s doubling: the spec's fetch helper). Which failures it retries
// departs from the spec on purpose (docs/decisions.md#where-the-store-differs-from-the-original-product-on-purpose): the spec calls any
// 4xx or 5xx retryable, but the API names each error with the spec's codes, so the code decides
// and a not-found or an invalid-argument stays final; only an answer without a code (a proxy's)
// is judged by its status as the spec says.

export { ApiError, isApiError } from './api-error';
export { setAuthTokenGetter } from './api-token';

export const API_BASE = '/api';
/** Code of an ApiError raised when no HTTP answer arrived at all. */
export const NETWORK_ERROR_CODE = 'network-request-failed';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T> {
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Validates the success body; a mismatch is an ApiError, never silently wrong data. */
  schema?: ZodType<T>;
  signal?: AbortSignal;
  /** GETs retry on the failures that can pass (the API's code decides, else the status) unless this is false (e.g. an access check, where 403 is an answer). */
  retry?: boolean;
  /** Gives up on one attempt after this long (spec: 70 s, the cloud functions' time-out). */
  timeoutMs?: number;
}

/** Code of an ApiError raised when an attempt got no answer in time. */
export const TIMEOUT_ERROR_CODE = 'deadline-exceeded';

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

async function buildHeaders(options: RequestOptions<unknown>): Promise<Headers> {
  const headers = new Headers({ Accept: 'application/json', ...options.headers });
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  headers.set('X-Guest-Id', getGuestId());
  const token = await authToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function errorFromResponse(response: Response, body: unknown): ApiError {
  const error = (body as { error?: { code?: unknown; message?: unknown; details?: unknown } } | undefined)?.error;
  if (error && typeof error.code === 'string' && typeof error.message === 'string') {
    const fields = (error.details as { fields?: unknown } | undefined)?.fields;
    const named =
      fields && typeof fields === 'object'
        ? Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === 'string'))
        : {};
    return new ApiError(error.code, error.message, response.status, named);
  }
  // Not the API's error format (a proxy or the dev server answered): keep the HTTP facts.
  return new ApiError(
    `http-${response.status}`,
    `HTTP error ${response.status}: ${response.statusText}`,
    response.status,
  );
}

async function sendOnce<T>(method: Method, path: string, options: RequestOptions<T>): Promise<ApiResponse<T>> {
  // One signal for both ends: the caller giving up, and no answer within the time-out.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? CLOUD_FUNCTION_TIMEOUT_MS);
  const forward = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) forward();
  options.signal?.addEventListener('abort', forward, { once: true });
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers: await buildHeaders(options as RequestOptions<unknown>),
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
      credentials: 'same-origin',
    });
    body = await readBody(response);
  } catch (e) {
    if (timedOut) throw new ApiError(TIMEOUT_ERROR_CODE, MESSAGES.probeTimeout, 0);
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(NETWORK_ERROR_CODE, (e as Error).message || 'Network request failed', 0);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forward);
  }
  if (!response.ok) throw errorFromResponse(response, body);
  if (!options.schema) return { data: body as T, status: response.status, headers: response.headers };
  // Text where JSON was expected: something other than the API answered (a proxy, a login page).
  if (body !== undefined && (typeof body !== 'object' || body === null)) {
    throw new ApiError('invalid-response', MESSAGES.responseNotJson, response.status);
  }
  const parsed = options.schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError(
      'invalid-response',
      `Unexpected response from ${method} ${path}: ${parsed.error.issues[0]?.message ?? 'wrong shape'}`,
      response.status,
    );
  }
  return { data: parsed.data, status: response.status, headers: response.headers };
}

/**
 * Whether an API failure is worth another attempt: the spec's retryable codes decide (a not-found
 * stays final); the spec's "any 4xx or 5xx" applies only when no code came back.
 */
export function shouldRetry(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code === 'invalid-response') return false;
  if (error.code.startsWith('http-')) return isRetryable({ status: error.status, message: error.message });
  return isRetryable({ code: error.code });
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

export async function request<T>(
  method: Method,
  path: string,
  options: RequestOptions<T> = {},
): Promise<ApiResponse<T>> {
  // Only GETs are retried: repeating a write could apply it twice.
  const retries = method === 'GET' && options.retry !== false ? FETCH_MAX_RETRIES : 0;
  let delay = FETCH_INITIAL_DELAY_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      return await sendOnce(method, path, options);
    } catch (e) {
      if (attempt >= retries || !shouldRetry(e)) throw e;
      await wait(delay, options.signal);
      delay *= 2;
    }
  }
}

export const api = {
  get: async <T>(path: string, options?: Omit<RequestOptions<T>, 'body'>) =>
    (await request<T>('GET', path, options)).data,
  post: async <T>(path: string, options?: RequestOptions<T>) => (await request<T>('POST', path, options)).data,
  put: async <T>(path: string, options?: RequestOptions<T>) => (await request<T>('PUT', path, options)).data,
  patch: async <T>(path: string, options?: RequestOptions<T>) => (await request<T>('PATCH', path, options)).data,
  delete: async <T>(path: string, options?: RequestOptions<T>) => (await request<T>('DELETE', path, options)).data,
};
