import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { customerPath } from '@shop/shared/domain/customer';
import { studioPeriods } from '@shop/shared/domain/time';
import type { Order, QuoteDocument } from '@shop/shared/schemas';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { JOBS } from '@shop/shared/server/queues';
import { paidOrder } from '../../../tests/fixtures/paid-order.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { adminCallers } from './admin-users.js';

// The admin home (today's and this month's sales in the studio's time zone, what waits on the
// studio, new quotes), the customer pages, and a quote answered from the admin. Its own app and
// store, so that every count below is this file's.

let t: TestApp;
let who: Awaited<ReturnType<typeof adminCallers>>;

beforeAll(async () => {
  t = await createTestApp({ STRIPE_FEE_PERCENT: '3', STRIPE_FEE_FIXED: '0.25' });
  who = await adminCallers(t.store);
});
afterAll(async () => {
  await t?.close();
});

const admin = () => who.claimAdmin;
const get = (url: string, headers = admin()) => t.app.inject({ url, headers });

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

const quote = (overrides: Partial<QuoteDocument> = {}): QuoteDocument => ({
  name: 'Grace',
  email: 'grace@example.com',
  services: ['website'],
  budget: '5k-15k',
  message: 'A site for our bakery with online orders.',
  status: 'new',
  createdAt: new Date().toISOString(),
  ...overrides,
});

describe('access', () => {
  it.each([
    ['GET', '/api/admin/home'],
    ['GET', '/api/admin/customers'],
    ['GET', `/api/admin/customers/${encodeURIComponent('email:ada@example.com')}`],
    ['POST', '/api/admin/quotes/q1/replies'],
  ] as const)('%s %s: 401 for guests, 403 for shoppers', async (method, url) => {
    expect((await t.app.inject({ method, url, headers: who.signedOut })).statusCode).toBe(401);
    expect((await t.app.inject({ method, url, headers: who.shopper })).statusCode).toBe(403);
  });
});

describe('GET /api/admin/home', () => {
  it("counts today's and this month's sales from the studio's midnight, what waits on the studio and new quotes", async () => {
    const periods = studioPeriods(new Date(), 'America/Los_Angeles');
    const justBefore = (iso: string) => new Date(new Date(iso).getTime() - 1000).toISOString();
    // Paid now: today and this month. Net: 58.85 - 4.12 tax - 10 Printful - 2.02 Stripe (3% + 0.25) = 42.71.
    await storeOrder({ fulfilment: { provider: 'printful', orderId: 1, status: 'pending', cost: 10 } });
    // Paid a second before the studio's month began (in UTC, already this month's date for part of it).
    await storeOrder({ paidAt: justBefore(periods.monthStart), createdAt: justBefore(periods.monthStart) });
    // Paid as the studio's month began: this month, and today only on the 1st.
    await storeOrder({ paidAt: periods.monthStart, createdAt: periods.monthStart });
    // Waiting on the studio.
    await storeOrder({
      paidAt: justBefore(periods.monthStart),
      fulfilment: { provider: 'printful', orderId: null, status: 'held-address' },
    });
    await storeOrder({
      paidAt: justBefore(periods.monthStart),
      fulfilment: { provider: 'printful', orderId: 2, status: 'onhold' },
    });
    await storeOrder({
      paidAt: justBefore(periods.monthStart),
      fulfilment: { provider: 'printful', orderId: 3, status: 'failed' },
    });
    await storeOrder({
      status: 'shipped',
      paidAt: justBefore(periods.monthStart),
      fulfilment: { provider: 'printful', orderId: 4, status: 'returned' },
    });
    // Asked to cancel after its grace period: the studio decides.
    await storeOrder({
      paidAt: justBefore(periods.monthStart),
      fulfilment: { provider: 'printful', orderId: 6, status: 'pending' },
      hold: { until: justBefore(periods.monthStart), releasedAt: justBefore(periods.monthStart) },
      cancellation: { kind: 'requested', at: new Date().toISOString(), settledAt: null },
    });
    // Refunded in full: nobody waits on it any more.
    await storeOrder({
      status: 'refunded',
      paidAt: justBefore(periods.monthStart),
      fulfilment: { provider: 'printful', orderId: 5, status: 'failed' },
    });
    // An unpaid checkout is no sale.
    await storeOrder({ status: 'pending', paidAt: null });
    await t.store.set(COLLECTIONS.quotes, randomUUID(), quote());
    await t.store.set(COLLECTIONS.quotes, randomUUID(), quote());
    await t.store.set(COLLECTIONS.quotes, randomUUID(), quote({ status: 'contacted' }));

    const res = await get('/api/admin/home');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const home = res.json();
    const firstOfMonth = home.date.endsWith('-01');
    expect(home.timeZone).toBe('America/Los_Angeles');
    expect(home.today).toEqual(
      firstOfMonth
        ? { orders: 2, revenue: 117.7, net: 95.42, refunded: 0 }
        : { orders: 1, revenue: 58.85, net: 42.71, refunded: 0 },
    );
    expect(home.thisMonth).toEqual({ orders: 2, revenue: 117.7, net: 95.42, refunded: 0 });
    expect(home.waiting).toEqual({ held: 2, failed: 1, returned: 1, 'cancel-requested': 1 });
    expect(home.newQuotes).toBe(2);
    expect(home.sync).toEqual({ state: null, at: null, problem: null });

    // Each count is a link to the orders it counts.
    const held = (await get('/api/admin/orders?attention=held')).json().orders;
    expect(held.map((o: { fulfilmentStatus: string }) => o.fulfilmentStatus).sort()).toEqual([
      'held-address',
      'onhold',
    ]);
    const returned = (await get('/api/admin/orders?attention=returned')).json().orders;
    expect(returned.map((o: { status: string }) => o.status)).toEqual(['shipped']);
    expect((await get('/api/admin/orders?attention=lost')).statusCode).toBe(400);
  });
});

