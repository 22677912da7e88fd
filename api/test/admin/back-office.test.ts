import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import type { Order, QuoteDocument } from '@shop/shared/schemas';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { JOBS } from '@shop/shared/server/queues';
import { DEMO_SHIPPING } from '../../../tests/sandbox/stripe/hosted-page.js';
import { sandboxSdk } from '../../../tests/sandbox/stripe/sdk-client.js';
import { startStripeSandbox, type StripeSandbox } from '../../../tests/sandbox/stripe/server.js';
import { orderLine, paidOrder } from '../../../tests/fixtures/paid-order.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { adminCallers } from './admin-users.js';

// The studio's back office (docs/rules.md#the-back-office): order search, one order in full, the refund and
// resend actions (against the Stripe sandbox through the real SDK), the quotes inbox and the
// monthly sales report, each for admins only.

let t: TestApp;
let sandbox: StripeSandbox;
let stripe: Stripe;
let who: Awaited<ReturnType<typeof adminCallers>>;
/** What the API logged, one parsed JSON line each. */
const logs: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  // The API's webhook is not listening here: the refund's events are the worker's concern, tested
  // in tests/integration; this suite checks what Stripe was asked.
  sandbox = await startStripeSandbox({
    webhookUrl: 'http://127.0.0.1:9/none',
    webhookSecret: 'whsec_back_office_secret',
    payRetryDelaysMs: [],
  });
  stripe = sandboxSdk(sandbox);
  t = await createTestApp(
    { STRIPE_API_URL: sandbox.url, STRIPE_FEE_PERCENT: '3', STRIPE_FEE_FIXED: '0.25' },
    undefined,
    { logger: { level: 'info', stream: { write: (line: string) => logs.push(JSON.parse(line)) } } },
  );
  who = await adminCallers(t.store);
});
afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

const admin = () => who.claimAdmin;

async function storeOrder(overrides: Partial<Order> = {}): Promise<Order> {
  const order = paidOrder({
    number: `CS-${Math.floor(Math.random() * 900_000) + 100_000}`,
    amounts: { subtotal: 49.98, shipping: 4.75, tax: 4.12, total: 58.85, currency: 'USD' },
    totalPrice: 58.85,
    ...overrides,
  });
  await t.store.set(COLLECTIONS.orders, order.id, order);
  return order;
}

/** A Checkout Session of $50 (or two of `unitAmount` in `currency`) paid in the sandbox, as a shopper's payment leaves it. */
async function paidSession(currency = 'usd', unitAmount = 2500): Promise<Stripe.Checkout.Session> {
  const session = await stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [{ price_data: { currency, unit_amount: unitAmount, product_data: { name: 'Tee' } }, quantity: 2 }],
    success_url: 'http://shop.test/success',
    shipping_address_collection: { allowed_countries: ['US'] },
  });
  const paid = await fetch(`${sandbox.url}/pay/${session.id}/pay`, {
    method: 'POST',
    body: new URLSearchParams({ ...DEMO_SHIPPING, payment_method: 'card' }),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  return stripe.checkout.sessions.retrieve(session.id);
}

const post = (url: string, payload?: Record<string, unknown>, headers = admin()) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload }) });

describe('access', () => {
  const someId = 'ord_0000000000';
  it.each([
    ['GET', '/api/admin/orders?q=ada'],
    ['GET', `/api/admin/orders/${someId}`],
    ['POST', `/api/admin/orders/${someId}/refund`],
    ['POST', `/api/admin/orders/${someId}/resend-confirmation`],
    ['GET', '/api/admin/quotes'],
    ['GET', '/api/admin/quotes/q1'],
    ['PATCH', '/api/admin/quotes/q1'],
    ['GET', '/api/admin/reports/sales'],
  ] as const)('%s %s: 401 for guests, 403 for shoppers', async (method, url) => {
    const guest = await t.app.inject({ method, url, headers: { 'x-guest-id': `guest-${randomUUID()}` } });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().error.code).toBe('unauthenticated');
    const shopper = await t.app.inject({ method, url, headers: who.shopper, payload: { status: 'won' } });
    expect(shopper.statusCode).toBe(403);
    expect(shopper.json().error.code).toBe('permission-denied');
  });
});

