import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { orderAlertJobId } from '@shop/shared/domain/order';
import type { OrderStatusResponse } from '@shop/shared/schemas';
import { readOrder } from '@shop/shared/server/orders';
import { createTestUser } from '../fixtures/auth.js';
import { startCheckoutStack, waitUntil, type CheckoutStack } from './checkout-stack.js';

// The grace period before production through the real API (docs/after-payment.md#the-grace-period-before-production):
// the shopper cancels from the confirmation page (its session) or the e-mail's link (number and key)
// within the hour, asks the studio after it, and is refused with why; the studio confirms at once
// or extends the hold. Both sandboxes, Redis, SQLite and the order workers are real.

let stack: CheckoutStack;
let adminHeaders: Record<string, string>;

beforeAll(async () => {
  // Shoppers' addresses arrive in X-Forwarded-For from a proxy on loopback: each test is a client
  // of its own against the cancel route's 5 a minute.
  stack = await startCheckoutStack({ env: { ORDER_GRACE_MINUTES: '60', TRUST_PROXY: '127.0.0.1' } });
  const admin = await createTestUser({ claims: { admin: true } });
  adminHeaders = { authorization: `Bearer ${admin.token}` };
});

afterAll(async () => {
  await stack?.close();
});

interface Answer {
  outcome?: string;
  message?: string;
  holdUntil?: string;
  error?: { code: string; message: string };
  waiting?: Record<string, number>;
  orders?: Array<{ id: string }>;
}

let client = 0;
beforeEach(() => {
  client += 1;
});