describe("the admin home's headline", () => {
  it('does not count an order cancelled and refunded in full as a sale of the day, and says it was refunded', async () => {
    const before = (await get('/api/admin/home')).json();
    await storeOrder({
      status: 'refunded',
      refunds: [{ id: 're_full', amount: 58.85, status: 'succeeded' }],
      fulfilment: { provider: 'printful', orderId: null, status: 'canceled' },
    });
    const after = (await get('/api/admin/home')).json();
    expect(after.today.orders).toBe(before.today.orders);
    expect(after.today.revenue).toBe(before.today.revenue);
    expect(after.today.refunded).toBe(before.today.refunded + 1);
  });
});

describe('orders by date', () => {
  it("keeps the orders placed on the studio's days, not UTC's, and names a malformed date's field", async () => {
    const email = `dates-${randomUUID().slice(0, 8)}@example.com`;
    // 11 PM on Oct 30 in Portland (already Oct 31 in UTC), and 1 AM on Oct 31 in Portland.
    const late = await storeOrder({ customerEmail: email, createdAt: '2026-10-31T06:00:00.000Z' });
    const early = await storeOrder({ customerEmail: email, createdAt: '2026-10-31T08:00:00.000Z' });
    const day = (await get(`/api/admin/orders?q=${email}&from=2026-10-31&to=2026-10-31`)).json().orders;
    expect(day.map((o: { id: string }) => o.id)).toEqual([early.id]);
    const before = (await get(`/api/admin/orders?q=${email}&to=2026-10-30`)).json().orders;
    expect(before.map((o: { id: string }) => o.id)).toEqual([late.id]);
    const bad = await get('/api/admin/orders?from=31/10/2026');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('From: enter a date');
  });
});

