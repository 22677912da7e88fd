import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Order } from '@shop/shared/schemas';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { markRecoveredOrder, markRestored, openRecovery } from '@shop/shared/server/recovery';
import { paidOrder } from '../../../tests/fixtures/paid-order.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { adminCallers } from '../admin/admin-users.js';

// The sales report's recovered checkouts (docs/recovery.md): orders paid from a cart the
// abandoned-checkout e-mail brought back, counted in the report's months with their revenue.

let t: TestApp;
let who: Awaited<ReturnType<typeof adminCallers>>;
beforeAll(async () => {
  t = await createTestApp();
  who = await adminCallers(t.store);
});
afterAll(() => t?.close());

async function storeOrder(overrides: Partial<Order>): Promise<Order> {
  const order = paidOrder({
    amounts: { subtotal: 40, shipping: 5, tax: 0, total: 45, currency: 'USD' },
    totalPrice: 45,
    ...overrides,
  });
  await t.store.set(COLLECTIONS.orders, order.id, order);
  return order;
}

it('counts the orders paid from a restored cart, and only those, in the months asked for', async () => {
  const cart = { collection: 'guest-carts' as const, id: 'guest-3c1e0f6a-8d57-4d2b-9a55-0f5c1a9e7b21' };
  const expired = await storeOrder({
    status: 'expired',
    paidAt: null,
    createdAt: '2033-02-01T10:00:00.000Z',
    cart: { ...cart, revision: 1 },
  });
  await openRecovery(t.store, {
    orderId: expired.id,
    email: 'maya@example.com',
    cart,
    sessionId: expired.sessionId,
    sendAfter: '2033-02-01T11:00:00.000Z',
  });
  await markRestored(t.store, expired.id, cart);
  const recovered = await storeOrder({
    createdAt: new Date(Date.now() + 1000).toISOString(),
    paidAt: '2033-02-02T10:00:00.000Z',
    cart: { ...cart, revision: 2 },
  });
  // The link opened again while that checkout was open: the first restore still counts.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  await markRestored(t.store, expired.id, cart);
  expect(await markRecoveredOrder(t.store, recovered)).toBe(expired.id);
  // Another paid order of the month, not from a reminder.
  await storeOrder({ createdAt: '2033-02-03T10:00:00.000Z', paidAt: '2033-02-03T10:00:00.000Z' });

  const res = await t.app.inject({ url: '/api/admin/reports/sales?from=2033-02&to=2033-02', headers: who.claimAdmin });
  expect(res.statusCode).toBe(200);
  expect(res.json().months[0]).toMatchObject({ orders: 2 });
  expect(res.json().recovered).toEqual({ orders: 1, revenue: res.json().months[0].revenue / 2 });
  const other = await t.app.inject({
    url: '/api/admin/reports/sales?from=2033-03&to=2033-03',
    headers: who.claimAdmin,
  });
  expect(other.json().recovered).toEqual({ orders: 0, revenue: 0 });
});
