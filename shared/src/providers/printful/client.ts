import { setTimeout as sleep } from 'node:timers/promises';
import type { z } from 'zod';
import { LIBRARY_DEFAULT_RETRY, LIBRARY_RETRY_CAP_MS, PRINTFUL_SANDBOX_TOKEN } from '../../constants/index.js';
import type { Config } from '../../server/config/index.js';
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
import {
  envelopeSchema,
  errorEnvelopeSchema,
  printfulCatalogProductSchema,
  printfulOrderInputSchema,
  printfulOrderUpdateSchema,
  printfulOrderSchema,
  printfulProductDetailSchema,
  printfulShippingRatesInputSchema,
  printfulShippingRatesSchema,
  printfulSizeGuideSchema,
  printfulWebhookConfigSchema,
  printfulWebhookReadSchema,
  productListSchema,
  type Paging,
  type PrintfulWebhookConfig,
  type PrintfulCatalogProduct,
  type PrintfulOrder,
  type PrintfulOrderInput,
  type PrintfulOrderUpdate,
  type PrintfulProductDetail,
  type PrintfulShippingRate,
  type PrintfulShippingRatesInput,
  type PrintfulSizeGuide,
  type PrintfulSyncProduct,
} from './wire.js';

// The project's Printful v1 client (docs/providers.md#printful-api). It runs unchanged
// against api.printful.com and the local sandbox (PRINTFUL_API_URL). Every response is checked
// with zod; failures surface as the typed errors of printful-errors.ts. Retries live in one
// place (`send`): a 429 waits Retry-After and tries again, a 5xx or network failure backs off
// exponentially a few times.

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

export interface PrintfulClientOptions {
  baseUrl: string;
  /** Bearer token; the sandbox accepts any. */
  apiKey: string;
  /** Sent as X-PF-Store-Id (needed with account-level tokens). */
  storeId?: string;
  /** Shared pacing across replicas; without one, requests go out as fast as they are made. */
  pacer?: RequestPacer;
  /** `false` surfaces every failure at once (tests, health checks). */
  retry?: Partial<RetryPolicy> | false;
  timeoutMs?: number;
}

/** Printful's largest page (docs/providers.md#printful-sync-products). */
export const PRINTFUL_PAGE_LIMIT = 100;

interface Response<T> {
  result: T;
  paging?: Paging;
}

interface RequestSpec<T> {
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

/** Printful's address and credentials as the environment sets them (docs/configuration.md#how-configuration-is-read). */
export type PrintfulConnection = Pick<PrintfulClientOptions, 'baseUrl' | 'apiKey' | 'storeId'>;

export function printfulConnection(config: Config): PrintfulConnection {
  return {
    baseUrl: config.PRINTFUL_API_URL,
    apiKey: config.PRINTFUL_API_KEY ?? PRINTFUL_SANDBOX_TOKEN,
    storeId: config.PRINTFUL_STORE_ID,
  };
}

/** The URL and headers of a request to `path`; the client and the configuration check both send these. */
export function printfulRequestTarget(
  { baseUrl, apiKey, storeId }: PrintfulConnection,
  path: string,
): { url: string; headers: Record<string, string> } {
  const headers: Record<string, string> = { Authorization: `Bearer ${apiKey}`, Accept: 'application/json' };
  if (storeId) headers['X-PF-Store-Id'] = storeId;
  return { url: `${baseUrl.replace(/\/+$/, '')}${path}`, headers };
}

export class PrintfulClient {
  private readonly retry: RetryPolicy | null;

  constructor(private readonly options: PrintfulClientOptions) {
    this.retry = options.retry === false ? null : { ...DEFAULT_RETRY_POLICY, ...options.retry };
  }

  async listProducts({ offset = 0, limit = 20 }: { offset?: number; limit?: number } = {}): Promise<{
    products: PrintfulSyncProduct[];
    paging: Paging;
  }> {
    const { result, paging } = await this.send({
      method: 'GET',
      path: `/store/products?offset=${offset}&limit=${Math.min(limit, PRINTFUL_PAGE_LIMIT)}`,
      schema: productListSchema,
      idempotent: true,
    });
    return { products: result, paging: paging ?? { total: offset + result.length, offset, limit } };
  }

  /**
   * Every sync product, a page of 100 at a time. `total` is what Printful reported on the last
   * page: when it differs from the number of distinct products, the catalogue changed while it
   * was being read.
   */
  async listAllProducts(): Promise<{ products: PrintfulSyncProduct[]; total: number }> {
    const byId = new Map<number, PrintfulSyncProduct>();
    let offset = 0;
    let total = 0;
    for (;;) {
      const page = await this.listProducts({ offset, limit: PRINTFUL_PAGE_LIMIT });
      for (const p of page.products) byId.set(p.id, p);
      total = page.paging.total;
      offset += page.products.length;
      if (page.products.length === 0 || offset >= total) break;
    }
    return { products: [...byId.values()], total };
  }

  /** `id` is the sync product id or `@<external_id>`. */
  async getProduct(id: number | string): Promise<PrintfulProductDetail> {
    const key = String(id);
    const { result } = await this.send({
      method: 'GET',
      path: `/store/products/${encodeURIComponent(key).replace(/^%40/, '@')}`,
      schema: printfulProductDetailSchema,
      idempotent: true,
      productId: key,
    });
    return result;
  }

  /** v1 catalog product (reference A2): every variant of a blank with Printful's price, i.e. the store's cost. */
  async getCatalogProduct(id: number): Promise<PrintfulCatalogProduct> {
    return (
      await this.send({
        method: 'GET',
        path: `/products/${id}`,
        schema: printfulCatalogProductSchema,
        idempotent: true,
      })
    ).result;
  }