describe('orders', () => {
  it('finds orders by part of the number, the e-mail or the name, in any case', async () => {
    const grace = await storeOrder({
      customerEmail: 'grace.hopper@navy.example',
      shipping: {
        name: 'Grace Hopper',
        email: 'grace.hopper@navy.example',
        address1: '1 Compiler Way',
        address2: null,
        city: 'Arlington',
        stateCode: 'VA',
        countryCode: 'US',
        zip: '22201',
      },
    });
    await storeOrder({ customerEmail: 'someone@else.example' });
    const search = async (q: string) =>
      (await t.app.inject({ url: `/api/admin/orders?q=${encodeURIComponent(q)}`, headers: admin() })).json()
        .orders as Array<{ id: string; customerName: string | null }>;
    expect((await search('GRACE.HOPPER@')).map((o) => o.id)).toEqual([grace.id]);
    expect((await search('hopper')).map((o) => o.customerName)).toEqual(['Grace Hopper']);
    expect((await search(grace.number!.toLowerCase())).map((o) => o.id)).toEqual([grace.id]);
    expect(await search('nobody-by-this-name')).toEqual([]);
    const paidOnly = await t.app.inject({ url: '/api/admin/orders?status=refunded&q=grace', headers: admin() });
    expect(paidOnly.json().orders).toEqual([]);
  });

  it('shows one order in full with its address, amounts and links to Stripe and Printful', async () => {
    const order = await storeOrder({
      shipping: {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        address1: '12 Analytical Row',
        address2: 'Flat 2',
        city: 'Portland',
        stateCode: 'OR',
        countryCode: 'US',
        zip: '97201',
      },
      fulfilment: { provider: 'printful', orderId: 100_000_042, status: 'pending', cost: 21.4 },
      events: [
        {
          at: new Date().toISOString(),
          source: 'stripe',
          type: 'checkout.session.completed',
          eventId: 'evt_1',
          note: null,
        },
      ],
    });
    const res = await t.app.inject({ url: `/api/admin/orders/${order.id}`, headers: admin() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: order.id,
      number: order.number,
      customerName: 'Ada Lovelace',
      shipping: { address1: '12 Analytical Row', city: 'Portland', zip: '97201' },
      amounts: { subtotal: 49.98, shipping: 4.75, tax: 4.12, total: 58.85 },
      items: [{ name: 'Studio Tee', quantity: 2 }],
      printfulCost: 21.4,
      refundable: 58.85,
      changes: [],
      events: [{ type: 'checkout.session.completed' }],
      links: {
        stripe: `https://dashboard.stripe.com/test/search?query=${order.sessionId}`,
        printful: 'https://www.printful.com/dashboard?order_id=100000042',
      },
    });
    const missing = await t.app.inject({ url: '/api/admin/orders/ord_nothing_here', headers: admin() });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('not-found');
  });
});

