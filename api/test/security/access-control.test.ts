import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { parseConfig } from '@shop/shared/server/config';
import { openSqliteStore, type FullDocumentStore } from '@shop/shared/server/store';
import { buildApp, defaultLogger } from '../../src/app.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import {
  guestHeaders,
  seedProduct,
  signedEvent,
  startCheckout,
  storefrontProduct,
} from '../checkout/checkout-fixtures.js';
import { addCartItem } from '../cart/cart-fixtures.js';
import {
  createTestUser,
  expiredTokenFrom,
  foreignProjectTokenFrom,
  type TestUser,
} from '../../../tests/fixtures/auth.js';
import { startPrintfulSandbox, type PrintfulSandbox } from '../../../tests/sandbox/printful/server.js';
import { startStripeSandbox, type StripeSandbox } from '../../../tests/sandbox/stripe/server.js';
import { paramsOf, servedRoutes } from './served-routes.js';
import { TEST_SHIPPING } from '../../../tests/fixtures/shipping-destination.js';
import { testRunEnv } from '../../../tests/fixtures/test-run-env.js';

// Who may do what: admin routes and the queue dashboard for admins only; a cart only ever the
// caller's own; an order readable through its checkout session id and no other way; tokens of
// other projects or past their expiry refused; CORS for the site's own origin only; the security
// headers on every answer; and no secret in the logs, even at trace level.

const PUBLIC_URL = 'http://shop.test';
const WEBHOOK_SECRET = 'whsec_access_control_suite';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let t: TestApp;
let stripe: StripeSandbox;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
const PRODUCT = storefrontProduct('prod-access');

beforeAll(async () => {
  stripe = await startStripeSandbox({ webhookUrl: 'http://127.0.0.1:9/unused', webhookSecret: WEBHOOK_SECRET });
  t = await createTestApp({ PUBLIC_URL, STRIPE_API_URL: stripe.url, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
  await seedProduct(t.app, PRODUCT);
  [admin, alice, bob] = await Promise.all([
    createTestUser({ claims: { admin: true } }),
    createTestUser(),
    createTestUser(),
  ]);
});

afterAll(async () => {
  if (t) await Promise.all(Object.values(t.app.queues).map((queue) => queue.obliterate({ force: true })));
  await t?.close();
  await stripe?.close();
});

/** Every admin-only route the app serves; closing the dashboard session is open to anyone. */
function adminRoutes() {
  return servedRoutes(t.app)
    .filter((r) => r.method !== 'HEAD' && (r.url.startsWith('/api/admin') || r.url.startsWith('/admin/queues')))
    .filter((r) => !(r.method === 'DELETE' && r.url === '/api/admin/session'))
    .map((r) => ({ ...r, path: paramsOf(r.url).reduce((url) => url.replace(/:\w+|\*/, 'x'), r.url) }));
}

describe('admin routes and the queue dashboard', () => {
  it('refuse the signed out and guests with 401, and signed-in non-admins with 403', async () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.map((r) => r.url)).toEqual(
      expect.arrayContaining(['/api/admin/products/sync', '/admin/queues', '/admin/queues/api/queues']),
    );
    const callers = [
      { name: 'signed out', headers: {}, status: 401, code: 'unauthenticated' },
      { name: 'guest', headers: guestHeaders(), status: 401, code: 'unauthenticated' },
      { name: 'shopper', headers: bearer(alice.token), status: 403, code: 'permission-denied' },
      {
        name: 'shopper with a guest id',
        headers: { ...bearer(alice.token), ...guestHeaders() },
        status: 403,
        code: 'permission-denied',
      },
    ];
    for (const route of routes) {
      for (const caller of callers) {
        const response = await t.app.inject({
          method: route.method,
          url: route.path,
          headers: caller.headers,
          payload: route.method === 'GET' ? undefined : { fullSync: true },
        });
        const context = `${caller.name}: ${route.method} ${route.path}`;
        expect(response.statusCode, context).toBe(caller.status);
        expect(response.json().error.code, context).toBe(caller.code);
      }
    }
    expect(await t.app.queues.productSync.count()).toBe(0);
  });

  it('let an admin in', async () => {
    expect(
      (await t.app.inject({ url: '/api/admin/products/sync/jobs', headers: bearer(admin.token) })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url: '/admin/queues', headers: bearer(admin.token) })).statusCode).toBe(200);
  });

  it('open the dashboard through its session cookie for an admin only', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/session', headers: bearer(alice.token) })).statusCode,
    ).toBe(403);
    const opened = await t.app.inject({ method: 'POST', url: '/api/admin/session', headers: bearer(admin.token) });
    expect(opened.statusCode).toBe(204);
    const cookie = opened.cookies.find((c) => c.name === '__session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/admin/queues' });
    const withCookie = (value: string) =>
      t.app.inject({ url: '/admin/queues/api/queues', cookies: { __session: value } });
    expect((await withCookie(cookie?.value ?? '')).statusCode).toBe(200);
    // The cookie holds a Firebase session: an ID token in its place (even an admin's) is no
    // session at all, and garbage is nobody's.
    expect((await withCookie(alice.token)).statusCode).toBe(401);
    expect((await withCookie(admin.token)).statusCode).toBe(401);
    expect((await withCookie('not-a-token')).statusCode).toBe(401);
    // The cookie is the dashboard's only: the API itself reads the Authorization header alone.
    const apiWithCookie = await t.app.inject({
      url: '/api/admin/products/sync/jobs',
      cookies: { __session: cookie?.value ?? '' },
    });
    expect(apiWithCookie.statusCode).toBe(401);
  });
});

