import { STRIPE_IDEMPOTENCY_KEY_TTL_MS, stripeSavesResult } from '@shop/shared/providers/stripe/rules';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { postalCodeRequired } from '@shop/shared/schemas';
import {
  createSession,
  expansions,
  randomId,
  settle,
  StripeApiError,
  type SandboxLineItem,
  type SandboxSession,
  type SessionRecord,
} from './checkout-session.js';
import { fingerprint, parseForm, type FormObject } from './form-encoding.js';
import {
  closedPage,
  DEMO_SHIPPING,
  recoveryPage,
  notFoundPage,
  paymentPage,
  type PayForm,
  type ShippingForm,
} from './hosted-page.js';
import { createPayments, type SandboxPayments } from './refunds.js';
import { createDiscounts, type SandboxDiscounts } from './discounts.js';
import {
  buildEvent,
  CHECKOUT_EVENT_TYPES,
  WebhookSender,
  type CheckoutEventType,
  type Delivery,
  type DeliveryOptions,
  type SandboxEvent,
} from './webhook-delivery.js';

// A local Stripe that the official SDK talks to unchanged (docs/architecture.md#real-parts-and-embedded-defaults, "Provider
// sandboxes"): Checkout Sessions over Stripe's form-encoded wire format, a hosted payment page, and
// signed webhooks. Test controls under /__sandbox replay, duplicate and reorder events.

export interface StripeSandboxOptions {
  port?: number;
  host?: string;
  /** Where events are POSTed: the API's /api/webhooks/stripe (a function when known only later). */
  webhookUrl: string | (() => string);
  /** The `whsec_...` secret the API verifies with. */
  webhookSecret: string;
  /** Origin of the hosted page links handed to browsers; default http://127.0.0.1:<port>. */
  publicUrl?: string;
  /** Retry delays for the event sent when the shopper presses Pay (Stripe retries failed deliveries). */
  payRetryDelaysMs?: number[];
  /** Also accept live-mode keys (sk_live_...): the production smoke test runs live-mode settings here. */
  acceptLiveKeys?: boolean;
  /**
   * true: the account has set up Stripe Tax (a head-office address and registrations). Real Stripe
   * refuses every session asking for automatic tax until then, and so does the sandbox by default.
   */
  taxActivated?: boolean;
  /**
   * Restricted keys (`rk_test_...`) and the resources each may use, named as Stripe's Dashboard
   * names the permissions ('Checkout Sessions', 'Refunds', 'Charges', 'Disputes', 'Coupons',
   * 'Promotion codes', 'Tax settings'): any other resource answers 403, as Stripe does.
   */
  restrictedKeys?: Record<string, readonly string[]>;
  /** The sandbox's clock (ms), for tests that need a day to pass: idempotency keys live 24 h. */
  now?: () => number;
}

export interface DeliverOptions extends DeliveryOptions {
  /** For `checkout.session.completed`: `unpaid` models a delayed payment method awaiting settlement. */
  paymentStatus?: 'paid' | 'unpaid';
}

export interface StripeSandbox {
  url: string;
  port: number;
  close: () => Promise<void>;
  sessions: Map<string, SessionRecord>;
  events: Map<string, SandboxEvent>;
  deliveries: Delivery[];
  /**
   * Moves the session as the event says (at once) and sends the event (after `delayMs`, `times`
   * copies concurrently). Resolves with every delivery attempt.
   */
  deliver: (sessionId: string, type: CheckoutEventType, options?: DeliverOptions) => Promise<Delivery[]>;
  /** Sends an already delivered event again, as Stripe does on retries and manual resends. */
  redeliver: (eventId: string, options?: DeliveryOptions) => Promise<Delivery[]>;
  /** Refunds and disputes of paid sessions (refunds.ts). */
  payments: SandboxPayments;
  /** Coupons and promotion codes (discounts.ts). */
  discounts: SandboxDiscounts;
  /** The shopper ticks (opt_in) or unticks (opt_out) the page's promotions checkbox, having typed `email`. */
  chooseConsent: (sessionId: string, promotions: 'opt_in' | 'opt_out', email?: string) => void;
  /**
   * The next `count` API requests whose `METHOD /path` starts with `request` fail with `status` (a Stripe
   * outage). A failure that ran is saved under its idempotency key and replayed, as Stripe does.
   */
  failNext: (request: string, count?: number, status?: number) => void;
}