describe('POST /api/admin/orders/:id/refund', () => {
  // docs/rules.md#local-prices: an order paid in euros or yen is refunded in them.
  it.each([
    ['eur', 2800, 'EUR', 12.5, 1250, '€43.50'],
    ['jpy', 4100, 'JPY', 1000, 1000, '¥7,200'],
  ] as const)(
    'refunds a %s order in its currency and says what is left in it',
    async (stripeCurrency, unit, currency, amount, minor, left) => {
      const session = await paidSession(stripeCurrency, unit);
      const total = (2 * unit) / (currency === 'JPY' ? 1 : 100);
      const order = await storeOrder({
        sessionId: session.id,
        currency,
        exchangeRate: currency === 'JPY' ? 150 : 0.92,
        totalPrice: total,
        amounts: { subtotal: total, shipping: 0, tax: 0, total, currency },
      });
      const url = `/api/admin/orders/${order.id}/refund`;
      const made = await post(url, { amount });
      expect(made.statusCode).toBe(202);
      expect(made.json().refund.amount).toBe(amount);
      const inStripe = await stripe.refunds.list({ payment_intent: session.payment_intent as string });
      expect(inStripe.data.map((r) => [r.amount, r.currency])).toEqual([[minor, stripeCurrency]]);
      const tooMuch = await post(url, { amount: total });
      expect(tooMuch.json().error.details.fields).toEqual({ amount: MESSAGES.refundAmountOverLeft(left) });
    },
  );

  it('refunds in Stripe once for a double click, then refuses more than is left', async () => {
    const session = await paidSession();
    const order = await storeOrder({ sessionId: session.id, totalPrice: 50, amounts: null });
    const url = `/api/admin/orders/${order.id}/refund`;

    const clicks = await Promise.all([post(url, { amount: 12.5 }), post(url, { amount: 12.5 })]);
    expect(clicks.map((c) => c.statusCode)).toEqual([202, 202]);
    expect(clicks[0].json().refund).toMatchObject({ amount: 12.5, status: 'succeeded' });
    expect(clicks[1].json().refund.id).toBe(clicks[0].json().refund.id);
    // A late third click of the same button: still the same refund.
    expect((await post(url, { amount: 12.5 })).json().refund.id).toBe(clicks[0].json().refund.id);

    const inStripe = await stripe.refunds.list({ payment_intent: session.payment_intent as string });
    expect(inStripe.data.map((r) => r.amount)).toEqual([1250]);
    expect(inStripe.data[0].metadata).toMatchObject({ order_id: order.id });

    const tooMuch = await post(url, { amount: 40 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.message).toBe('The refund is more than what is left to refund ($37.50)');
    expect(tooMuch.json().error.details.fields).toEqual({ amount: MESSAGES.refundAmountOverLeft('$37.50') });

    const rest = await post(url, {});
    expect(rest.statusCode).toBe(202);
    expect(rest.json().refund.amount).toBe(37.5);
    const all = await stripe.refunds.list({ payment_intent: session.payment_intent as string });
    expect(all.data.map((r) => r.amount).sort()).toEqual([1250, 3750]);
  });

  it('tells the studio in its own words when Stripe refuses the refund, and refunds nothing', async () => {
    const session = await paidSession();
    const order = await storeOrder({ sessionId: session.id, totalPrice: 50, amounts: null });
    // The shopper's bank charges the payment back: Stripe refuses refunds from then on.
    const disputed = await fetch(`${sandbox.url}/__sandbox/payment_intents/${session.payment_intent}/dispute`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(disputed.status).toBe(200);
    const refused = await post(`/api/admin/orders/${order.id}/refund`, {});
    expect(refused.statusCode).toBe(412);
    expect(refused.json().error).toEqual({ code: 'failed-precondition', message: MESSAGES.refundDisputed });
    expect(refused.json().error.message).not.toBe(MESSAGES.paymentRefused);
    const inStripe = await stripe.refunds.list({ payment_intent: session.payment_intent as string });
    expect(inStripe.data).toEqual([]);
  });

  it('refuses an unpaid order, a bad amount and an unknown order', async () => {
    const pending = await storeOrder({ status: 'pending', paidAt: null });
    const notPaid = await post(`/api/admin/orders/${pending.id}/refund`, {});
    expect(notPaid.statusCode).toBe(412);
    expect(notPaid.json().error.message).toBe('Only a paid order can be refunded; this one is pending');
    const paid = await storeOrder();
    for (const amount of [-1, 0, 1.234, 'ten']) {
      const bad = await post(`/api/admin/orders/${paid.id}/refund`, { amount });
      expect(bad.statusCode, String(amount)).toBe(400);
      expect(bad.json().error.code).toBe('invalid-argument');
      expect(bad.json().error.details.fields).toEqual({ amount: MESSAGES.refundAmountInvalid });
    }
    expect((await post('/api/admin/orders/ord_nope/refund', {})).statusCode).toBe(404);
  });

  it("passes Stripe the studio's reason, keeps its note on the refund, and says when the shopper is not to be told", async () => {
    const session = await paidSession();
    const order = await storeOrder({ sessionId: session.id, totalPrice: 50, amounts: null });
    const url = `/api/admin/orders/${order.id}/refund`;
    const quiet = await post(url, {
      amount: 10,
      reason: 'duplicate',
      note: '  Charged twice: the second payment goes back.  ',
      tellCustomer: false,
    });
    expect(quiet.statusCode).toBe(202);
    // Without the new fields: Stripe's default reason, no note, the shopper told.
    expect((await post(url, { amount: 5 })).statusCode).toBe(202);
    const made = (await stripe.refunds.list({ payment_intent: session.payment_intent as string })).data;
    const byAmount = new Map(made.map((r) => [r.amount, r]));
    expect(byAmount.get(1000)).toMatchObject({
      reason: 'duplicate',
      metadata: { note: 'Charged twice: the second payment goes back.', tell_customer: 'no', order_id: order.id },
    });
    expect(byAmount.get(500)?.reason).toBe('requested_by_customer');
    expect(byAmount.get(500)?.metadata).not.toHaveProperty('note');
    expect(byAmount.get(500)?.metadata).not.toHaveProperty('tell_customer');
    expect(logs.find((l) => l.msg === 'refund requested by the studio' && l.reason === 'duplicate')).toMatchObject({
      tellCustomer: false,
    });
  });

  it('answers a wrong reason, note or choice with a sentence naming the field, and refunds nothing', async () => {
    const session = await paidSession();
    const order = await storeOrder({ sessionId: session.id, totalPrice: 50, amounts: null });
    const url = `/api/admin/orders/${order.id}/refund`;
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ reason: 'changed_mind' }, { reason: MESSAGES.refundReasonInvalid }],
      [{ note: 'x'.repeat(501) }, { note: MESSAGES.refundNoteTooLong(500) }],
      [{ note: 42 }, { note: MESSAGES.refundNoteTooLong(500) }],
      [{ tellCustomer: 'yes' }, { tellCustomer: MESSAGES.refundTellCustomerInvalid }],
    ];
    for (const [body, fields] of cases) {
      const bad = await post(url, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().error.details.fields).toEqual(fields);
    }
    expect((await stripe.refunds.list({ payment_intent: session.payment_intent as string })).data).toEqual([]);
  });
});

