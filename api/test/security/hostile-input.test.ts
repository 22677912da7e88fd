import type { InjectOptions } from 'fastify';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ERROR_STATUS } from '@shop/shared';
import { QUOTE_BUDGETS, QUOTE_SERVICES } from '@shop/shared/schemas';
import { Stripe } from '@shop/shared/providers/stripe';
import { COLLECTIONS, type CollectionName } from '@shop/shared/server/collections';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { guestHeaders, seedProduct, signedEvent, storefrontProduct } from '../checkout/checkout-fixtures.js';
import { createTestUser, expiredTokenFrom } from '../../../tests/fixtures/auth.js';
import { startPrintfulSandbox, type PrintfulSandbox } from '../../../tests/sandbox/printful/server.js';
import { startStripeSandbox, type StripeSandbox } from '../../../tests/sandbox/stripe/server.js';
import { startRatesSandbox, type RatesSandbox } from '../../../tests/sandbox/rates/server.js';
import {
  bodyOf,
  contentType,
  field,
  headerValue,
  hostileSegment,
  hostileText,
  oversizedJson,
  queryString,
} from './hostile-values.js';
import { paramsOf, servedRoutes, type ServedRoute } from './served-routes.js';

// Every route the app serves, as app.printRoutes() lists them (so a route added later is covered
// without being listed here), gets a bounded run of generated hostile requests: malformed,
// wrong-typed, unicode-heavy and oversized bodies, query strings, identity and precondition
// headers, content types and path parameters. Whatever arrives: never a 5xx; every 4xx is the
// API's `{ error: { code, message } }` with a message and a code of the same class as the status;
// and a refused request writes nothing. ROUTE_HINTS adds what each route expects, so that
// generated requests also get past validation into the handlers.

const METRICS_TOKEN = 'hostile-suite-metrics-token';
const WATCHED_COLLECTIONS: CollectionName[] = [
  COLLECTIONS.guestCarts,
  COLLECTIONS.userCarts,
  COLLECTIONS.orders,
  COLLECTIONS.quotes,
  COLLECTIONS.webhookEvents,
  COLLECTIONS.syncRuns,
  COLLECTIONS.users,
];
const API_RUNS = 30;
/** Third-party UIs (bull-board, Swagger UI) behind the same gates: fewer runs each. */
const UI_RUNS = 8;

/** A failure names its seed and route; these replay it (each route's run draws a new seed otherwise). */
const REPLAY = {
  seed: process.env.HOSTILE_SEED ? Number(process.env.HOSTILE_SEED) : undefined,
  route: process.env.HOSTILE_ROUTE,
};

let t: TestApp;
let baseUrl: string;
let printful: PrintfulSandbox;
let stripe: StripeSandbox;
let rates: RatesSandbox;
const PRODUCT = storefrontProduct('prod-hostile');
const ctx = {
  userToken: '',
  adminToken: '',
  expiredToken: '',
  guestWithCart: '',
  cartItemIds: [] as string[],
};

interface HostileRequest {
  method: NonNullable<InjectOptions['method']>;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  remoteAddress: string;
}

interface RouteHint {
  params?: Record<string, fc.Arbitrary<string>>;
  queryKeys?: readonly string[];
  body?: fc.Arbitrary<unknown>;
  headers?: fc.Arbitrary<Record<string, string>>;
}

const cartLine = () =>
  fc.record(
    {
      productId: field(fc.constantFrom(PRODUCT.id, 'no-such-product')),
      quantity: field(fc.integer({ min: -3, max: 12 })),
      size: field(fc.constantFrom('M', 'L', 'XXL')),
      color: field(fc.constantFrom('Black', 'White')),
    },
    { requiredKeys: [] },
  );

const validSessionId = fc.stringMatching(/^[A-Za-z0-9]{10,40}$/).map((s) => `cs_test_${s}`);