describe('carts', () => {
  type Cart = {
    cartItems: Array<{ id: string; productId: string; quantity: number; size: string }>;
    totalItems: number;
  };
  const add = (headers: Record<string, string>, size: string, quantity = 1) =>
    t.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers,
      payload: { productId: PRODUCT.id, quantity, size },
    });
  const read = async (headers: Record<string, string>) =>
    (await t.app.inject({ url: '/api/cart', headers })).json() as Cart;

  it("never show or change one user's lines for another", async () => {
    const added = await add(bearer(alice.token), 'M', 2);
    expect(added.statusCode).toBe(200);
    const aliceLine = (added.json() as Cart).cartItems[0];

    expect((await read(bearer(bob.token))).cartItems).toEqual([]);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/cart/items/${aliceLine.id}`,
      headers: bearer(bob.token),
      payload: { quantity: 9 },
    });
    expect(patch.statusCode).toBe(404);
    // Removing a line is idempotent: Bob's own cart answers, without Alice's line in it.
    const remove = await t.app.inject({
      method: 'DELETE',
      url: `/api/cart/items/${aliceLine.id}`,
      headers: bearer(bob.token),
    });
    expect((remove.json() as Cart).cartItems).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/cart', headers: bearer(bob.token) })).statusCode).toBe(
      200,
    );
    const replaced = await t.app.inject({
      method: 'PUT',
      url: '/api/cart',
      headers: bearer(bob.token),
      payload: { items: [{ productId: PRODUCT.id, quantity: 1, size: 'L' }] },
    });
    expect(replaced.statusCode).toBe(200);

    const aliceCart = await read(bearer(alice.token));
    expect(aliceCart.cartItems.map(({ id, quantity, size }) => ({ id, quantity, size }))).toEqual([
      { id: aliceLine.id, quantity: 2, size: 'M' },
    ]);
    expect((await read(bearer(bob.token))).cartItems.map((i) => i.size)).toEqual(['L']);
  });

  it("never show or change a guest's lines for another guest or a signed-in user", async () => {
    const ada = guestHeaders();
    const eve = guestHeaders();
    const added = await add(ada, 'L', 3);
    const line = (added.json() as Cart).cartItems[0];

    expect((await read(eve)).cartItems).toEqual([]);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/cart/items/${line.id}`,
          headers: eve,
          payload: { quantity: 1 },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      ((await t.app.inject({ method: 'DELETE', url: `/api/cart/items/${line.id}`, headers: eve })).json() as Cart)
        .cartItems,
    ).toEqual([]);
    // A token decides whose cart it is: a guest id sent beside it does not open the guest's cart.
    const bobWithAdasId = { ...bearer(bob.token), ...ada };
    expect((await read(bobWithAdasId)).cartItems.some((i) => i.id === line.id)).toBe(false);
    await t.app.inject({ method: 'DELETE', url: `/api/cart/items/${line.id}`, headers: bobWithAdasId });

    expect((await read(ada)).cartItems.map((i) => ({ id: i.id, quantity: i.quantity }))).toEqual([
      { id: line.id, quantity: 3 },
    ]);
  });
});