describe('POST /api/admin/orders/:id/resend-confirmation', () => {
  it('queues one confirmation e-mail however often it is clicked', async () => {
    const order = await storeOrder();
    const url = `/api/admin/orders/${order.id}/resend-confirmation`;
    const answers = await Promise.all([post(url), post(url), post(url)]);
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202]);
    const ids = new Set(answers.map((a) => a.json().jobId));
    expect(ids.size).toBe(1);
    const jobs = (await t.app.queues.notifications.getJobs(['waiting', 'delayed', 'active', 'completed'])).filter(
      (j) => j?.data?.orderId === order.id,
    );
    expect(jobs.map((j) => j.name)).toEqual([JOBS.notifications.orderConfirmation]);

    const noEmail = await storeOrder({ customerEmail: null });
    const refused = await post(`/api/admin/orders/${noEmail.id}/resend-confirmation`);
    expect(refused.statusCode).toBe(412);
  });
});

describe('quotes inbox', () => {
  const quote = (overrides: Partial<QuoteDocument> = {}): QuoteDocument => ({
    name: 'Linus',
    email: 'linus@example.com',
    services: ['website'],
    budget: '5k-15k',
    message: 'A site for our bakery with online orders.',
    status: 'new',
    createdAt: new Date().toISOString(),
    ...overrides,
  });

  it('lists quotes newest first, by status, and marks one contacted with a note', async () => {
    await t.store.set(COLLECTIONS.quotes, 'q-old', quote({ createdAt: '2026-11-01T10:00:00.000Z' }));
    await t.store.set(COLLECTIONS.quotes, 'q-new', quote({ name: 'Margaret', createdAt: '2026-11-24T10:00:00.000Z' }));
    await t.store.set(COLLECTIONS.quotes, 'q-won', quote({ status: 'won', createdAt: '2026-10-01T10:00:00.000Z' }));

    const listed = await t.app.inject({ url: '/api/admin/quotes', headers: admin() });
    expect(listed.statusCode, listed.body).toBe(200);
    const all = listed.json().quotes;
    expect(all.map((q: { id: string }) => q.id)).toEqual(['q-new', 'q-old', 'q-won']);
    const fresh = (await t.app.inject({ url: '/api/admin/quotes?status=new', headers: admin() })).json().quotes;
    expect(fresh.map((q: { id: string }) => q.id)).toEqual(['q-new', 'q-old']);
    expect((await t.app.inject({ url: '/api/admin/quotes/q-new', headers: admin() })).json()).toMatchObject({
      id: 'q-new',
      name: 'Margaret',
      message: 'A site for our bakery with online orders.',
    });

    const change = { status: 'contacted', note: 'Called, sending a proposal Friday' };
    const twice = await Promise.all(
      [1, 2].map(() =>
        t.app.inject({ method: 'PATCH', url: '/api/admin/quotes/q-new', headers: admin(), payload: change }),
      ),
    );
    expect(twice.map((r) => r.statusCode)).toEqual([200, 200]);
    const stored = await t.store.get(COLLECTIONS.quotes, 'q-new');
    expect(stored).toMatchObject({ ...change, name: 'Margaret', updatedBy: expect.stringContaining('@') });
    const contacted = (await t.app.inject({ url: '/api/admin/quotes?status=contacted', headers: admin() })).json();
    expect(contacted.quotes.map((q: { id: string }) => q.id)).toEqual(['q-new']);
  });

  it('refuses an unknown status, a missing quote and a bad filter', async () => {
    await t.store.set(COLLECTIONS.quotes, 'q-x', quote());
    const patch = (id: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url: `/api/admin/quotes/${id}`, headers: admin(), payload });
    expect((await patch('q-x', { status: 'maybe' })).statusCode).toBe(400);
    expect((await patch('q-x', { note: 'no status' })).statusCode).toBe(400);
    expect((await patch('q-x', { status: 'spam', note: 'x'.repeat(2001) })).statusCode).toBe(400);
    const missing = await patch('q-missing', { status: 'spam' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('No quote with the id "q-missing"');
    expect((await t.app.inject({ url: '/api/admin/quotes?status=maybe', headers: admin() })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/admin/quotes/q-missing', headers: admin() })).statusCode).toBe(404);
  });

  it('leaves an unreadable stored quote out of the inbox and treats it as missing', async () => {
    await t.store.set(COLLECTIONS.quotes, 'q-garbled', { name: 'No email, no status', createdAt: 'yesterday' });
    const listed = await t.app.inject({ url: '/api/admin/quotes', headers: admin() });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().quotes.map((q: { id: string }) => q.id)).not.toContain('q-garbled');
    const one = await t.app.inject({ url: '/api/admin/quotes/q-garbled', headers: admin() });
    expect(one.statusCode).toBe(404);
    expect(one.json().error.message).toBe('No quote with the id "q-garbled"');
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/quotes/q-garbled',
      headers: admin(),
      payload: { status: 'spam' },
    });
    expect(patched.statusCode).toBe(404);
    expect(await t.store.get(COLLECTIONS.quotes, 'q-garbled')).not.toHaveProperty('status');
  });
});