// What each route expects, keyed "METHOD pattern". Routes without a hint get generic hostility.
const ROUTE_HINTS: Record<string, () => RouteHint> = {
  'GET /api/blog': () => ({ queryKeys: ['page', 'tag'] }),
  'GET /api/blog/:slug': () => ({ params: { slug: fc.stringMatching(/^[a-z0-9]{1,8}(-[a-z0-9]{1,8}){0,3}$/) } }),
  'POST /api/quotes': () => ({
    body: fc.record(
      {
        name: field(fc.string({ maxLength: 150 })),
        email: field(fc.emailAddress()),
        company: field(fc.string()),
        services: field(fc.subarray([...QUOTE_SERVICES])),
        budget: field(fc.constantFrom(...QUOTE_BUDGETS)),
        message: field(fc.lorem({ maxCount: 40 })),
      },
      { requiredKeys: [] },
    ),
  }),
  'PUT /api/cart': () => ({
    body: fc.record({ items: field(fc.array(cartLine(), { maxLength: 60 })) }, { requiredKeys: [] }),
  }),
  'POST /api/cart/items': () => ({ body: cartLine() }),
  'PATCH /api/cart/items/:itemId': () => ({
    params: { itemId: fc.constantFrom(...ctx.cartItemIds) },
    body: fc.record({ quantity: field(fc.integer({ min: -2, max: 12 })) }, { requiredKeys: [] }),
  }),
  'DELETE /api/cart/items/:itemId': () => ({ params: { itemId: fc.constantFrom(...ctx.cartItemIds) } }),
  'POST /api/checkout/sessions': () => ({
    body: fc.record(
      {
        successUrl: field(
          fc.constantFrom(
            `${t.config.PUBLIC_URL}/store/success`,
            'http://evil.test/',
            '//evil.test',
            'javascript:alert(1)',
          ),
        ),
        cancelUrl: field(fc.webUrl()),
        shipping: field(
          fc.record(
            {
              country: field(fc.constantFrom('US', 'GB', 'XX', 'us', '')),
              state: field(fc.constantFrom('CA', 'NY', '', 'TOOLONG')),
              zip: field(fc.constantFrom('91311', 'SW1A 1AA', '<script>')),
            },
            { requiredKeys: [] },
          ),
        ),
      },
      { requiredKeys: [] },
    ),
  }),
  'GET /api/orders/by-session/:sessionId': () => ({ params: { sessionId: validSessionId } }),
  'POST /api/webhooks/stripe': () => ({
    body: fc.record(
      {
        id: field(fc.constant(`evt_${randomUUID().replaceAll('-', '')}`)),
        type: field(fc.constantFrom('checkout.session.completed', 'checkout.session.expired')),
        data: field(fc.record({ object: fc.record({ id: validSessionId }) })),
      },
      { requiredKeys: [] },
    ),
  }),
  'POST /api/webhooks/printful/:token': () => ({
    params: { token: fc.constant(t.config.PRINTFUL_WEBHOOK_TOKEN) },
    body: fc.record(
      {
        type: field(fc.constantFrom('product_updated', 'product_deleted', 'package_shipped', 'order_failed')),
        created: field(fc.integer({ min: 0 })),
        retries: field(fc.nat()),
        store: field(fc.option(fc.integer())),
        data: field(
          fc.record(
            {
              sync_product: fc.record({ id: field(fc.integer()) }),
              shipment: fc.record({ tracking_number: field(fc.string()) }),
              order: fc.record({ external_id: field(fc.string()) }),
            },
            { requiredKeys: [] },
          ),
        ),
      },
      { requiredKeys: [] },
    ),
  }),
  'GET /api/admin/orders': () => ({ queryKeys: ['status', 'limit'] }),
  'POST /api/admin/orders/:id/retry-fulfilment': () => ({
    params: { id: fc.constantFrom('ord_missing', 'x'.repeat(80)) },
  }),
  'GET /api/products': () => ({ queryKeys: ['limit', 'cursor'] }),
  'GET /api/products/search': () => ({ queryKeys: ['q', 'category', 'status', 'sort', 'limit'] }),
  'GET /api/products/:id': () => ({ params: { id: fc.constant(PRODUCT.id) } }),
  'POST /api/admin/products/sync': () => ({
    body: fc.oneof(
      fc.constant(null),
      fc.record(
        {
          fullSync: field(fc.boolean()),
          includeArchived: field(fc.boolean()),
          days: field(fc.integer({ min: 0, max: 400 })),
        },
        { requiredKeys: [] },
      ),
    ),
  }),
};

