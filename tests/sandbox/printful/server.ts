import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import {
  Catalogue,
  initialCatalogue,
  buildProduct,
  type CatalogueProduct,
  type ProductPatch,
  type ProductSpec,
} from './catalog.js';
import { Faults, type FaultsRequest } from './faults.js';
import { svgToPng } from './mockup-png.js';
import { designSvg, isMockupKind, isMockupView, mockupSvg, MOCKUP_KINDS } from './mockup-svg.js';
import { OrderError, SandboxOrders } from './orders.js';
import { quotedQuantity, shippingRates } from './shipping-rates.js';
import {
  catalogProduct,
  syncProductDetail,
  syncProductDetailMissingFields,
  syncProductSummary,
} from './printful-wire.js';
import {
  orderEventControlSchema,
  PrintfulWebhookSender,
  type OrderEventControl,
  type PrintfulWebhookDelivery,
} from './order-webhooks.js';
import { FixedWindowLimit, type WindowState } from './rate-limit-window.js';
import { sizeGuideResult } from './size-tables.js';

// A local server speaking Printful v1's wire protocol (docs/architecture.md#real-parts-and-embedded-defaults, "Provider
// sandboxes"; docs/providers.md#printful-api), so the project's real Printful client runs
// unchanged against it. Admin routes under /__sandbox switch faults and edit the catalogue;
// /images serves generated PNG mockups so nothing is downloaded.

export interface PrintfulSandboxOptions {
  /** Refuse a shipping-rate recipient without address1 and city, as v1's AddressInfo schema has it. */
  ratesRequireStreet?: boolean;
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** Calls per window before 429 (Printful: 120 a minute). */
  rateLimitPerMin?: number;
  /** Window length; tests shorten it. Default 60 000 ms. */
  windowMs?: number;
  /** A product count (demo products first, then generated ones) or explicit product specs. */
  products?: number | ProductSpec[];
  /** Seed of the generated products. */
  seed?: number;
  /** Base of the image URLs in product data; default the address the request was sent to. */
  publicUrl?: string;
  /** The store's webhook URL (the API's /api/webhooks/printful/<token>); a function when known later. */
  webhookUrl?: string | (() => string);
  /** The Printful store's default currency: shipping rates come in it unless the request names `currency`. */
  storeCurrency?: string;
}

export interface SandboxStats {
  /** Authenticated API requests, including the ones answered 429 or 5xx. */
  requests: number;
  /** The same, per route ('GET /store/products/{id}', ...). */
  byRoute: Record<string, number>;
  /** Product detail bodies served, per product id. */
  productDetails: Record<string, number>;
  rateLimited: number;
  serverErrors: number;
  unauthorized: number;
}

export interface PrintfulSandbox {
  url: string;
  port: number;
  close(): Promise<void>;
  /** Catalogue, orders, faults, stats and the rate window back to the start. */
  reset(): void;
  faults: Faults;
  /** Turns the rate recipient's address1/city requirement on or off (option `ratesRequireStreet`). */
  requireStreetForRates(on: boolean): void;
  catalogue: {
    list(): CatalogueProduct[];
    get(id: number): CatalogueProduct | undefined;
    add(spec: ProductSpec): CatalogueProduct;
    update(id: number, patch: ProductPatch): CatalogueProduct | undefined;
    remove(id: number): boolean;
    size(): number;
  };
  stats: { snapshot(): SandboxStats; reset(): void };
  orders: SandboxOrders;
  /** Order webhooks sent (order events and the cancellations the API asked for). */
  webhooks: { deliveries: PrintfulWebhookDelivery[] };
  /** Moves an order as Printful would (failed, held, shipped...) and delivers the webhook. */
  orderEvent(key: string, control: OrderEventControl): Promise<PrintfulWebhookDelivery[]>;
}

const ROUTES = [
  { method: 'GET', pattern: /^\/store\/products$/, key: 'GET /store/products' },
  { method: 'GET', pattern: /^\/store\/products\/(@?[^/]+)$/, key: 'GET /store/products/{id}' },
  { method: 'GET', pattern: /^\/products\/(\d+)$/, key: 'GET /products/{id}' },
  { method: 'GET', pattern: /^\/products\/(\d+)\/sizes$/, key: 'GET /products/{id}/sizes' },
  { method: 'POST', pattern: /^\/orders$/, key: 'POST /orders' },
  { method: 'GET', pattern: /^\/orders\/(@?[^/]+)$/, key: 'GET /orders/{id}' },
  { method: 'POST', pattern: /^\/orders\/(@?[^/]+)\/confirm$/, key: 'POST /orders/{id}/confirm' },
  { method: 'POST', pattern: /^\/shipping\/rates$/, key: 'POST /shipping/rates' },
  { method: 'DELETE', pattern: /^\/orders\/(@?[^/]+)$/, key: 'DELETE /orders/{id}' },
  { method: 'PUT', pattern: /^\/orders\/(@?[^/]+)$/, key: 'PUT /orders/{id}' },
  { method: 'POST', pattern: /^\/webhooks$/, key: 'POST /webhooks' },
  { method: 'GET', pattern: /^\/webhooks$/, key: 'GET /webhooks' },
] as const;

