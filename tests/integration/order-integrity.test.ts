import { TEST_SHIPPING } from '../fixtures/shipping-destination.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { orderSchema, type Order } from '@shop/shared/schemas';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { createStripeClient } from '@shop/shared/providers/stripe';
import { createTestUser } from '../fixtures/auth.js';
import { buildEvent, signatureHeader } from '../sandbox/stripe/webhook-delivery.js';
import { startCheckoutStack, waitUntil, type CheckoutStack, type Shopper } from './checkout-stack.js';

// docs/rules.md#only-what-can-ship-is-sold through the real API, worker, SQLite, Redis and both sandboxes: an order changes
// only through its own Stripe session, and lines one session may still be charged for are never
// sold again in another, also when the cart was merged into a user's cart during checkout.

const WEBHOOK_SECRET = 'whsec_integration_checkout_secret';

let stack: CheckoutStack;

beforeAll(async () => {
  stack = await startCheckoutStack();
});

afterAll(async () => {
  await stack?.close();
});

async function orderOfSession(sessionId: string): Promise<Order> {
  const page = await stack.store.query(COLLECTIONS.orders, { where: [['sessionId', '==', sessionId]], limit: 1 });
  return orderSchema.parse(page.docs[0].data);
}

async function addVariant(shopper: Shopper, index: number, quantity: number) {
  const product = stack.products[index];
  const { size, color } = product.variants[0];
  await shopper.add(product.id, quantity, { size, color });
}

async function call(method: string, route: string, headers: Record<string, string>, body?: unknown) {
  const response = await fetch(`${stack.apiUrl}${route}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as CartLines & Record<string, unknown> };
}

type CartLines = { cartItems: Array<{ productId: string; quantity: number }> };
const linesOf = (cart: CartLines) => cart.cartItems.map((l) => [l.productId, l.quantity]);

describe("an event naming another shopper's order", () => {
  it('leaves that order, its cart and Printful untouched; its own payment later works', async () => {
    const victim = stack.guest();
    await addVariant(victim, 0, 2);
    await addVariant(victim, 1, 1);
    const victimSession = await victim.checkout();
    const before = await orderOfSession(victimSession.id);

    // A cheap session with no order id of ours, paid on the hosted page (its own event is ignored).
    const stripe = createStripeClient(stack.config, { maxNetworkRetries: 0 });
    const cheap = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        { quantity: 1, price_data: { currency: 'usd', unit_amount: 100, product_data: { name: 'Sticker' } } },
      ],
      success_url: 'http://shop.test/store/order-success?session_id={CHECKOUT_SESSION_ID}',
      shipping_address_collection: { allowed_countries: ['US'] },
    });
    await stack.pay(`${stack.stripeSandbox.url}/pay/${cheap.id}`);

    // The same session, correctly signed, in an event that names the victim's order.
    const record = stack.stripeSandbox.sessions.get(cheap.id)!;
    const forged = buildEvent(
      'checkout.session.completed',
      { ...record.session, metadata: { ...record.session.metadata, orderId: before.id } },
      record.apiVersion,
    );
    const payload = JSON.stringify(forged);
    const delivered = await fetch(`${stack.apiUrl}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signatureHeader(payload, WEBHOOK_SECRET) },
      body: payload,
    });
    expect(delivered.status).toBe(200);
    await stack.queuesIdle();

    expect(await orderOfSession(victimSession.id)).toEqual(before);
    expect((await stack.orderStatus(victimSession.id))?.status).toBe('pending');
    expect(linesOf(await victim.cart())).toEqual([
      [stack.products[0].id, 2],
      [stack.products[1].id, 1],
    ]);
    expect(stack.printfulOrdersFor(before.id)).toHaveLength(0);

    await stack.pay(victimSession.url);
    const paid = await stack.waitForOrder(victimSession.id, (o) => o.fulfilment.status === 'pending');
    expect(paid.status).toBe('paid');
    // What the victim paid for is their own cart: its subtotal, before shipping and tax.
    expect(paid.amounts?.subtotal).toBe(before.totalPrice);
    expect(paid.items.map((i) => [i.productId, i.quantity])).toEqual([
      [stack.products[0].id, 2],
      [stack.products[1].id, 1],
    ]);
    expect(stack.printfulOrdersFor(before.id)).toHaveLength(1);
    expect((await victim.cart()).cartItems).toEqual([]);
  });
});