/** How long Stripe keeps an expired session's recovery URL working: 30 days. */
export const RECOVERY_URL_DAYS = 30;

const BODY_LIMIT = 1024 * 1024;
const DEFAULT_PAY_RETRIES_MS = [250, 500, 1000, 2000];
const LINE_ITEMS_DEFAULT_LIMIT = 10;

const controlEventSchema = z.object({
  type: z.enum(CHECKOUT_EVENT_TYPES),
  times: z.number().int().min(1).max(100).optional(),
  delayMs: z.number().int().min(0).max(60_000).optional(),
  paymentStatus: z.enum(['paid', 'unpaid']).optional(),
});
const controlRedeliverSchema = controlEventSchema.pick({ times: true, delayMs: true });
const consentChoiceSchema = z.object({
  promotions: z.enum(['opt_in', 'opt_out']),
  email: z.email().optional(),
});
const controlExpireSchema = controlRedeliverSchema.extend(consentChoiceSchema.partial().shape);

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > BODY_LIMIT) throw new StripeApiError(413, 'invalid_request_error', 'Request body too large.');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body, null, 2);
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': randomId('req_', 10), ...headers });
  response.end(text);
}

function sendHtml(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  response.end(html);
}

function redirect(response: ServerResponse, location: string): void {
  response.writeHead(303, { location });
  response.end();
}

/** Stripe requires a secret key; the sandbox accepts any test-mode one (and live ones when told). */
/** Which permission of a restricted key a request path needs. */
const PERMISSION_OF_PATH: ReadonlyArray<[string, string]> = [
  ['/v1/checkout/sessions', 'Checkout Sessions'],
  ['/v1/refunds', 'Refunds'],
  ['/v1/charges', 'Charges'],
  ['/v1/disputes', 'Disputes'],
  ['/v1/coupons', 'Coupons'],
  ['/v1/promotion_codes', 'Promotion codes'],
  ['/v1/tax/settings', 'Tax settings'],
];

/** A restricted key outside its permissions: 403, which stripe-node raises as StripePermissionError. */
function checkRestrictedKey(request: IncomingMessage, path: string, keys: Record<string, readonly string[]>): void {
  const key = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
  if (!key.startsWith('rk_test_')) return;
  const allowed = keys[key];
  if (!allowed) throw new StripeApiError(401, 'invalid_request_error', `Invalid API Key provided: ${key}`);
  const needed = PERMISSION_OF_PATH.find(([prefix]) => path.startsWith(prefix))?.[1];
  if (needed && !allowed.includes(needed))
    throw new StripeApiError(
      403,
      'invalid_request_error',
      `The provided key '${key.slice(0, 12)}...' does not have the required permissions for this endpoint (${needed}).`,
    );
}