/** Identity and precondition headers: real tokens and guest ids, and hostile values in their place. */
function identityHeaders(route: ServedRoute): fc.Arbitrary<Record<string, string>> {
  const authorization = fc.oneof(
    { weight: 3, arbitrary: fc.constant(undefined) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(`Bearer ${ctx.userToken}`, `Bearer ${ctx.adminToken}`, `Bearer ${METRICS_TOKEN}`),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        `Bearer ${ctx.expiredToken}`,
        'Basic dXNlcjpwYXNz',
        'Bearer',
        'Bearer a b',
        `bearer ${ctx.userToken}x`,
      ),
    },
    { weight: 1, arbitrary: hostileText.map((s) => headerValue(`Bearer ${s}`)) },
    { weight: 1, arbitrary: hostileText.map(headerValue) },
  );
  const guestId = fc.oneof(
    { weight: 3, arbitrary: fc.constant(undefined) },
    // Checkout would really charge the seeded cart; other routes may use it.
    { weight: route.url.startsWith('/api/checkout') ? 0 : 2, arbitrary: fc.constant(ctx.guestWithCart) },
    { weight: 2, arbitrary: fc.uuid({ version: 4 }).map((u) => `guest-${u}`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'guest-not-a-uuid',
        `GUEST-${randomUUID().toUpperCase()}`,
        `guest-${randomUUID()}, guest-${randomUUID()}`,
      ),
    },
    { weight: 1, arbitrary: hostileText.map(headerValue) },
  );
  const ifMatch = fc.oneof(
    { weight: 3, arbitrary: fc.constant(undefined) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('"0"', '"1"', '*', 'W/"1"', '"1", W/"2"', '"99999999999999999999"', '"-1"', '1'),
    },
    { weight: 1, arbitrary: hostileText.map(headerValue) },
  );
  const stripeSignature = fc.oneof(
    fc.constant(undefined),
    fc.constantFrom('t=1,v1=00', `t=${Math.floor(Date.now() / 1000)},v1=${'ab'.repeat(32)}`),
    hostileText.map(headerValue),
  );
  return fc
    .record({
      authorization,
      'x-guest-id': guestId,
      'if-match': ifMatch,
      'content-type': contentType,
      'stripe-signature': stripeSignature,
      origin: fc.option(hostileText.map(headerValue), { nil: undefined }),
    })
    .map(
      (headers) =>
        Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as Record<string, string>,
    );
}

function hostileRequest(route: ServedRoute, hint: RouteHint): fc.Arbitrary<HostileRequest> {
  const params = paramsOf(route.url).map((name) => {
    const valid = hint.params?.[name];
    return valid ? fc.oneof(valid.map(encodeURIComponent), hostileSegment) : hostileSegment;
  });
  return fc
    .record({
      params: fc.tuple(...params),
      query: fc.option(queryString(hint.queryKeys), { nil: undefined }),
      headers: identityHeaders(route),
      payload: bodyOf(hint.body),
      remoteAddress: fc.ipV4(),
      signBody: fc.boolean(),
    })
    .map(({ params: values, query, headers, payload, remoteAddress, signBody }) => {
      let i = 0;
      const path = route.url.replace(/:\w+|\*/g, () => values[i++]);
      // Some bodies carry Stripe's real signature: a signed but malformed event must not 5xx either.
      if (signBody && payload !== undefined && route.url.startsWith('/api/webhooks/stripe')) {
        headers['stripe-signature'] = Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: t.config.STRIPE_WEBHOOK_SECRET,
        });
      }
      return {
        method: route.method,
        url: query === undefined ? path : `${path}?${query}`,
        headers,
        payload,
        remoteAddress,
      };
    });
}