describe('a delayed payment and a cart edit', () => {
  it('refuses a second checkout while the delayed payment is pending, then sells only what is left', async () => {
    const shopper = stack.guest();
    await addVariant(shopper, 0, 2);
    const first = await shopper.checkout();
    await stack.pay(first.url, 'bank_debit');
    await stack.queuesIdle();
    expect((await stack.orderStatus(first.id))?.status).toBe('pending');

    await addVariant(shopper, 1, 1);
    const refused = await call('POST', '/api/checkout/sessions', shopper.headers, { shipping: TEST_SHIPPING });
    expect(refused).toEqual({
      status: 409,
      body: { error: { code: 'aborted', message: MESSAGES.checkoutInProgress } },
    });

    await stack.stripeSandbox.deliver(first.id, 'checkout.session.async_payment_succeeded');
    await stack.waitForOrder(first.id, (o) => o.status === 'paid' && o.fulfilment.status === 'pending');
    expect(linesOf(await shopper.cart())).toEqual([[stack.products[1].id, 1]]);

    const second = await shopper.checkout();
    await stack.pay(second.url);
    const paid = await stack.waitForOrder(second.id, (o) => o.status === 'paid');
    expect(paid.items.map((i) => [i.productId, i.quantity])).toEqual([[stack.products[1].id, 1]]);
    await stack.queuesIdle();
    expect((await shopper.cart()).cartItems).toEqual([]);
    // The first product was charged for once, in the first session only.
    const charged = [...stack.stripeSandbox.sessions.values()]
      .filter((r) => r.session.id === first.id || r.session.id === second.id)
      .flatMap((r) => r.lineItems.map((li) => [r.session.payment_status, li.quantity]));
    expect(charged).toEqual([
      ['paid', 2],
      ['paid', 1],
    ]);
  });

  it('expires the open session of the cart before the edit, so only the newest can be paid', async () => {
    const shopper = stack.guest();
    await addVariant(shopper, 0, 1);
    const first = await shopper.checkout();
    await addVariant(shopper, 2, 1);
    const second = await shopper.checkout();
    expect(second.id).not.toBe(first.id);
    expect(stack.stripeSandbox.sessions.get(first.id)?.session.status).toBe('expired');
    await expect(stack.pay(first.url)).rejects.toThrow(/409/);

    await stack.pay(second.url);
    const paid = await stack.waitForOrder(second.id, (o) => o.status === 'paid');
    expect(paid.items.map((i) => [i.productId, i.quantity])).toEqual([
      [stack.products[0].id, 1],
      [stack.products[2].id, 1],
    ]);
    await stack.waitForOrder(first.id, (o) => o.status === 'expired');
    await stack.queuesIdle();
    expect((await shopper.cart()).cartItems).toEqual([]);
  });
});

describe('a guest who signs in during checkout', () => {
  it('pays, and the bought lines leave the user cart the guest cart was merged into', async () => {
    const user = await createTestUser();
    const bearer = { authorization: `Bearer ${user.token}` };
    const own = stack.products[3];
    const added = await call('POST', '/api/cart/items', bearer, {
      productId: own.id,
      quantity: 1,
      size: own.variants[0].size,
      color: own.variants[0].color,
    });
    expect(added.status).toBe(200);

    const guest = stack.guest();
    await addVariant(guest, 0, 2);
    await addVariant(guest, 3, 1);
    const session = await guest.checkout();

    const merged = await call('POST', '/api/cart/merge', { ...bearer, ...guest.headers });
    expect(merged.status).toBe(200);
    expect(linesOf(merged.body)).toEqual([
      [own.id, 2],
      [stack.products[0].id, 2],
    ]);

    await stack.pay(session.url);
    await stack.waitForOrder(session.id, (o) => o.status === 'paid');
    await waitUntil(async () => (await orderOfSession(session.id)).steps.cartCleared, 30_000, 'the cart cleared');
    const after = await call('GET', '/api/cart', bearer);
    // The user's own line stays; what the guest bought is gone.
    expect(linesOf(after.body)).toEqual([[own.id, 1]]);
  });

  it('refuses to check the merged lines out again while their delayed payment is pending', async () => {
    const user = await createTestUser();
    const bearer = { authorization: `Bearer ${user.token}` };
    const guest = stack.guest();
    await addVariant(guest, 1, 1);
    const session = await guest.checkout();
    await stack.pay(session.url, 'bank_debit');
    await stack.queuesIdle();

    expect((await call('POST', '/api/cart/merge', { ...bearer, ...guest.headers })).status).toBe(200);
    const refused = await call('POST', '/api/checkout/sessions', bearer, { shipping: TEST_SHIPPING });
    expect(refused).toEqual({
      status: 409,
      body: { error: { code: 'aborted', message: MESSAGES.checkoutInProgress } },
    });

    await stack.stripeSandbox.deliver(session.id, 'checkout.session.async_payment_succeeded');
    await stack.waitForOrder(session.id, (o) => o.status === 'paid');
    await waitUntil(async () => (await orderOfSession(session.id)).steps.cartCleared, 30_000, 'the cart cleared');
    expect((await call('GET', '/api/cart', bearer)).body.cartItems).toEqual([]);
  });
});