describe('customers', () => {
  it('gathers a guest by e-mail across browsers, and a signed-in shopper by account whatever e-mail they used', async () => {
    const email = `Rosalind-${randomUUID().slice(0, 6)}@Lab.example`;
    const lower = email.toLowerCase();
    const first = await storeOrder({
      owner: { kind: 'guest', id: `guest-${randomUUID()}` },
      customerEmail: email,
      createdAt: '2026-10-01T10:00:00.000Z',
      paidAt: '2026-10-01T10:00:00.000Z',
    });
    const second = await storeOrder({
      owner: { kind: 'guest', id: `guest-${randomUUID()}` },
      customerEmail: lower,
      createdAt: '2026-11-01T10:00:00.000Z',
      paidAt: '2026-11-01T10:00:00.000Z',
      refunds: [{ id: 're_1', amount: 8.85, status: 'succeeded' }],
    });
    await storeOrder({
      owner: { kind: 'guest', id: 'guest-x' },
      customerEmail: lower,
      status: 'pending',
      paidAt: null,
    });
    const uid = `u${randomUUID().slice(0, 8)}`;
    await storeOrder({ owner: { kind: 'user', id: uid }, customerEmail: 'one@example.com' });
    await storeOrder({ owner: { kind: 'user', id: uid }, customerEmail: 'two@example.com' });
    const quoteId = randomUUID();
    await t.store.set(COLLECTIONS.quotes, quoteId, quote({ email, name: 'Rosalind' }));

    const key = `email:${lower}`;
    const res = await get(`/api${customerPath(key as `email:${string}`)}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.customer).toMatchObject({ key, kind: 'guest', email: lower, orders: 2, spent: 108.85 });
    expect(body.orders.map((o: { id: string }) => o.id)).toEqual([second.id, first.id]);
    expect(body.orders[0]).toMatchObject({ number: second.number, refunded: 8.85 });
    expect(body.quotes).toEqual([expect.objectContaining({ id: quoteId, status: 'new' })]);

    const account = (await get(`/api/admin/customers/${encodeURIComponent(`user:${uid}`)}`)).json();
    expect(account.customer).toMatchObject({ kind: 'account', orders: 2, spent: 117.7 });
    expect(account.customer.emails).toEqual(['one@example.com', 'two@example.com']);

    const list = (await get(`/api/admin/customers?q=${encodeURIComponent(lower.slice(0, 14).toUpperCase())}`)).json();
    expect(list.customers).toEqual([expect.objectContaining({ key, orders: 2 })]);
  });

  it('answers 404 with a sentence for nobody and for a malformed key', async () => {
    for (const key of ['email:nobody@example.com', 'nonsense', 'user:bad id']) {
      const res = await get(`/api/admin/customers/${encodeURIComponent(key)}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('No customer by this name: no paid order or quote belongs to it');
    }
  });
});

describe('POST /api/admin/quotes/:id/replies', () => {
  it('keeps the reply on the quote, marks a new quote contacted and queues the e-mail to the visitor', async () => {
    const id = randomUUID();
    await t.store.set(COLLECTIONS.quotes, id, quote());
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/quotes/${id}/replies`,
      headers: admin(),
      payload: { message: '  Thanks Grace! Can we call on Friday?  ' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const answered = res.json();
    expect(answered.status).toBe('contacted');
    expect(answered.replies).toEqual([
      {
        id: expect.any(String),
        at: expect.any(String),
        by: who.emails.claimAdmin,
        message: 'Thanks Grace! Can we call on Friday?',
      },
    ]);
    expect(await t.store.get(COLLECTIONS.quotes, id)).toMatchObject({ status: 'contacted', replies: answered.replies });
    const job = await t.app.queues.notifications.getJob(`quote-reply-${answered.replies[0].id}`);
    expect(job?.name).toBe(JOBS.notifications.quoteReply);
    expect(job?.data).toEqual({ quoteId: id, replyId: answered.replies[0].id });
  });

  it('answers an empty reply with a sentence naming the field, and saves nothing', async () => {
    const id = randomUUID();
    await t.store.set(COLLECTIONS.quotes, id, quote());
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/quotes/${id}/replies`,
      headers: admin(),
      payload: { message: '   ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual({ fields: { message: 'Reply: write the message to send' } });
    expect(await t.store.get(COLLECTIONS.quotes, id)).toMatchObject({ status: 'new' });
    expect((await t.store.get(COLLECTIONS.quotes, id))?.replies).toBeUndefined();
  });

  it('takes the reply back when its e-mail cannot be queued', async () => {
    const id = randomUUID();
    await t.store.set(COLLECTIONS.quotes, id, quote());
    const add = vi.spyOn(t.app.queues.notifications, 'add').mockRejectedValueOnce(new Error('Connection is closed.'));
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/quotes/${id}/replies`,
        headers: admin(),
        payload: { message: 'Hello' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.message).toBe(
        'The reply could not be queued for sending; nothing was saved. Try again in a moment',
      );
    } finally {
      add.mockRestore();
    }
    const stored = await t.store.get(COLLECTIONS.quotes, id);
    expect(stored).toMatchObject({ status: 'new', replies: [] });
  });
});