describe('GET /api/admin/reports/sales', () => {
  // Two months of a year no other test writes to, with amounts and Printful costs known here.
  beforeAll(async () => {
    const at = (iso: string) => ({ createdAt: iso, paidAt: iso });
    await storeOrder({
      ...at('2031-03-05T12:00:00.000Z'),
      items: [orderLine({ quantity: 2 })],
      amounts: { subtotal: 50, shipping: 5, tax: 4, total: 59, currency: 'USD' },
      fulfilment: { provider: 'printful', orderId: 1, status: 'fulfilled', cost: 25.5 },
    });
    await storeOrder({
      ...at('2031-03-20T12:00:00.000Z'),
      status: 'refunded',
      items: [orderLine({ quantity: 1 })],
      amounts: { subtotal: 25, shipping: 5, tax: 2, total: 32, currency: 'USD' },
      refunds: [{ id: 're_1', amount: 32, status: 'succeeded' }],
      // Cancelled in Printful after the refund: Printful charges nothing.
      fulfilment: { provider: 'printful', orderId: 2, status: 'canceled', cost: 13 },
    });
    await storeOrder({
      ...at('2031-05-31T23:59:00.000Z'),
      status: 'shipped',
      items: [orderLine({ quantity: 3 })],
      amounts: { subtotal: 75, shipping: 6, tax: 0, total: 81, currency: 'USD' },
      refunds: [
        { id: 're_2', amount: 10, status: 'succeeded' },
        { id: 're_3', amount: 5, status: 'failed' },
      ],
      fulfilment: { provider: 'printful', orderId: 3, status: 'fulfilled', cost: 40 },
    });
    // With a discount code: revenue is what was paid after it, the discount its own column.
    await storeOrder({
      ...at('2031-05-10T12:00:00.000Z'),
      items: [orderLine({ quantity: 2 })],
      amounts: { subtotal: 40, discount: 4, shipping: 5, tax: 2.5, total: 43.5, currency: 'USD' },
      fulfilment: { provider: 'printful', orderId: 4, status: 'pending', cost: 18 },
    });
    // Never paid: not in the report.
    await storeOrder({ ...at('2031-03-06T12:00:00.000Z'), status: 'expired', paidAt: null });
  });

  it("counts an order in the studio's month, not the UTC one: the evening of June 30 in Los Angeles is June", async () => {
    // 2032-07-01T03:00Z is 8 PM on June 30 in Los Angeles (the test app's default studio zone).
    await storeOrder({
      createdAt: '2032-07-01T03:00:00.000Z',
      paidAt: '2032-07-01T03:00:00.000Z',
      amounts: { subtotal: 20, shipping: 5, tax: 0, total: 25, currency: 'USD' },
    });
    const res = await t.app.inject({ url: '/api/admin/reports/sales?from=2032-06&to=2032-07', headers: admin() });
    expect(res.statusCode).toBe(200);
    const months = res.json().months as Array<{ month: string; orders: number; revenue: number }>;
    expect(months.map((m) => [m.month, m.orders, m.revenue])).toEqual([
      ['2032-06', 1, 25],
      ['2032-07', 0, 0],
    ]);
  });

  it('sums each month from the orders: revenue, costs, estimated Stripe fees and what is left', async () => {
    const res = await t.app.inject({ url: '/api/admin/reports/sales?from=2031-03&to=2031-05', headers: admin() });
    expect(res.statusCode).toBe(200);
    // Stripe fees at 3% + $0.25: 59 -> 2.02, 32 -> 1.21; 81 -> 2.68, 43.50 -> 1.56.
    expect(res.json().months).toEqual([
      {
        month: '2031-03',
        orders: 2,
        units: 3,
        revenue: 91,
        shipping: 10,
        tax: 6,
        discounts: 0,
        refunds: 32,
        printfulCost: 25.5,
        stripeFees: 3.23,
        // 59 - 4 - 25.5 - 2.02 = 27.48, and the refunded order's 32 - 32 - 1.21 = -1.21 (its tax went
        // back with the refund, so it is not owed)
        net: 26.27,
      },
      {
        month: '2031-04',
        orders: 0,
        units: 0,
        revenue: 0,
        shipping: 0,
        tax: 0,
        discounts: 0,
        refunds: 0,
        printfulCost: 0,
        stripeFees: 0,
        net: 0,
      },
      {
        month: '2031-05',
        orders: 2,
        units: 5,
        revenue: 124.5,
        shipping: 11,
        tax: 2.5,
        discounts: 4,
        refunds: 10,
        printfulCost: 58,
        stripeFees: 4.24,
        // 81 - 0 - 10 - 40 - 2.68 = 28.32, and 43.50 - 2.50 - 18 - 1.56 = 21.44
        net: 49.76,
      },
    ]);
  });

  it('answers the same figures as CSV for a spreadsheet', async () => {
    const res = await t.app.inject({
      url: '/api/admin/reports/sales?from=2031-05&to=2031-05&format=csv',
      headers: admin(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('sales-2031-05-to-2031-05.csv');
    expect(res.body.split('\r\n')).toEqual([
      'month,orders,units,revenue,shipping,tax,discounts,refunds,printfulCost,stripeFees,net',
      '2031-05,2,5,124.50,11.00,2.50,4.00,10.00,58.00,4.24,49.76',
      '',
    ]);
  });

  it('refuses a malformed month or a backwards range', async () => {
    for (const query of [
      'from=2031-13',
      'to=31-05',
      'from=2031-06&to=2031-05',
      'from=2020-01&to=2031-05',
      'format=xml',
    ]) {
      const res = await t.app.inject({ url: `/api/admin/reports/sales?${query}`, headers: admin() });
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe('who did it', () => {
  it("logs each admin action with the admin's e-mail", async () => {
    const session = await paidSession();
    const refunded = await storeOrder({ sessionId: session.id, totalPrice: 50, amounts: null });
    const resent = await storeOrder();
    const failed = await storeOrder({ fulfilment: { provider: 'printful', orderId: 7, status: 'failed', cost: null } });
    await t.store.set(COLLECTIONS.quotes, 'q-logged', {
      name: 'Ida',
      email: 'ida@example.com',
      services: ['website'],
      budget: '5k-15k',
      message: 'A site for our shop.',
      status: 'new',
      createdAt: new Date().toISOString(),
    } satisfies QuoteDocument);
    const actions = [
      post(`/api/admin/orders/${refunded.id}/refund`, { amount: 5 }),
      post(`/api/admin/orders/${resent.id}/resend-confirmation`),
      post(`/api/admin/orders/${failed.id}/retry-fulfilment`),
      t.app.inject({
        method: 'PATCH',
        url: '/api/admin/quotes/q-logged',
        headers: admin(),
        payload: { status: 'spam' },
      }),
      post('/api/admin/products/sync', { fullSync: false }),
    ];
    expect((await Promise.all(actions)).map((a) => a.statusCode)).toEqual([202, 202, 202, 200, 202]);
    const byWhom = (msg: string) => logs.filter((line) => line.msg === msg).map((line) => line.by);
    for (const msg of [
      'refund requested by the studio',
      'order confirmation resent by the studio',
      'fulfilment retry queued',
      'quote updated by the studio',
      'product sync requested',
    ])
      expect(byWhom(msg), msg).toContain(who.emails.claimAdmin);
  });
});

describe('sync history', () => {
  it('shows a scheduled sync with the time it will run, not as waiting without one', async () => {
    const delay = 3_600_000;
    const job = await t.app.queues.productSync.add('incremental', {}, { delay });
    const res = await t.app.inject({ url: '/api/admin/products/sync/jobs', headers: admin() });
    const listed = res.json().jobs.find((j: { id: string }) => j.id === job.id);
    expect(listed.scheduledFor).toBe(new Date(job.timestamp + delay).toISOString());
    await job.remove();
  });

  it("shows the hourly schedule's next run, as the worker schedules it, with its time", async () => {
    const queue = t.app.queues.productSync;
    await queue.upsertJobScheduler(
      'product-sync-hourly-test',
      { pattern: '0 * * * *', tz: 'UTC' },
      { name: 'incremental', data: {} },
    );
    try {
      const nextHour = new Date(Math.ceil((Date.now() + 1) / 3_600_000) * 3_600_000).toISOString();
      const res = await t.app.inject({ url: '/api/admin/products/sync/jobs', headers: admin() });
      const scheduled = res
        .json()
        .jobs.filter((j: { id: string }) => j.id.startsWith('repeat:product-sync-hourly-test:'));
      expect(scheduled).toMatchObject([{ name: 'incremental', state: 'waiting', scheduledFor: nextHour }]);
      const one = await t.app.inject({ url: `/api/admin/products/sync/jobs/${scheduled[0].id}`, headers: admin() });
      expect(one.json().scheduledFor).toBe(nextHour);
    } finally {
      await queue.removeJobScheduler('product-sync-hourly-test');
    }
  });
});