describe('orders', () => {
  it('are readable through their checkout session id and no other way', async () => {
    const shopper = guestHeaders();
    await addCartItem(t.app, shopper, { productId: PRODUCT.id, quantity: 1, size: 'M' });
    const checkout = await startCheckout(t.app, shopper, { shipping: TEST_SHIPPING });
    expect(checkout.statusCode).toBe(200);
    const sessionId = (checkout.json() as { id: string }).id;

    const order = await t.app.inject({ url: `/api/orders/by-session/${sessionId}` });
    expect(order.statusCode).toBe(200);
    const view = order.json() as Record<string, unknown>;
    expect(view.status).toBe('pending');
    // No owner or cart reference. The e-mail and address paid with are shown on the confirmation
    // (docs/rules.md#the-signed-in-shopper), and only to whoever holds the session id Stripe returned to the payer.
    // No number while unpaid: it would tell anyone who opens a checkout the next buyer's
    // (docs/after-payment.md#who-may-change-an-order).
    expect(Object.keys(view).sort()).toEqual([
      'amounts',
      'currency',
      'email',
      'fulfilment',
      'id',
      'items',
      'paidAt',
      'refunded',
      'shippingAddress',
      'shippingMethod',
      'status',
      'totalPrice',
    ]);
    const orderId = view.id as string;

    const probes = [
      `/api/orders/${orderId}`,
      `/api/orders/${sessionId}`,
      '/api/orders/by-session',
      '/api/orders/by-session/',
      `/api/orders/by-id/${orderId}`,
      '/api/user/orders',
      '/api/me/orders',
    ];
    for (const url of probes) {
      const response = await t.app.inject({ url, headers: { ...shopper, ...bearer(admin.token) } });
      // Not found, or for an empty session id, not a session id at all: never an order.
      expect([400, 404], url).toContain(response.statusCode);
      expect(Object.keys(response.json()), url).toEqual(['error']);
    }
    // A guest has no order list; a signed-in shopper's list holds only their own orders.
    expect((await t.app.inject({ url: '/api/orders', headers: shopper })).statusCode).toBe(401);
    for (const token of [alice.token, admin.token]) {
      const others = await t.app.inject({ url: `/api/orders?sessionId=${sessionId}`, headers: bearer(token) });
      expect(others.statusCode).toBe(200);
      expect((others.json() as { orders: Array<{ id: string }> }).orders.map((o) => o.id)).not.toContain(orderId);
    }
    const similar = `${sessionId.slice(0, -1)}${sessionId.endsWith('A') ? 'B' : 'A'}`;
    expect((await t.app.inject({ url: `/api/orders/by-session/${similar}` })).statusCode).toBe(404);
  });
});

describe('ID tokens', () => {
  it.each([
    ['expired', () => expiredTokenFrom(alice.token)],
    ['from another project', () => foreignProjectTokenFrom(alice.token)],
    ['of an admin, expired', () => expiredTokenFrom(admin.token)],
    ['of an admin, from another project', () => foreignProjectTokenFrom(admin.token)],
  ])('refuses a token %s with 401 on shopper and admin routes alike', async (_name, token) => {
    for (const url of ['/api/cart', '/api/admin/products/sync/jobs', '/admin/queues']) {
      const response = await t.app.inject({ url, headers: bearer(token()) });
      expect(response.statusCode, url).toBe(401);
      expect(response.json().error).toEqual({
        code: 'unauthenticated',
        message: 'The ID token is invalid, expired, revoked or from another project',
      });
    }
  });
});

describe('CORS', () => {
  const preflight = (origin: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url: '/api/cart/items',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-guest-id',
      },
    });

  it.each(['http://evil.test', 'http://shop.test.evil.test', 'https://shop.test', 'http://shop.test:8080', 'null'])(
    'gives the origin %s no Access-Control-Allow-Origin',
    async (origin) => {
      expect((await preflight(origin)).headers['access-control-allow-origin']).toBeUndefined();
      const get = await t.app.inject({ url: '/api/products', headers: { origin } });
      expect(get.headers['access-control-allow-origin']).toBeUndefined();
    },
  );

  it("allows PUBLIC_URL's origin, with credentials and the ETag exposed", async () => {
    const allowed = await preflight(PUBLIC_URL);
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(PUBLIC_URL);
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    const get = await t.app.inject({ url: '/api/cart', headers: { origin: PUBLIC_URL, ...guestHeaders() } });
    expect(get.headers['access-control-allow-origin']).toBe(PUBLIC_URL);
    expect(get.headers['access-control-expose-headers']).toContain('ETag');
  });
});