async function call(method: string, route: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${stack.apiUrl}${route}`, {
    method,
    headers: {
      'x-forwarded-for': `198.51.100.${client}`,
      ...headers,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer };
}

/** A guest pays for one shirt; resolves once the order waits at Printful as a draft. */
async function paidOrder(): Promise<OrderStatusResponse & { sessionId: string }> {
  const shopper = stack.guest();
  const [product] = stack.products;
  await shopper.add(product.id, 1, { size: product.variants[0].size, color: product.variants[0].color });
  const session = await shopper.checkout();
  await stack.pay(session.url);
  const order = await stack.waitForOrder(session.id, (o) => o.fulfilment.status === 'draft');
  return { ...order, sessionId: session.id };
}

describe('cancelling within the grace period', () => {
  it('from the confirmation page: the draft is deleted, the payment refunded in full, both sides e-mailed', async () => {
    const order = await paidOrder();
    expect(order.status).toBe('paid');
    expect(Date.parse(order.secondChance!.changeableUntil!) - Date.parse(order.paidAt!)).toBe(60 * 60_000);
    expect(stack.printfulOrdersFor(order.id).map((o) => o.status)).toEqual(['draft']);

    const cancelled = await call('POST', '/api/orders/cancel', { sessionId: order.sessionId });
    expect(cancelled).toEqual({ status: 200, body: { outcome: 'cancelled', message: MESSAGES.orderCancelled } });
    const after = await stack.waitForOrder(order.sessionId, (o) => o.status === 'refunded');
    expect(after.refunded).toBe(after.amounts!.total);
    expect(after.secondChance).toEqual({
      changeableUntil: null,
      cancellation: 'cancelled',
      changes: 0,
      decision: null,
    });
    expect(stack.printfulOrdersFor(order.id).map((o) => o.status)).toEqual(['canceled']);
    await waitUntil(
      () =>
        ['shopper', 'studio'].every((audience) =>
          stack
            .outboxFiles()
            .includes(
              `${orderAlertJobId('cancelled-in-grace', order.id, 'grace', audience as 'shopper' | 'studio')}.eml`,
            ),
        ),
      30_000,
      'the cancellation e-mails',
    );

    // Twice: refused, with why.
    const again = await call('POST', '/api/orders/cancel', { sessionId: order.sessionId });
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe(MESSAGES.orderAlreadyCancelled);
  });

  it('from the e-mail’s link: its key cancels; a wrong key, or number and e-mail, cancel nothing', async () => {
    const mine = await paidOrder();
    const theirs = await paidOrder();
    // A number with an e-mail address, matching or not, is no key: the same 403 either way.
    for (const body of [
      { number: theirs.number, email: 'someone-else@example.com' },
      { number: mine.number, email: mine.email },
    ]) {
      const refused = await call('POST', '/api/orders/cancel', body);
      expect(refused.status).toBe(403);
      expect(refused.body.error?.message).toBe(MESSAGES.orderNeedsKey);
    }
    const wrongKey = await call('POST', '/api/orders/cancel', { number: mine.number, key: 'x'.repeat(32) });
    expect(wrongKey.status).toBe(404);
    expect(wrongKey.body.error?.message).toBe(MESSAGES.orderLinkNotFound);
    expect(stack.printfulOrdersFor(theirs.id).map((o) => o.status)).toEqual(['draft']);
    const { accessKey } = (await readOrder(stack.store, mine.id))!;
    const cancelled = await call('POST', '/api/orders/cancel', { number: mine.number, key: accessKey });
    expect(cancelled.body.outcome).toBe('cancelled');
    await stack.waitForOrder(mine.sessionId, (o) => o.status === 'refunded');
  });

  it('an unpaid checkout cannot be cancelled: it was never charged', async () => {
    const shopper = stack.guest();
    const [product] = stack.products;
    await shopper.add(product.id, 1, { size: product.variants[0].size, color: product.variants[0].color });
    const session = await shopper.checkout();
    const refused = await call('POST', '/api/orders/cancel', { sessionId: session.id });
    expect(refused.status).toBe(412);
    expect(refused.body.error?.message).toBe(MESSAGES.orderCancelNotPaid);
  });
});

describe('after the grace period, and the studio’s controls', () => {
  it('"Confirm now" sends it to print; a cancel then is a request on the admin home’s waiting list', async () => {
    const order = await paidOrder();
    const released = await call('POST', `/api/admin/orders/${order.id}/release`, undefined, adminHeaders);
    expect(released.status).toBe(202);
    const inPrint = await stack.waitForOrder(order.sessionId, (o) => o.fulfilment.status === 'pending');
    expect(inPrint.secondChance?.changeableUntil).toBeNull();
    expect(stack.printfulOrdersFor(order.id).map((o) => o.status)).toEqual(['pending']);

    const { accessKey } = (await readOrder(stack.store, order.id))!;
    const asked = await call('POST', '/api/orders/cancel', { number: order.number, key: accessKey });
    expect(asked).toEqual({ status: 200, body: { outcome: 'requested', message: MESSAGES.orderCancelRequested } });
    const home = await call('GET', '/api/admin/home', undefined, adminHeaders);
    expect(home.body.waiting?.['cancel-requested']).toBeGreaterThanOrEqual(1);
    const listed = await call('GET', '/api/admin/orders?attention=cancel-requested', undefined, adminHeaders);
    expect(listed.body.orders?.map((o) => o.id)).toContain(order.id);
    // Printful keeps making it: the studio decides.
    expect(stack.printfulOrdersFor(order.id).map((o) => o.status)).toEqual(['pending']);

    const twice = await call('POST', '/api/orders/cancel', { sessionId: order.sessionId });
    expect(twice.status).toBe(409);
    expect(twice.body.error?.message).toBe(MESSAGES.orderCancelAlreadyRequested);
    // The hold is over: the studio's controls say so.
    const late = await call('POST', `/api/admin/orders/${order.id}/hold`, { minutes: 30 }, adminHeaders);
    expect(late.status).toBe(412);
    expect(late.body.error?.message).toBe(MESSAGES.orderHoldNotOpen);
  });

  it('"Extend hold" gives the shopper more time, and the page says until when', async () => {
    const order = await paidOrder();
    const before = Date.parse(order.secondChance!.changeableUntil!);
    const extended = await call('POST', `/api/admin/orders/${order.id}/hold`, { minutes: 90 }, adminHeaders);
    expect(extended.status).toBe(202);
    expect(Date.parse(extended.body.holdUntil!)).toBe(before + 90 * 60_000);
    const now = await stack.orderStatus(order.sessionId);
    expect(now?.secondChance?.changeableUntil).toBe(extended.body.holdUntil);
    expect(stack.printfulOrdersFor(order.id).map((o) => o.status)).toEqual(['draft']);
    // Shoppers cannot use the studio's controls.
    const shopper = await call('POST', `/api/admin/orders/${order.id}/release`);
    expect(shopper.status).toBe(401);
  });
});