function authenticate(request: IncomingMessage, acceptLiveKeys = false): void {
  const header = request.headers.authorization;
  if (!header) {
    throw new StripeApiError(
      401,
      'invalid_request_error',
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  }
  const key = /^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? '';
  if (!key.startsWith('sk_test_') && !key.startsWith('rk_test_') && !(acceptLiveKeys && key.startsWith('sk_live_'))) {
    throw new StripeApiError(
      401,
      'invalid_request_error',
      'Invalid API Key provided: the Stripe sandbox accepts test-mode secret keys (sk_test_...) only.',
    );
  }
}

function pageOfLineItems(record: SessionRecord, query: FormObject) {
  const limitRaw = query.limit;
  const limit = limitRaw === undefined ? LINE_ITEMS_DEFAULT_LIMIT : Number(limitRaw);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      'Invalid limit: must be an integer between 1 and 100.',
      'limit',
    );
  }
  let start = 0;
  if (typeof query.starting_after === 'string') {
    const index = record.lineItems.findIndex((li) => li.id === query.starting_after);
    if (index < 0)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `No such line item: '${query.starting_after}'`,
        'starting_after',
        'resource_missing',
      );
    start = index + 1;
  }
  const data: SandboxLineItem[] = record.lineItems.slice(start, start + limit);
  return {
    object: 'list' as const,
    data,
    has_more: start + limit < record.lineItems.length,
    url: `/v1/checkout/sessions/${record.session.id}/line_items`,
  };
}

/** The shipping address form of the hosted page, validated as Stripe's page would before paying. */
function readPayForm(record: SessionRecord, form: FormObject): PayForm | string {
  const value = (key: string) => (typeof form[key] === 'string' ? (form[key] as string).trim() : '');
  const method = value('payment_method') || 'card';
  if (method !== 'card' && method !== 'bank_debit') return 'Choose card or bank debit.';
  const filled: PayForm = {
    ...(Object.fromEntries(Object.keys(DEMO_SHIPPING).map((k) => [k, value(k)])) as ShippingForm),
    payment_method: method,
    promotions: value('promotions'),
  };
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(filled.email)) return 'Enter a valid e-mail address.';
  if (record.shippingRates.length > 0) {
    filled.shipping_rate = value('shipping_rate') || record.shippingRates[0].id;
    if (!record.shippingRates.some((r) => r.id === filled.shipping_rate)) return 'Choose one of the shipping options.';
  }
  const collection = record.session.shipping_address_collection;
  if (!collection) return filled;
  for (const key of ['name', 'line1', 'city', 'country'] as const) {
    if (!filled[key]) return `The shipping address needs ${key.replace('_', ' ')}.`;
  }
  filled.country = filled.country.toUpperCase();
  // Stripe's address form leaves the postal code optional where the country has none mandatory
  // (Ireland's Eircode, Hong Kong, the Emirates) and the session then reports `postal_code: null`.
  if (!filled.postal_code && postalCodeRequired(filled.country)) return 'The shipping address needs postal code.';
  if (!(collection.allowed_countries as string[]).includes(filled.country))
    return `We do not ship to ${filled.country}.`;
  if (['US', 'CA', 'AU'].includes(filled.country) && !filled.state) return 'The shipping address needs a state.';
  return filled;
}

function fillDemoCustomer(
  session: SandboxSession,
  form: PayForm = { ...DEMO_SHIPPING, email: session.customer_email ?? DEMO_SHIPPING.email, payment_method: 'card' },
): void {
  const address = session.shipping_address_collection
    ? {
        line1: form.line1,
        line2: form.line2 || null,
        city: form.city,
        state: form.state || null,
        postal_code: form.postal_code || null,
        country: form.country,
      }
    : null;
  session.customer_details = {
    address,
    business_name: null,
    email: form.email,
    individual_name: null,
    name: form.name || null,
    phone: null,
    tax_exempt: 'none',
    tax_ids: [],
  };
  session.collected_information = address
    ? { business_name: null, individual_name: null, shipping_details: { name: form.name, address } }
    : null;
}