interface Answer {
  status: number;
  contentType: string;
  body: string;
}

/**
 * A request that gets no answer at all is a defect of its own: named with its route and input
 * rather than left to run into the test's time-out, which says nothing of where it hung.
 */
const NO_ANSWER_MS = 30_000;
function send(request: HostileRequest, streaming: boolean): Promise<Answer> {
  let timer: NodeJS.Timeout | undefined;
  const unanswered = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new Error(`no answer within ${NO_ANSWER_MS / 1000} s: ${request.method} ${request.url.slice(0, 300)}`)),
      NO_ANSWER_MS,
    );
  });
  return Promise.race([answerOf(request, streaming), unanswered]).finally(() => clearTimeout(timer));
}

/** Through inject; event streams through a real socket, read up to their headers only. */
async function answerOf(request: HostileRequest, streaming: boolean): Promise<Answer> {
  if (!streaming) {
    const response = await t.app.inject(request);
    return {
      status: response.statusCode,
      contentType: String(response.headers['content-type'] ?? ''),
      body: response.body,
    };
  }
  return new Promise((resolve, reject) => {
    const length =
      request.payload === undefined ? {} : { 'content-length': String(Buffer.byteLength(request.payload)) };
    const headers = { ...request.headers, ...length };
    const req = http.request(`${baseUrl}${request.url}`, { method: request.method, headers }, (res) => {
      const type = String(res.headers['content-type'] ?? '');
      if (type.startsWith('text/event-stream')) {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, contentType: type, body: '' });
        return;
      }
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: type, body }));
    });
    req.on('error', reject);
    req.end(request.payload);
  });
}

/** Documents in the watched collections and jobs in every queue: what a refused request must not change. */
async function writtenState(): Promise<Record<string, number>> {
  const state: Record<string, number> = {};
  for (const collection of WATCHED_COLLECTIONS) state[collection] = (await t.store.query(collection)).docs.length;
  for (const queue of Object.values(t.app.queues)) {
    const counts: Record<string, number> = await queue.getJobCounts();
    state[`queue:${queue.name}`] = Object.values(counts).reduce((a, b) => a + b, 0);
  }
  return state;
}

function expectErrorBody(answer: Answer, context: string): void {
  expect(answer.contentType, context).toMatch(/^application\/json/);
  const body = JSON.parse(answer.body) as { error?: { code?: unknown; message?: unknown } };
  expect(body.error, context).toBeDefined();
  const code = body.error?.code as keyof typeof ERROR_STATUS;
  expect(Object.keys(ERROR_STATUS), context).toContain(code);
  expect(Math.floor(ERROR_STATUS[code] / 100), `${context}: code ${code} for status ${answer.status}`).toBe(
    Math.floor(answer.status / 100),
  );
  expect(typeof body.error?.message, context).toBe('string');
  expect((body.error?.message as string).trim(), context).not.toBe('');
}

/** Distinct routes to probe: HEAD is GET's twin, and `/x/` is the same handler as `/x`. */
function routesToProbe(): ServedRoute[] {
  const all = servedRoutes(t.app).filter((r) => r.method !== 'HEAD');
  const keys = new Set(all.map((r) => `${r.method} ${r.url}`));
  return all.filter((r) => !(r.url.length > 1 && r.url.endsWith('/') && keys.has(`${r.method} ${r.url.slice(0, -1)}`)));
}

