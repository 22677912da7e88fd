import { setTimeout as sleep } from 'node:timers/promises';
import type { z } from 'zod';
import { LIBRARY_DEFAULT_RETRY, LIBRARY_RETRY_CAP_MS } from '../../constants/index.js';
import { printfulRequestTarget, type PrintfulConnection } from './connection.js';
import {
  PrintfulError,
  PrintfulExternalIdInUseError,
  PrintfulMalformedError,
  PrintfulNotFoundError,
  PrintfulRateLimitError,
  PrintfulRequestError,
  PrintfulUnavailableError,
} from './errors.js';
import { PRINTFUL_RATE_LIMIT_STATUSES } from './order-model.js';
import type { PacerTurn, RequestPacer } from './pacer.js';
import { envelopeSchema, errorEnvelopeSchema, type Paging } from './wire.js';

// One request to Printful and its retries, in one place (docs/providers.md#printful-api): every
// response is checked with zod and failures surface as the typed errors of errors.ts. A 429 (or
// 419) waits Retry-After and tries again; a 5xx or network failure backs off exponentially a few
// times, for requests that are safe to send twice.

export interface RetryPolicy {
  /** Attempts for a 5xx or network failure, the first included. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** How many 429s in a row one call sits out before giving up. */
  maxRateLimitWaits: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: LIBRARY_DEFAULT_RETRY + 1, // the first attempt, then the spec's 3 retries
  baseDelayMs: 1000,
  maxDelayMs: LIBRARY_RETRY_CAP_MS,
  maxRateLimitWaits: 20,
};

export interface PrintfulClientOptions extends PrintfulConnection {
  /** Shared pacing across replicas; without one, requests go out as fast as they are made. */
  pacer?: RequestPacer;
  /** `false` surfaces every failure at once (tests, health checks). */
  retry?: Partial<RetryPolicy> | false;
  timeoutMs?: number;
}

export interface PrintfulResponse<T> {
  result: T;
  paging?: Paging;
}

export interface RequestSpec<T> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  schema: z.ZodType<T>;
  body?: unknown;
  /** Safe to send twice (all reads; order creation only with an external_id). */
  idempotent: boolean;
  /** For error messages and PrintfulMalformedError.productId. */
  productId?: string;
  /** A shopper's place in the fair queue for the interactive share (shipping quotes). */
  turn?: PacerTurn;
}

function retryAfterMs(headers: Headers): number {
  const retryAfter = headers.get('retry-after');
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, date - Date.now());
  }
  const reset = Number(headers.get('x-ratelimit-reset'));
  return Number.isFinite(reset) && reset > 0 ? reset * 1000 : 60_000;
}

function numberHeader(headers: Headers, name: string): number | null {
  const value = headers.get(name);
  const n = value === null ? NaN : Number(value);
  return Number.isFinite(n) ? n : null;
}

export class PrintfulTransport {
  private readonly retry: RetryPolicy | null;

  constructor(private readonly options: PrintfulClientOptions) {
    this.retry = options.retry === false ? null : { ...DEFAULT_RETRY_POLICY, ...options.retry };
  }

  async send<T>(spec: RequestSpec<T>): Promise<PrintfulResponse<T>> {
    let failures = 0;
    let rateLimitWaits = 0;
    for (;;) {
      await this.options.pacer?.acquire(spec.turn);
      try {
        return await this.once(spec);
      } catch (error) {
        if (!this.retry || !(error instanceof PrintfulError) || !error.retryable) throw error;
        if (error instanceof PrintfulRateLimitError) {
          if (++rateLimitWaits > this.retry.maxRateLimitWaits) throw error;
          await this.options.pacer?.pause(error.retryAfterMs);
          await sleep(error.retryAfterMs);
          continue;
        }
        if (!spec.idempotent || ++failures >= this.retry.maxAttempts) throw error;
        await sleep(Math.min(this.retry.maxDelayMs, this.retry.baseDelayMs * 2 ** (failures - 1)));
      }
    }
  }

  private async once<T>({ method, path, schema, body, productId }: RequestSpec<T>): Promise<PrintfulResponse<T>> {
    const what = `Printful ${method} ${path.split('?')[0]}`;
    const { url, headers } = printfulRequestTarget(this.options, path);
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response: globalThis.Response;
    let text: string;
    try {
      response = await fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
      });
      text = await response.text();
    } catch (e) {
      throw new PrintfulUnavailableError(`${what} failed: ${(e as Error).message}`, null);
    }
    await this.options.pacer?.observe({
      remaining: numberHeader(response.headers, 'x-ratelimit-remaining'),
      resetMs: (numberHeader(response.headers, 'x-ratelimit-reset') ?? 0) * 1000 || null,
    });

    let json: unknown;
    let parsedJson = true;
    try {
      json = JSON.parse(text);
    } catch {
      parsedJson = false;
    }
    const status = response.status;
    // 419 is v1's "rate limited warning": the pacer waits it out like a 429 (Printful's Errors list).
    if (PRINTFUL_RATE_LIMIT_STATUSES.includes(status))
      throw new PrintfulRateLimitError(`${what}: rate limited (${status})`, retryAfterMs(response.headers));
    if (status >= 500) throw new PrintfulUnavailableError(`${what}: ${status} ${response.statusText}`, status);
    if (status >= 400) {
      const message = errorEnvelopeSchema.safeParse(json).data?.error?.message ?? response.statusText;
      if (status === 404) throw new PrintfulNotFoundError(`${what}: ${message}`);
      if (/\bOR-13\b|EXTERNAL_ID_IN_USE/i.test(message)) throw new PrintfulExternalIdInUseError(`${what}: ${message}`);
      throw new PrintfulRequestError(`${what}: ${status} ${message}`, status);
    }
    if (!parsedJson) throw new PrintfulMalformedError(`${what}: the response is not valid JSON`, productId ?? null);
    const parsed = envelopeSchema(schema).safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new PrintfulMalformedError(
        `${what}: unexpected response (${issue.path.join('.')}: ${issue.message})`,
        productId ?? null,
      );
    }
    return { result: parsed.data.result as T, paging: parsed.data.paging };
  }
}