export async function startStripeSandbox(options: StripeSandboxOptions): Promise<StripeSandbox> {
  const sessions = new Map<string, SessionRecord>();
  const events = new Map<string, SandboxEvent>();
  // Stripe's idempotency (docs/fidelity.md#stripe-states): a key's saved result, 5xx included,
  // replayed for 24 h, then the key is forgotten.
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown; at: number }>();
  const clock = options.now ?? Date.now;
  const failures: Array<{ path: string; count: number; status: number }> = [];
  const sender = new WebhookSender(options.webhookUrl, options.webhookSecret);
  let publicUrl = options.publicUrl ?? '';
  const discounts = createDiscounts();
  const payments = createPayments({ sessions, sender, remember: (event) => events.set(event.id, event) });

  function emit(record: SessionRecord, type: CheckoutEventType): SandboxEvent {
    const event = buildEvent(type, record.session, record.apiVersion);
    events.set(event.id, event);
    return event;
  }

  /** Applies what the event type means to the session; refuses moves Stripe never makes. */
  function transition(record: SessionRecord, type: CheckoutEventType, paymentStatus: 'paid' | 'unpaid' = 'paid'): void {
    const { session } = record;
    const refuse = (why: string) => {
      throw new StripeApiError(400, 'invalid_request_error', `Cannot send ${type} for ${session.id}: ${why}.`, 'type');
    };
    switch (type) {
      case 'checkout.session.completed':
        if (session.status !== 'open') refuse(`the session is ${session.status}`);
        session.status = 'complete';
        session.payment_status = paymentStatus;
        session.payment_intent = randomId('pi_test_', 12);
        if (paymentStatus === 'paid') discounts.redeem(record.discount);
        // Sent from the test controls rather than the page: the shopper used the demo details
        // and the preselected shipping option.
        if (!session.customer_details) {
          fillDemoCustomer(session);
          settle(record, (session.shipping_cost?.shipping_rate as string | undefined) ?? null, true);
        }
        break;
      case 'checkout.session.async_payment_succeeded':
      case 'checkout.session.async_payment_failed':
        if (session.status !== 'complete' || session.payment_status !== 'unpaid')
          refuse('no delayed payment is pending');
        if (type.endsWith('succeeded')) {
          session.payment_status = 'paid';
          discounts.redeem(record.discount);
        }
        break;
      case 'checkout.session.expired':
        if (session.status !== 'open') refuse(`the session is ${session.status}`);
        session.status = 'expired';
        // The e-mail the shopper typed before leaving is reported, as Stripe does for recovery.
        if (!session.customer_details && record.shopper.email)
          session.customer_details = {
            address: null,
            business_name: null,
            email: record.shopper.email,
            individual_name: null,
            name: null,
            phone: null,
            tax_exempt: 'none',
            tax_ids: [],
          };
        if (session.after_expiration?.recovery?.enabled) {
          const expiredAt = Math.floor(Date.now() / 1000);
          session.after_expiration.recovery.expires_at = expiredAt + RECOVERY_URL_DAYS * 24 * 3600;
          session.after_expiration.recovery.url = `${publicUrl}/recover/${session.id}`;
        }
        break;
    }
    // The promotions checkbox is shown only with consent_collection[promotions]=auto; untouched, Stripe reports null.
    if (session.consent_collection?.promotions === 'auto' && record.shopper.promotions)
      session.consent = { promotions: record.shopper.promotions, terms_of_service: null };
    session.url = null;
  }

  function chooseConsent(sessionId: string, promotions: 'opt_in' | 'opt_out', email?: string): void {
    const record = requireSession(sessionId);
    if (record.session.status !== 'open')
      throw new StripeApiError(400, 'invalid_request_error', `The session is ${record.session.status}.`, 'session');
    if (record.session.consent_collection?.promotions !== 'auto')
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'This session does not collect promotional consent (consent_collection[promotions] is not auto).',
        'consent_collection',
      );
    record.shopper.promotions = promotions;
    if (email) record.shopper.email = email;
  }

  /** Stripe expires open sessions at `expires_at` and tells the endpoint. */
  function current(id: string): SessionRecord | undefined {
    const record = sessions.get(id);
    if (record && record.session.status === 'open' && record.session.expires_at * 1000 <= Date.now()) {
      transition(record, 'checkout.session.expired');
      void sender.deliver(emit(record, 'checkout.session.expired'));
    }
    return record;
  }

  function requireSession(id: string): SessionRecord {
    const record = current(id);
    if (!record)
      throw new StripeApiError(
        404,
        'invalid_request_error',
        `No such checkout.session: '${id}'`,
        'session',
        'resource_missing',
      );
    return record;
  }

  function sessionBody(record: SessionRecord, expand: Set<string>) {
    const { session } = record;
    const cost = session.shipping_cost;
    const rate = cost && record.shippingRates.find((r) => r.id === cost.shipping_rate);
    return {
      ...session,
      ...(expand.has('line_items') ? { line_items: pageOfLineItems(record, {}) } : {}),
      ...(expand.has('shipping_cost.shipping_rate') && cost && rate
        ? { shipping_cost: { ...cost, shipping_rate: rate } }
        : {}),
    };
  }

  function fire(sessionId: string, type: CheckoutEventType, opts: DeliverOptions) {
    const record = requireSession(sessionId);
    transition(record, type, opts.paymentStatus);
    const event = emit(record, type);
    return { event, sent: sender.deliver(event, opts) };
  }

  function deliver(sessionId: string, type: CheckoutEventType, opts: DeliverOptions = {}): Promise<Delivery[]> {
    try {
      return fire(sessionId, type, opts).sent;
    } catch (e) {
      return Promise.reject(e);
    }
  }

  function redeliver(eventId: string, opts: DeliveryOptions = {}): Promise<Delivery[]> {
    const event = events.get(eventId);
    if (!event)
      return Promise.reject(
        new StripeApiError(404, 'invalid_request_error', `No such event: '${eventId}'`, 'id', 'resource_missing'),
      );
    return sender.deliver(event, opts);
  }

  async function api(
    request: IncomingMessage,
    response: ServerResponse,
    method: string,
    path: string,
    query: FormObject,
  ) {
    authenticate(request, options.acceptLiveKeys);
    checkRestrictedKey(request, path, options.restrictedKeys ?? {});
    const body = method === 'POST' ? parseForm(await readBody(request)) : {};
    const key = method === 'POST' ? request.headers['idempotency-key'] : undefined;
    const print = `${method} ${path} ${fingerprint(body)}`;
    if (typeof key === 'string') {
      const saved = idempotent.get(key);
      if (saved && clock() - saved.at >= STRIPE_IDEMPOTENCY_KEY_TTL_MS) idempotent.delete(key);
      const seen = idempotent.get(key);
      if (seen && seen.fingerprint !== print) {
        throw new StripeApiError(
          400,
          'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        );
      }
      if (seen)
        return sendJson(response, seen.status, seen.body, { 'idempotent-replayed': 'true', 'idempotency-key': key });
    }
    const reply = (status: number, result: unknown) => {
      // Stripe saves a result only once the request passed validation and ran, a 500 included.
      if (typeof key === 'string' && stripeSavesResult(status))
        idempotent.set(key, { fingerprint: print, status, body: result, at: clock() });
      sendJson(response, status, result, typeof key === 'string' ? { 'idempotency-key': key } : {});
    };
    const failure = failures.find((f) => f.count > 0 && `${method} ${path}`.startsWith(f.path));
    if (failure) {
      failure.count -= 1;
      return reply(
        failure.status,
        new StripeApiError(failure.status, 'api_error', 'The sandbox was told to fail this request'),
      );
    }

    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const expand = expansions(body);
      const record = createSession(body, {
        payUrl: (id) => `${publicUrl}/pay/${id}`,
        now: Date.now(),
        taxActivated: options.taxActivated ?? false,
        resolveDiscount: discounts.resolve,
        apiVersion: typeof request.headers['stripe-version'] === 'string' ? request.headers['stripe-version'] : null,
      });
      sessions.set(record.session.id, record);
      return reply(200, sessionBody(record, expand));
    }
    if (method === 'GET' && (match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path))) {
      return reply(200, sessionBody(requireSession(decodeURIComponent(match[1])), expansions(query)));
    }
    if (method === 'GET' && (match = /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/.exec(path))) {
      return reply(200, pageOfLineItems(requireSession(decodeURIComponent(match[1])), query));
    }
    if (method === 'POST' && (match = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path))) {
      const record = requireSession(decodeURIComponent(match[1]));
      if (record.session.status !== 'open') {
        throw new StripeApiError(
          400,
          'invalid_request_error',
          `Only Checkout Sessions with a status of open can be expired; this one is ${record.session.status}.`,
          'session',
        );
      }
      transition(record, 'checkout.session.expired');
      void sender.deliver(emit(record, 'checkout.session.expired'));
      return reply(200, sessionBody(record, expansions(body)));
    }
    if (method === 'GET' && path === '/v1/tax/settings') {
      // Stripe Tax's settings: `pending` with the head office missing until the account sets it up.
      const active = options.taxActivated === true;
      return reply(200, {
        object: 'tax.settings',
        defaults: { provider: 'stripe', tax_behavior: null, tax_code: null },
        head_office: active
          ? {
              address: {
                city: 'Chatsworth',
                country: 'US',
                line1: '19749 Dearborn St',
                line2: null,
                postal_code: '91311',
                state: 'CA',
              },
            }
          : null,
        livemode: false,
        status: active ? 'active' : 'pending',
        status_details: active ? { active: {} } : { pending: { missing_fields: ['head_office'] } },
      });
    }
    const discounted = discounts.api(method, path, query, body);
    if (discounted !== undefined) return reply(200, discounted);
    const paid = await payments.api(method, path, query, body);
    if (paid !== undefined) return reply(200, paid);
    throw new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  async function hostedPage(request: IncomingMessage, response: ServerResponse, method: string, path: string) {
    const match = /^\/pay\/([^/]+)(?:\/(pay|cancel|consent))?$/.exec(path);
    const record = match ? current(decodeURIComponent(match[1])) : undefined;
    if (!match || !record) return sendHtml(response, 404, notFoundPage());
    const action = match[2];
    if (method === 'GET' && !action) {
      return sendHtml(
        response,
        record.session.status === 'open' ? 200 : 410,
        record.session.status === 'open' ? paymentPage(record) : closedPage(record),
      );
    }
    if (method !== 'POST' || !action) return sendHtml(response, 405, notFoundPage());
    if (action === 'cancel') {
      return redirect(response, record.session.cancel_url ?? `${publicUrl}/pay/${record.session.id}`);
    }
    if (action === 'consent') {
      // The page's script saves the checkbox as it changes, as Stripe's page does: a shopper who
      // ticks it and leaves has still agreed.
      const form = parseForm(await readBody(request));
      const choice = consentChoiceSchema.safeParse({
        promotions: form.promotions,
        ...(typeof form.email === 'string' && form.email ? { email: form.email } : {}),
      });
      if (!choice.success) return sendHtml(response, 400, notFoundPage());
      chooseConsent(record.session.id, choice.data.promotions, choice.data.email);
      response.writeHead(204);
      return response.end();
    }
    if (record.session.status !== 'open') return sendHtml(response, 409, closedPage(record));
    const form = readPayForm(record, parseForm(await readBody(request)));
    if (typeof form === 'string') return sendHtml(response, 400, paymentPage(record, form));

    const { session } = record;
    if (session.consent_collection?.promotions === 'auto')
      record.shopper.promotions = form.promotions === 'opt_in' ? 'opt_in' : 'opt_out';
    fillDemoCustomer(session, form);
    settle(record, form.shipping_rate ?? null, true);
    // Real Stripe redirects at once; waiting for the endpoint's 2xx makes the success page see a
    // recorded event, which is what the sandbox's users (demo and tests) need.
    // A delayed method (bank debit) completes the session unpaid; the test controls settle it.
    const paymentStatus = form.payment_method === 'bank_debit' ? 'unpaid' : 'paid';
    await deliver(session.id, 'checkout.session.completed', {
      paymentStatus,
      retryDelaysMs: options.payRetryDelaysMs ?? DEFAULT_PAY_RETRIES_MS,
    });
    return redirect(response, (session.success_url ?? '/').replaceAll('{CHECKOUT_SESSION_ID}', session.id));
  }

  async function control(request: IncomingMessage, response: ServerResponse, method: string, path: string) {
    let match: RegExpExecArray | null;
    const json = async () => {
      const text = await readBody(request);
      try {
        return text ? JSON.parse(text) : {};
      } catch {
        throw new StripeApiError(400, 'invalid_request_error', 'The body must be JSON.');
      }
    };
    const parse = <T>(schema: z.ZodType<T>, value: unknown): T => {
      const result = schema.safeParse(value);
      if (!result.success) throw new StripeApiError(400, 'invalid_request_error', z.prettifyError(result.error));
      return result.data;
    };
    if (method === 'GET' && path === '/__sandbox/deliveries')
      return sendJson(response, 200, { data: sender.deliveries });
    if (method === 'POST' && (match = /^\/__sandbox\/sessions\/([^/]+)\/events$/.exec(path))) {
      const { type, ...opts } = parse(controlEventSchema, await json());
      const { event, sent } = fire(decodeURIComponent(match[1]), type, opts);
      return sendJson(response, 200, { event: { id: event.id, type: event.type }, deliveries: await sent });
    }
    if (method === 'POST' && (match = /^\/__sandbox\/sessions\/([^/]+)\/consent$/.exec(path))) {
      const { promotions, email } = parse(consentChoiceSchema, await json());
      chooseConsent(decodeURIComponent(match[1]), promotions, email);
      return sendJson(response, 200, { consent: { promotions } });
    }
    if (method === 'POST' && (match = /^\/__sandbox\/sessions\/([^/]+)\/expire$/.exec(path))) {
      // The session reaches its expires_at now: Stripe closes it and sends checkout.session.expired.
      const { promotions, email, ...opts } = parse(controlExpireSchema, await json());
      const id = decodeURIComponent(match[1]);
      if (promotions) chooseConsent(id, promotions, email);
      const { event, sent } = fire(id, 'checkout.session.expired', opts);
      return sendJson(response, 200, { event: { id: event.id, type: event.type }, deliveries: await sent });
    }
    if (method === 'POST' && (match = /^\/__sandbox\/events\/([^/]+)\/redeliver$/.exec(path))) {
      const opts = parse(controlRedeliverSchema, await json());
      return sendJson(response, 200, { deliveries: await redeliver(decodeURIComponent(match[1]), opts) });
    }
    const controlled = await payments.control(method, path, json);
    if (controlled !== undefined) return sendJson(response, 200, controlled);
    throw new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  const server = createServer((request, response) => {
    const target = new URL(request.url ?? '/', 'http://sandbox');
    const method = request.method ?? 'GET';
    const path = target.pathname;
    const handle = path.startsWith('/v1/')
      ? api(request, response, method, path, parseForm(target.search.slice(1)))
      : path.startsWith('/pay/')
        ? hostedPage(request, response, method, path)
        : path.startsWith('/recover/')
          ? Promise.resolve(sendHtml(response, 410, recoveryPage()))
          : path.startsWith('/__sandbox/')
            ? control(request, response, method, path)
            : Promise.reject(
                new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`),
              );
    handle.catch((error: unknown) => {
      if (response.headersSent) return response.destroy();
      if (error instanceof StripeApiError) return sendJson(response, error.status, error);
      sendJson(response, 500, new StripeApiError(500, 'api_error', `Sandbox failure: ${(error as Error).message}`));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  publicUrl ||= url;

  return {
    url,
    port,
    sessions,
    events,
    deliveries: sender.deliveries,
    deliver,
    redeliver,
    payments,
    discounts,
    chooseConsent,
    failNext: (path, count = 1, status = 500) => void failures.push({ path, count, status }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}