/** v1 webhook event types (reference: Printful's v1 OpenAPI `x-webhooks`). */
const WEBHOOK_TYPES = [
  'package_shipped',
  'package_returned',
  'order_created',
  'order_updated',
  'order_failed',
  'order_canceled',
  'product_synced',
  'product_updated',
  'product_deleted',
  'stock_updated',
  'order_put_hold',
  'order_put_hold_approval',
  'order_remove_hold',
] as const;
const webhookConfigSchema = z.object({
  url: z.url({ protocol: /^https?$/, error: 'Webhook URL must be a valid http(s) URL' }),
  types: z
    .array(z.enum(WEBHOOK_TYPES, { error: 'Unknown webhook event type' }))
    .min(1, 'Choose at least one event type'),
  params: z.record(z.string(), z.unknown()).optional(),
});
type WebhookConfig = z.infer<typeof webhookConfigSchema>;
type RouteKey = (typeof ROUTES)[number]['key'];

const LIST_DEFAULT_LIMIT = 20;
/** Shipping-rate quotes over this many items get a limit of their own (docs/providers.md#printful-shipping-rates). */
const LARGE_QUOTE_QUANTITY = 100;
const LARGE_QUOTE_LIMIT = 5;
const LIST_MAX_LIMIT = 100;
const MAX_BODY_BYTES = 1_000_000;

const REASONS: Record<number, string> = {
  400: 'BadRequest',
  401: 'BadRequest',
  404: 'NotFound',
  429: 'TooManyRequests',
  500: 'InternalServerError',
  502: 'BadGateway',
  503: 'ServiceUnavailable',
};

const productSpecSchema = z
  .object({
    id: z.number().int().positive().optional(),
    name: z.string().min(1),
    kind: z.enum(MOCKUP_KINDS),
    description: z.string().optional(),
    colours: z.array(z.string()).min(1).max(4).optional(),
    sizes: z.array(z.string()).min(1).max(6).optional(),
    price: z
      .string()
      .regex(/^\d+(\.\d{1,2})?$/)
      .optional(),
  })
  .strict();
const productPatchSchema = z
  .object({
    name: z.string().min(1).optional(),
    description: z.string().optional(),
    price: z
      .string()
      .regex(/^\d+(\.\d{1,2})?$/)
      .optional(),
    ignored: z.boolean().optional(),
    ignoredVariantIds: z.array(z.number().int().positive()).max(200).optional(),
  })
  .strict();

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function envelopeError(status: number, message: string, result?: unknown) {
  return { code: status, result: result ?? message, error: { reason: REASONS[status] ?? 'Error', message } };
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new HttpError(400, 'Request body is too large');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Request body is not valid JSON');
  }
}

function rateHeaders(state: WindowState, windowMs: number): Record<string, string> {
  return {
    'X-Ratelimit-Policy': `${state.limit};w=${Math.round(windowMs / 1000)};`,
    'X-Ratelimit-Limit': String(state.limit),
    'X-Ratelimit-Remaining': String(Math.max(0, state.remaining)),
    'X-Ratelimit-Reset': (Math.max(0, state.resetMs) / 1000).toFixed(3),
  };
}

function nonNegativeInt(value: string | null, name: string, fallback: number): number {
  if (value === null || value === '') return fallback;
  if (!/^\d+$/.test(value)) throw new HttpError(400, `Parameter "${name}" must be a non-negative integer`);
  return Number(value);
}