  /** v1 catalog size guide of a blank, its tables in inches and centimetres (404 when it has none). */
  async getSizeGuide(catalogProductId: number): Promise<PrintfulSizeGuide> {
    return (
      await this.send({
        method: 'GET',
        path: `/products/${catalogProductId}/sizes?unit=inches,cm`,
        schema: printfulSizeGuideSchema,
        idempotent: true,
      })
    ).result;
  }

  /** Draft unless `confirm`; with an external_id a duplicate is PrintfulExternalIdInUseError. */
  async createOrder(
    order: PrintfulOrderInput,
    { confirm = false, updateExisting = false } = {},
  ): Promise<PrintfulOrder> {
    const body = printfulOrderInputSchema.parse(order);
    const { result } = await this.send({
      method: 'POST',
      path: `/orders?confirm=${confirm}&update_existing=${updateExisting}`,
      schema: printfulOrderSchema,
      body,
      idempotent: body.external_id !== undefined,
    });
    return result;
  }

  async getOrder(id: number): Promise<PrintfulOrder> {
    return (await this.send({ method: 'GET', path: `/orders/${id}`, schema: printfulOrderSchema, idempotent: true }))
      .result;
  }

  async getOrderByExternalId(externalId: string): Promise<PrintfulOrder> {
    const path = `/orders/@${encodeURIComponent(externalId)}`;
    return (await this.send({ method: 'GET', path, schema: printfulOrderSchema, idempotent: true })).result;
  }

  /** The shipping methods Printful offers for these catalogue variants and this destination. */
  async getShippingRates(
    input: PrintfulShippingRatesInput,
    { turn }: { turn?: PacerTurn } = {},
  ): Promise<PrintfulShippingRate[]> {
    const body = printfulShippingRatesInputSchema.parse(input);
    // A rate quote changes nothing at Printful, so it is safe to send again.
    const { result } = await this.send({
      method: 'POST',
      path: '/shipping/rates',
      schema: printfulShippingRatesSchema,
      body,
      idempotent: true,
      turn,
    });
    return result;
  }

  /**
   * Changes a draft (v1 `PUT /orders/{id}`, docs/providers.md#printful-orders): its recipient, items or
   * shipping. Printful refuses it once the order is confirmed; the caller reads the order then.
   * The same body sent twice leaves the same draft, so it is safe to repeat.
   */
  async updateOrder(id: number, update: PrintfulOrderUpdate): Promise<PrintfulOrder> {
    const body = printfulOrderUpdateSchema.parse(update);
    return (
      await this.send({ method: 'PUT', path: `/orders/${id}`, schema: printfulOrderSchema, body, idempotent: true })
    ).result;
  }

  /**
   * A failed order, fixed in Printful's dashboard, submitted again: v1 `PUT /orders/{id}?confirm=1`
   * with nothing to change (confirm takes drafts only; PUT takes draft and failed orders).
   */
  async resubmitOrder(id: number): Promise<PrintfulOrder> {
    return (
      await this.send({
        method: 'PUT',
        path: `/orders/${id}?confirm=1`,
        schema: printfulOrderSchema,
        body: {},
        idempotent: true,
      })
    ).result;
  }

  /** Draft -> pending (Printful charges the order from here on). */
  async confirmOrder(id: number): Promise<PrintfulOrder> {
    // A confirm that reached Printful before a 5xx would be answered "not a draft" on a retry,
    // which the caller resolves by reading the order; so it is safe to repeat.
    return (
      await this.send({ method: 'POST', path: `/orders/${id}/confirm`, schema: printfulOrderSchema, idempotent: true })
    ).result;
  }

  /**
   * Cancels a draft or pending order (v1 `DELETE /orders/{id}`; docs/providers.md#printful-orders); `id` is Printful's id or `@<external_id>`. A repeat meets an order already canceled,
   * which Printful refuses like any other status it cannot cancel: the caller reads the order.
   */
  async cancelOrder(id: number | string): Promise<PrintfulOrder> {
    const key = typeof id === 'number' ? String(id) : `@${encodeURIComponent(id.replace(/^@/, ''))}`;
    return (
      await this.send({ method: 'DELETE', path: `/orders/${key}`, schema: printfulOrderSchema, idempotent: true })
    ).result;
  }

  /**
   * v1 `POST /webhooks`: the store's one webhook URL and the event types sent to it. Each call
   * replaces the whole configuration, so sending the same one again changes nothing.
   */
  async setWebhooks(input: PrintfulWebhookConfig): Promise<PrintfulWebhookConfig> {
    const body = printfulWebhookConfigSchema.parse(input);
    return (
      await this.send({
        method: 'POST',
        path: '/webhooks',
        schema: printfulWebhookConfigSchema,
        body,
        idempotent: true,
      })
    ).result;
  }

  /** v1 `GET /webhooks`: the configuration Printful sends events by (no URL when none is set). */
  async getWebhooks(): Promise<{ url: string | null; types: string[] }> {
    return (await this.send({ method: 'GET', path: '/webhooks', schema: printfulWebhookReadSchema, idempotent: true }))
      .result;
  }

  private async send<T>(spec: RequestSpec<T>): Promise<Response<T>> {
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

  private async once<T>({ method, path, schema, body, productId }: RequestSpec<T>): Promise<Response<T>> {
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

/** The client as configured by the environment (docs/configuration.md#how-configuration-is-read). */
export function createPrintfulClient(
  config: Config,
  extra: Pick<PrintfulClientOptions, 'pacer' | 'retry' | 'timeoutMs'> = {},
): PrintfulClient {
  return new PrintfulClient({ ...printfulConnection(config), ...extra });
}