beforeAll(async () => {
  printful = await startPrintfulSandbox({ products: 2 });
  rates = await startRatesSandbox();
  stripe = await startStripeSandbox({
    webhookUrl: () => `${baseUrl}/api/webhooks/stripe`,
    webhookSecret: 'whsec_hostile_suite_secret',
  });
  t = await createTestApp({
    METRICS_TOKEN,
    PRINTFUL_API_URL: printful.url,
    STRIPE_API_URL: stripe.url,
    CURRENCY_RATES_URL: rates.feedUrl,
    STRIPE_WEBHOOK_SECRET: 'whsec_hostile_suite_secret',
    PUBLIC_URL: 'http://shop.test',
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  await seedProduct(t.app, PRODUCT);
  const [user, admin] = await Promise.all([createTestUser(), createTestUser({ claims: { admin: true } })]);
  ctx.userToken = user.token;
  ctx.adminToken = admin.token;
  ctx.expiredToken = expiredTokenFrom(user.token);
  const guest = guestHeaders();
  ctx.guestWithCart = guest['x-guest-id'];
  for (const size of ['M', 'L']) {
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: guest,
      payload: { productId: PRODUCT.id, quantity: 1, size },
    });
    expect(added.statusCode).toBe(200);
    ctx.cartItemIds = (added.json() as { cartItems: Array<{ id: string }> }).cartItems.map((item) => item.id);
  }
});

afterAll(async () => {
  if (t) await Promise.all(Object.values(t.app.queues).map((queue) => queue.obliterate({ force: true })));
  await t?.close();
  await stripe?.close();
  await printful?.close();
  await rates?.close();
});