describe('security headers', () => {
  it.each([
    ['an API answer', '/api/products'],
    ['an error', '/api/no-such-route'],
    ['the queue dashboard refusal', '/admin/queues'],
  ])('are set on %s', async (_name, url) => {
    const { headers } = await t.app.inject({ url });
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(headers['content-security-policy']).toContain("object-src 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['strict-transport-security']).toMatch(/^max-age=\d+; includeSubDomains$/);
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(headers['x-powered-by']).toBeUndefined();
  });
});

describe('logs', () => {
  const SECRETS = {
    STRIPE_SECRET_KEY: 'sk_test_SECRETstripeKey4242',
    STRIPE_WEBHOOK_SECRET: 'whsec_SECRETwebhookSigning4242',
    PRINTFUL_API_KEY: 'SECRETprintfulApiKey4242',
    METRICS_TOKEN: 'SECRETmetricsToken4242',
    PRINTFUL_WEBHOOK_TOKEN: 'SECRETprintfulWebhookToken4242',
  };
  let app: FastifyInstance;
  let store: FullDocumentStore;
  let printful: PrintfulSandbox;
  let dir: string;
  const lines: string[] = [];

  beforeAll(async () => {
    printful = await startPrintfulSandbox({ products: 1 });
    dir = mkdtempSync(path.join(os.tmpdir(), 'shop-log-test-'));
    const config = parseConfig({
      ...testRunEnv(),
      LOG_LEVEL: 'trace',
      SQLITE_PATH: path.join(dir, 'shop.db'),
      PRINTFUL_API_URL: printful.url,
      ...SECRETS,
    });
    store = openSqliteStore(config.SQLITE_PATH);
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    // The production logger settings (redaction, serializers), written to memory instead of stdout.
    const logger = { ...(defaultLogger(config) as object), transport: undefined, stream };
    app = await buildApp({ config, store, serveWeb: false, logger });
    await app.ready();
  });

  afterAll(async () => {
    if (app) await Promise.all(Object.values(app.queues).map((queue) => queue.obliterate({ force: true })));
    await app?.close();
    await store?.close();
    await printful?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('never contain a secret or an ID token, even at trace level', async () => {
    const userToken = admin.token;
    const webhook = signedEvent(
      'checkout.session.completed',
      { id: 'cs_test_logsuite0001', object: 'checkout.session', metadata: {} },
      SECRETS.STRIPE_WEBHOOK_SECRET,
    );
    const requests = [
      { url: '/metrics', headers: bearer(SECRETS.METRICS_TOKEN) },
      { url: '/metrics', headers: bearer(`${SECRETS.METRICS_TOKEN}-wrong`) },
      {
        method: 'POST' as const,
        url: `/api/webhooks/printful/${SECRETS.PRINTFUL_WEBHOOK_TOKEN}`,
        payload: { type: 'product_updated', created: 1, retries: 0, store: 1, data: { sync_product: { id: 7 } } },
      },
      {
        method: 'POST' as const,
        url: `/api/webhooks/printful/${SECRETS.PRINTFUL_WEBHOOK_TOKEN}?x=1`,
        payload: { type: 'product_updated' },
      },
      { method: 'POST' as const, url: `/api/webhooks/printful/${SECRETS.PRINTFUL_WEBHOOK_TOKEN}/extra`, payload: {} },
      {
        method: 'POST' as const,
        url: '/api/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': webhook.signature },
        payload: webhook.payload,
      },
      {
        method: 'POST' as const,
        url: '/api/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': 'v1=bad' },
        payload: webhook.payload,
      },
      { url: '/api/cart', headers: bearer(userToken) },
      { url: '/api/cart', headers: bearer(expiredTokenFrom(userToken)) },
      { url: '/api/admin/products/sync/config-check', headers: bearer(userToken) },
      { method: 'POST' as const, url: '/api/admin/session', headers: bearer(userToken) },
      { url: '/admin/queues/api/queues', cookies: { __session: userToken } },
    ];
    for (const request of requests) {
      const response = await app.inject(request);
      expect(response.statusCode, request.url).toBeLessThan(500);
    }
    const printfulAccepted = lines.some((line) => line.includes('"msg":"printful webhook"'));
    expect(printfulAccepted).toBe(true);
    const log = lines.join('');
    // The most verbose level was on, and the Printful webhook's requests were logged, just masked.
    expect(app.log.level).toBe('trace');
    expect(log).toContain('/api/webhooks/printful/[redacted]');
    for (const [name, secret] of Object.entries(SECRETS)) expect(log.includes(secret), name).toBe(false);
    const [header, payload] = userToken.split('.');
    expect(log.includes(`${header}.${payload}`), 'ID token').toBe(false);
    expect(log.includes(payload), 'ID token payload').toBe(false);
    expect(log.includes(webhook.signature), 'Stripe-Signature').toBe(false);
  });
});