export async function startPrintfulSandbox(options: PrintfulSandboxOptions = {}): Promise<PrintfulSandbox> {
  const windowMs = options.windowMs ?? 60_000;
  const limiter = new FixedWindowLimit(options.rateLimitPerMin ?? 120, windowMs);
  const largeQuotes = new FixedWindowLimit(LARGE_QUOTE_LIMIT, windowMs);
  // Going over a shipping-rate limit locks the caller out of that call for a whole window.
  let ratesLockedUntil = 0;
  const seed = options.seed ?? 42;
  const catalogue = new Catalogue(() =>
    Array.isArray(options.products)
      ? options.products.map((spec, i) => buildProduct(spec, i))
      : initialCatalogue(options.products, seed),
  );
  const orders = new SandboxOrders(catalogue);
  let ratesRequireStreet = options.ratesRequireStreet ?? false;
  const hook = options.webhookUrl;
  // v1 `POST /webhooks`: one URL per store, each call replacing the whole configuration. Events go
  // to the registered URL; the `webhookUrl` option stands for a registration made beforehand.
  let registered: WebhookConfig | null = null;
  const webhooks = new PrintfulWebhookSender(
    () => registered?.url ?? (hook === undefined ? null : typeof hook === 'function' ? hook() : hook),
  );
  const faults = new Faults();
  const emptyStats = (): SandboxStats => ({
    requests: 0,
    byRoute: {},
    productDetails: {},
    rateLimited: 0,
    serverErrors: 0,
    unauthorized: 0,
  });
  let stats = emptyStats();
  const timers = new Set<NodeJS.Timeout>();

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  const productByKey = (key: string) =>
    key.startsWith('@')
      ? catalogue.getByExternalId(key.slice(1))
      : /^\d+$/.test(key)
        ? catalogue.get(Number(key))
        : undefined;

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, baseUrl: string): Promise<void> {
    const method = req.method ?? 'GET';
    const path = url.pathname;
    if (!/^Bearer\s+\S+/.test(req.headers.authorization ?? '')) {
      stats.unauthorized += 1;
      return send(
        res,
        401,
        envelopeError(401, 'Malformed Authorization header.'),
        rateHeaders(limiter.peek(), windowMs),
      );
    }
    const route = ROUTES.map((r) => ({ r, m: method === r.method ? r.pattern.exec(path) : null })).find((x) => x.m);
    const key: RouteKey | 'unknown' = route?.r.key ?? 'unknown';
    stats.requests += 1;
    stats.byRoute[key] = (stats.byRoute[key] ?? 0) + 1;

    const delay = faults.takeDelay(path);
    if (delay > 0) await sleep(delay);

    const quoting = key === 'POST /shipping/rates';
    const body = quoting ? await readJson(req) : undefined;
    const now = Date.now();
    const forced = faults.takeRateLimit(path);
    const lockedOut = quoting && !forced && ratesLockedUntil > now;
    let window = forced || lockedOut ? limiter.peek() : limiter.take();
    if (quoting && !forced && !lockedOut && window.allowed && quotedQuantity(body) > LARGE_QUOTE_QUANTITY) {
      const large = largeQuotes.take();
      if (!large.allowed) window = { ...large, allowed: false };
    }
    if (quoting && !forced && !lockedOut && !window.allowed) ratesLockedUntil = now + windowMs;
    const headers = rateHeaders(window, windowMs);
    if (forced || lockedOut || !window.allowed) {
      stats.rateLimited += 1;
      const retryAfterSec = forced
        ? forced.retryAfterSec
        : quoting
          ? Math.max(1, Math.ceil((ratesLockedUntil - now) / 1000))
          : Math.max(1, Math.ceil(window.resetMs / 1000));
      const message = `This endpoint is rate limited: ${limiter.limit} requests per ${Math.round(windowMs / 1000)} seconds. Please try again after ${retryAfterSec} seconds.`;
      const status = forced?.status ?? 429;
      return send(res, status, envelopeError(status, message), {
        ...headers,
        'X-Ratelimit-Remaining': '0',
        'Retry-After': String(retryAfterSec),
      });
    }
    const failure = faults.takeServerError(path);
    if (failure !== null) {
      stats.serverErrors += 1;
      return send(res, failure, envelopeError(failure, 'The sandbox was told to fail this request'), headers);
    }
    if (!route?.m) return send(res, 404, envelopeError(404, `No route for ${method} ${path}`, 'Not Found'), headers);

    const param = route.m[1];
    try {
      switch (route.r.key) {
        case 'GET /store/products': {
          const offset = nonNegativeInt(url.searchParams.get('offset'), 'offset', 0);
          const limit = Math.min(
            LIST_MAX_LIMIT,
            Math.max(1, nonNegativeInt(url.searchParams.get('limit'), 'limit', LIST_DEFAULT_LIMIT)),
          );
          const all = catalogue.list();
          const page = all.slice(offset, offset + limit).map((p) => syncProductSummary(baseUrl, p));
          return send(
            res,
            200,
            { code: 200, result: page, extra: [], paging: { total: all.length, offset, limit } },
            headers,
          );
        }
        case 'GET /store/products/{id}': {
          const product = productByKey(param);
          if (!product) return send(res, 404, envelopeError(404, 'Could not find sync product', 'Not Found'), headers);
          stats.productDetails[product.id] = (stats.productDetails[product.id] ?? 0) + 1;
          const malformed = faults.malformedKind(product.id);
          if (malformed === 'invalid-json')
            return send(res, 200, `{"code":200,"result":{"sync_product":{"id":${product.id},`, headers);
          const result =
            malformed === 'missing-fields'
              ? syncProductDetailMissingFields(baseUrl, product)
              : syncProductDetail(baseUrl, product);
          return send(res, 200, { code: 200, result, extra: [] }, headers);
        }
        case 'GET /products/{id}': {
          const result = catalogProduct(baseUrl, Number(param));
          if (!result) return send(res, 404, envelopeError(404, 'Product not found', 'Not Found'), headers);
          return send(res, 200, { code: 200, result, extra: [] }, headers);
        }
        case 'GET /products/{id}/sizes': {
          const result = sizeGuideResult(Number(param), url.searchParams.get('unit'));
          if (!result) return send(res, 404, envelopeError(404, 'Size guide not found', 'Not Found'), headers);
          return send(res, 200, { code: 200, result, extra: [] }, headers);
        }
        case 'POST /webhooks': {
          const parsed = webhookConfigSchema.safeParse(await readJson(req));
          if (!parsed.success) {
            const issue = parsed.error.issues[0];
            return send(res, 400, envelopeError(400, `${issue.path.join('.') || 'body'}: ${issue.message}`), headers);
          }
          registered = { ...parsed.data, types: [...new Set(parsed.data.types)] };
          return send(res, 200, { code: 200, result: registered }, headers);
        }
        case 'GET /webhooks':
          return send(res, 200, { code: 200, result: registered ?? { url: null, types: [], params: [] } }, headers);
        case 'POST /orders': {
          const flag = (name: string) => ['1', 'true'].includes(url.searchParams.get(name) ?? '');
          const order = orders.create(await readJson(req), {
            confirm: flag('confirm'),
            updateExisting: flag('update_existing'),
          });
          return send(res, 200, { code: 200, result: order }, headers);
        }
        case 'GET /orders/{id}': {
          const order = orders.find(param);
          if (!order) return send(res, 404, envelopeError(404, 'Order not found', 'Not Found'), headers);
          return send(res, 200, { code: 200, result: order }, headers);
        }
        case 'PUT /orders/{id}': {
          const confirm = ['1', 'true'].includes(url.searchParams.get('confirm') ?? '');
          return send(res, 200, { code: 200, result: orders.update(param, await readJson(req), { confirm }) }, headers);
        }
        case 'POST /orders/{id}/confirm':
          return send(res, 200, { code: 200, result: orders.confirm(param) }, headers);
        case 'POST /shipping/rates':
          return send(
            res,
            200,
            {
              code: 200,
              result: shippingRates(catalogue, body, options.storeCurrency ?? 'USD', {
                requireStreet: ratesRequireStreet,
              }),
            },
            headers,
          );
        case 'DELETE /orders/{id}': {
          const wasConfirmed = orders.find(param)?.status === 'pending';
          const canceled = orders.cancel(param);
          // Printful announces the cancellation of a confirmed order, whoever asked for it.
          if (wasConfirmed && hook !== undefined)
            void webhooks
              .send(
                webhooks.body(canceled, { type: 'order_canceled', reason: 'Canceled through the API' }),
                canceled.id,
              )
              .catch(() => undefined);
          return send(res, 200, { code: 200, result: canceled }, headers);
        }
      }
    } catch (e) {
      if (e instanceof OrderError || e instanceof HttpError)
        return send(res, e.status, envelopeError(e.status, e.message), headers);
      throw e;
    }
  }

  async function handleAdmin(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const method = req.method ?? 'GET';
    const productId = /^\/__sandbox\/products\/(\d+)$/.exec(path)?.[1];
    const parse = <T>(schema: z.ZodType<T>, body: unknown): T => {
      const result = schema.safeParse(body);
      if (!result.success) throw new HttpError(400, z.prettifyError(result.error));
      return result.data;
    };
    if (path === '/__sandbox/faults' && method === 'GET') return send(res, 200, faults.snapshot());
    if (path === '/__sandbox/faults' && method === 'POST') {
      const body = (await readJson(req)) as FaultsRequest;
      try {
        return send(res, 200, faults.apply(body));
      } catch (e) {
        if (e instanceof z.ZodError) throw new HttpError(400, z.prettifyError(e));
        throw e;
      }
    }
    if (path === '/__sandbox/products' && method === 'GET') return send(res, 200, catalogue.list());
    if (path === '/__sandbox/products' && method === 'POST') {
      const spec = parse(productSpecSchema, await readJson(req));
      try {
        return send(res, 201, catalogue.add(spec));
      } catch (e) {
        throw new HttpError(400, (e as Error).message);
      }
    }
    if (productId && method === 'PATCH') {
      const updated = catalogue.update(Number(productId), parse(productPatchSchema, await readJson(req)));
      return updated ? send(res, 200, updated) : send(res, 404, { error: `No product ${productId}` });
    }
    if (productId && method === 'DELETE') {
      return catalogue.remove(Number(productId))
        ? send(res, 200, { deleted: Number(productId) })
        : send(res, 404, { error: `No product ${productId}` });
    }
    if (path === '/__sandbox/stats' && method === 'GET') return send(res, 200, stats);
    if (path === '/__sandbox/orders' && method === 'GET') return send(res, 200, orders.list());
    const orderEvent = /^\/__sandbox\/orders\/(@?[^/]+)\/events$/.exec(path);
    if (orderEvent && method === 'POST') {
      const control = parse(orderEventControlSchema, await readJson(req));
      try {
        return send(res, 200, { deliveries: await webhooks.fire(orders, decodeURIComponent(orderEvent[1]), control) });
      } catch (e) {
        if (e instanceof OrderError) return send(res, e.status, { error: e.message });
        throw e;
      }
    }
    if (path === '/__sandbox/reset' && method === 'POST') {
      reset();
      return send(res, 200, { reset: true });
    }
    return send(res, 404, { error: `No sandbox admin route ${method} ${path}` });
  }

  /** Mockups and print files as PNGs (Printful's are raster), drawn from the catalogue's SVG. */
  async function handleImage(res: ServerResponse, url: URL): Promise<void> {
    const label = url.searchParams.get('label') ?? 'Studio merch';
    const mockup = /^\/images\/mockups\/([a-z]+)\/([0-9a-fA-F]{6})(?:-([a-z]+))?\.png$/.exec(url.pathname);
    const design = /^\/images\/designs\/\d+\.png$/.test(url.pathname);
    let svg: string | null = null;
    const view = mockup?.[3] ?? 'front';
    if (mockup && isMockupKind(mockup[1]) && isMockupView(view))
      svg = mockupSvg(mockup[1], mockup[2].toLowerCase(), label, view);
    else if (design) svg = designSvg(label);
    if (svg === null) return send(res, 404, { error: 'No such image' });
    const png = await svgToPng(svg);
    res.writeHead(200, {
      'Content-Type': 'image/png',
      'Content-Length': png.length,
      'Cache-Control': 'public, max-age=86400',
      'Access-Control-Allow-Origin': '*',
    });
    res.end(png);
  }

  function reset(): void {
    catalogue.reset();
    orders.reset();
    faults.clear();
    limiter.reset();
    largeQuotes.reset();
    registered = null;
    ratesLockedUntil = 0;
    stats = emptyStats();
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const baseUrl = options.publicUrl ?? `http://${req.headers.host ?? `127.0.0.1:${port}`}`;
    const handled = url.pathname.startsWith('/images/')
      ? handleImage(res, url)
      : url.pathname.startsWith('/__sandbox/')
        ? handleAdmin(req, res, url.pathname)
        : handleApi(req, res, url, baseUrl);
    handled.catch((e: unknown) => {
      if (res.headersSent) return res.destroy();
      if (e instanceof HttpError)
        return send(
          res,
          e.status,
          url.pathname.startsWith('/__sandbox/') ? { error: e.message } : envelopeError(e.status, e.message),
        );
      send(res, 500, envelopeError(500, (e as Error).message ?? 'Sandbox error'));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const host = options.host && options.host !== '0.0.0.0' && options.host !== '::' ? options.host : '127.0.0.1';

  return {
    url: `http://${host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close((e) => (e ? reject(e) : resolve()));
        server.closeAllConnections();
      }),
    reset,
    faults,
    requireStreetForRates: (on: boolean) => {
      ratesRequireStreet = on;
    },
    catalogue: {
      list: () => catalogue.list(),
      get: (id) => catalogue.get(id),
      add: (spec) => catalogue.add(spec),
      update: (id, patch) => catalogue.update(id, patch),
      remove: (id) => catalogue.remove(id),
      size: () => catalogue.size(),
    },
    stats: {
      snapshot: () => structuredClone(stats),
      reset: () => {
        stats = emptyStats();
      },
    },
    orders,
    webhooks: { deliveries: webhooks.deliveries },
    orderEvent: (key, control) => webhooks.fire(orders, key, orderEventControlSchema.parse(control)),
  };
}