describe('hostile input on every route', () => {
  it('finds the routes to probe, and every hint names a served route', () => {
    const served = new Set(routesToProbe().map((r) => `${r.method} ${r.url}`));
    for (const route of [
      'POST /api/cart/items',
      'POST /api/webhooks/stripe',
      'GET /admin/queues/api/queues',
      'GET /metrics',
      'OPTIONS /*',
    ]) {
      expect(served).toContain(route);
    }
    for (const key of Object.keys(ROUTE_HINTS)) expect(served, key).toContain(key);
    for (const { method, url } of routesToProbe())
      expect(t.app.hasRoute({ method, url }), `${method} ${url}`).toBe(true);
  });

  it('never answers 5xx, answers every 4xx in the error format, and writes nothing when it refuses', async () => {
    // Every route is probed even after one fails, so that one run reports every broken route.
    const failures: string[] = [];
    for (const route of routesToProbe().filter((r) => !REPLAY.route || `${r.method} ${r.url}` === REPLAY.route)) {
      const key = `${route.method} ${route.url}`;
      const thirdPartyUi = route.url.startsWith('/admin/queues') || route.url.startsWith('/api/docs');
      const streaming = /\/(stream|events)$/.test(route.url);
      const details = await fc.check(
        fc.asyncProperty(hostileRequest(route, ROUTE_HINTS[key]?.() ?? {}), async (request) => {
          const before = await writtenState();
          const answer = await send(request, streaming);
          const context = `${key}: ${request.method} ${request.url.slice(0, 300)} ${JSON.stringify(request.headers).slice(0, 300)} ${JSON.stringify(request.payload ?? '').slice(0, 200)} -> ${answer.status} ${answer.body.slice(0, 300)}`;
          expect(answer.status, context).toBeLessThan(500);
          // bull-board answers its admins in its own format; everyone else meets the API's gate.
          const viaBullBoard =
            route.url.startsWith('/admin/queues') && request.headers.authorization === `Bearer ${ctx.adminToken}`;
          // @fastify/cors refuses a preflight without Access-Control-Request-Method itself, in plain
          // text, before any route runs; browsers never send one.
          const malformedPreflight = request.method === 'OPTIONS' && answer.body === 'Invalid Preflight Request';
          if (answer.status >= 400 && !viaBullBoard && !malformedPreflight) {
            expectErrorBody(answer, context);
            expect(await writtenState(), context).toEqual(before);
          }
        }),
        { numRuns: thirdPartyUi ? UI_RUNS : API_RUNS, ...(REPLAY.seed === undefined ? {} : { seed: REPLAY.seed }) },
      );
      if (details.failed)
        failures.push(
          `${String(details.errorInstance).slice(0, 1500)} (replay: HOSTILE_SEED=${details.seed} HOSTILE_ROUTE='${key}')`,
        );
    }
    expect(failures).toEqual([]);
  }, 360_000);

  it('refuses a body over the limit with 413 on every route that takes one, past every gate', async () => {
    const bodyRoutes = routesToProbe().filter(
      (r) => ['POST', 'PUT', 'PATCH'].includes(r.method) && !r.url.startsWith('/admin/queues'),
    );
    expect(bodyRoutes.length).toBeGreaterThan(8);
    for (const route of bodyRoutes) {
      const url = route.url.replace(':token', t.config.PRINTFUL_WEBHOOK_TOKEN).replace(':itemId', ctx.cartItemIds[0]);
      // The Stripe webhook takes up to 512 KiB: events with many line items are legitimately big.
      const payload = oversizedJson(route.url.startsWith('/api/webhooks/stripe') ? 512 * 1024 + 1 : undefined);
      const before = await writtenState();
      const response = await t.app.inject({
        method: route.method,
        url,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${ctx.adminToken}`,
          'x-guest-id': ctx.guestWithCart,
          // The site's own pages, so the forms' same-origin gate lets the body reach its size check.
          origin: new URL(t.config.PUBLIC_URL).origin,
        },
        payload,
      });
      expect(response.statusCode, `${route.method} ${url}`).toBe(413);
      expect(response.json().error.code).toBe('payload-too-large');
      expect(await writtenState()).toEqual(before);
    }
  });
});

describe('webhook signatures and tokens', () => {
  const secret = () => t.config.STRIPE_WEBHOOK_SECRET;
  const session = { id: 'cs_test_hostilewebhook01', object: 'checkout.session', metadata: {} };

  function deliver(payload: string, signature?: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined ? {} : { 'stripe-signature': signature }),
      },
      payload,
    });
  }

  it.each([
    ['missing', () => undefined],
    [
      'signed with another secret',
      (payload: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_ours_at_all' }),
    ],
    [
      'older than 300 s',
      (payload: string) =>
        Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: secret(),
          timestamp: Math.floor(Date.now() / 1000) - 301,
        }),
    ],
    ['garbage', () => 't=abc,v1=zzz'],
  ])('refuses a Stripe event whose signature is %s with 400, recording nothing', async (_name, sign) => {
    const event = signedEvent('checkout.session.completed', session, secret());
    const before = await writtenState();
    const response = await deliver(event.payload, sign(event.payload));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid-argument');
    expect(await t.store.get('webhookEvents', event.id)).toBeNull();
    expect(await writtenState()).toEqual(before);
  });

  it('records a correctly signed event once, however often it is replayed', async () => {
    const event = signedEvent('checkout.session.completed', session, secret());
    const first = await deliver(event.payload, event.signature);
    expect(first.json()).toEqual({ received: true, outcome: 'queued' });
    const before = await writtenState();
    // A replay re-signed a moment later is still the same event.
    for (const signature of [
      event.signature,
      Stripe.webhooks.generateTestHeaderString({ payload: event.payload, secret: secret() }),
    ]) {
      const replay = await deliver(event.payload, signature);
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    }
    expect(await writtenState()).toEqual(before);
    expect((await t.store.query('webhookEvents', { where: [['id', '==', event.id]] })).docs).toHaveLength(1);
  });

  it('answers a Printful webhook with a wrong token exactly like an unknown route', async () => {
    const body = { type: 'product_updated', created: 1, retries: 0, store: 1, data: { sync_product: { id: 5 } } };
    const before = await writtenState();
    for (const token of [
      'wrong-token',
      `${t.config.PRINTFUL_WEBHOOK_TOKEN}x`,
      t.config.PRINTFUL_WEBHOOK_TOKEN.slice(1),
    ]) {
      const response = await t.app.inject({ method: 'POST', url: `/api/webhooks/printful/${token}`, payload: body });
      const unknown = await t.app.inject({ method: 'POST', url: `/api/no-such-route/${token}`, payload: body });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe(unknown.json().error.code);
      expect(response.json().error.message).toBe(`Route POST /api/webhooks/printful/${token} not found`);
    }
    expect(await writtenState()).toEqual(before);
  });
});
