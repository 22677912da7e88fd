import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeClient } from '@shop/shared/providers/stripe';
import { SANDBOX_BANNER } from '../sandbox/stripe/hosted-page.js';
import { DEMO_SHIPPING_DESTINATION } from '../fixtures/shipping-destination.js';
import { startCheckoutStack, type CheckoutStack } from './checkout-stack.js';

// A shopper's checkout from cart to Printful, through the real API, Stripe and Printful
// sandboxes, Redis, SQLite and the BullMQ workers, including what goes wrong on the way.

let stack: CheckoutStack;

beforeAll(async () => {
  stack = await startCheckoutStack();
});

afterAll(async () => {
  await stack?.close();
});

async function cartWithTwoProducts() {
  const shopper = stack.guest();
  const [first, second] = stack.products;
  await shopper.add(first.id, 2, { size: first.variants[0].size, color: first.variants[0].color });
  await shopper.add(second.id, 1, { size: second.variants[0].size, color: second.variants[0].color });
  return { shopper, expectedTotal: Math.round((first.variants[0].price * 2 + second.variants[0].price) * 100) / 100 };
}

describe('checkout from cart to Printful', () => {
  it('pays on the hosted page, then the order is paid, sent to Printful, confirmed by e-mail and the cart is empty', async () => {
    const { shopper, expectedTotal } = await cartWithTwoProducts();
    const session = await shopper.checkout();

    const page = await fetch(session.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(SANDBOX_BANNER);

    const redirect = await stack.pay(session.url);
    expect(redirect).toBe(`http://shop.test/store/order-success?session_id=${session.id}`);
    expect(stack.stripeSandbox.deliveries.filter((d) => d.sessionId === session.id).map((d) => d.status)).toEqual([
      200,
    ]);

    const order = await stack.waitForOrder(session.id, (o) => o.fulfilment.status === 'pending');
    expect(order).toMatchObject({
      status: 'paid',
      currency: 'USD',
      amounts: { subtotal: expectedTotal, currency: 'USD' },
      fulfilment: { provider: 'printful' },
    });
    expect(order.items.map((i) => i.quantity)).toEqual([2, 1]);

    const [printfulOrder] = stack.printfulOrdersFor(order.id);
    expect(stack.printfulOrdersFor(order.id)).toHaveLength(1);
    expect(printfulOrder).toMatchObject({
      status: 'pending',
      recipient: { name: 'Ada Lovelace', country_code: 'US', state_code: 'IL', zip: '62701' },
    });
    expect(order.fulfilment.orderId).toBe(printfulOrder.id);

    await stack.queuesIdle();
    const email = `order-confirmation-${order.id}.eml`;
    expect(stack.outboxFiles()).toContain(email);
    const raw = readFileSync(path.join(stack.config.OUTBOX_DIR, email), 'utf8');
    expect(raw).toMatch(/^To: ada@example\.com$/m);

    const cart = await shopper.cart();
    expect(cart.cartItems).toEqual([]);
    expect(cart.totalItems).toBe(0);
  });

  it('processes the same event delivered ten times at once as one order in Printful', async () => {
    const { shopper } = await cartWithTwoProducts();
    const session = await shopper.checkout();
    await stack.pay(session.url);
    const completed = [...stack.stripeSandbox.events.values()].find((e) => e.data.object.id === session.id)!;
    const deliveries = await stack.stripeSandbox.redeliver(completed.id, { times: 10 });
    expect(deliveries.map((d) => d.status)).toEqual(Array(10).fill(200));

    await stack.queuesIdle();
    const order = await stack.waitForOrder(session.id, (o) => o.fulfilment.status === 'pending');
    expect(stack.printfulOrdersFor(order.id)).toHaveLength(1);
  });
});

describe('events out of order, failures and expiry', () => {
  it('fulfils once when async_payment_succeeded overtakes checkout.session.completed, and the late event changes nothing', async () => {
    const { shopper } = await cartWithTwoProducts();
    // Completed from the sandbox's controls: paid with its demo shopper's address.
    const session = await shopper.checkout(DEMO_SHIPPING_DESTINATION);
    const late = stack.stripeSandbox.deliver(session.id, 'checkout.session.completed', {
      paymentStatus: 'unpaid',
      delayMs: 400,
    });
    await stack.stripeSandbox.deliver(session.id, 'checkout.session.async_payment_succeeded');
    const order = await stack.waitForOrder(session.id, (o) => o.fulfilment.status === 'pending');

    expect((await late).map((d) => d.status)).toEqual([200]);
    await stack.queuesIdle();
    expect(await stack.orderStatus(session.id)).toMatchObject({ status: 'paid', fulfilment: { status: 'pending' } });
    expect(stack.printfulOrdersFor(order.id)).toHaveLength(1);
    expect((await shopper.cart()).cartItems).toEqual([]);
  });

  it('marks the order failed when a delayed payment fails, and keeps the cart', async () => {
    const { shopper } = await cartWithTwoProducts();
    const session = await shopper.checkout();
    await stack.pay(session.url, 'bank_debit');
    await stack.queuesIdle();
    expect(await stack.orderStatus(session.id)).toMatchObject({ status: 'pending', fulfilment: { status: 'none' } });

    await stack.stripeSandbox.deliver(session.id, 'checkout.session.async_payment_failed');
    const order = await stack.waitForOrder(session.id, (o) => o.status === 'failed');
    expect(stack.printfulOrdersFor(order.id)).toHaveLength(0);
    expect((await shopper.cart()).totalItems).toBe(3);
  });

  it('marks the order expired when its session expires, keeps the cart, and a new checkout gets a new session', async () => {
    const { shopper } = await cartWithTwoProducts();
    const session = await shopper.checkout();
    await createStripeClient(stack.config, { maxNetworkRetries: 0 }).checkout.sessions.expire(session.id);
    await stack.waitForOrder(session.id, (o) => o.status === 'expired');
    expect((await shopper.cart()).totalItems).toBe(3);

    const again = await shopper.checkout();
    expect(again.id).not.toBe(session.id);
  });
});

describe('a Printful outage during fulfilment', () => {
  it('keeps the order paid and e-mailed, retries, and sends it to Printful once Printful recovers', async () => {
    const { shopper } = await cartWithTwoProducts();
    const session = await shopper.checkout();
    stack.printfulSandbox.faults.serverError({ status: 502, count: 2, paths: ['/orders'] });
    await stack.pay(session.url);

    const order = await stack.waitForOrder(session.id, (o) => o.fulfilment.status === 'pending', 60_000);
    expect(stack.printfulOrdersFor(order.id)).toHaveLength(1);
    expect(stack.printfulSandbox.stats.snapshot().serverErrors).toBeGreaterThanOrEqual(2);
    expect(stack.outboxFiles()).toContain(`order-confirmation-${order.id}.eml`);
  });
});
