import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS } from '@shop/shared/server/queues';
import { createOrderHarness, type OrderHarness } from './order-harness.js';

// The `orders` worker against both sandboxes: what a shopper and the studio see after each kind
// of Stripe event, including late, repeated and concurrent ones and a Printful outage.

let h: OrderHarness;

beforeAll(async () => {
  h = await createOrderHarness();
});

afterAll(async () => {
  await h?.close();
});

const printfulOrdersFor = (orderId: string) => h.printfulSandbox.orders.list().filter((o) => o.external_id === orderId);

describe('a paid checkout', () => {
  it('marks the order paid, empties the cart, confirms a Printful order and e-mails the shopper', async () => {
    const { orderId, sessionId, guestId, lines } = await h.checkout([2, 1]);
    await h.pay(sessionId);
    const { result } = await h.runEvent(sessionId, JOBS.orders.checkoutCompleted);
    expect(result).toMatchObject({ outcome: 'fulfilled', orderId, printfulStatus: 'pending' });

    const order = await h.order(orderId);
    const total = lines[0].price * 2 + lines[1].price;
    expect(order).toMatchObject({
      status: 'paid',
      customerEmail: 'ada@example.com',
      steps: { cartCleared: true, confirmationQueued: true },
    });
    expect(order.totalPrice).toBeCloseTo(total, 2);
    expect(order.items.map((i) => [i.lineId, i.quantity, i.syncVariantId])).toEqual(
      lines.map((l) => [l.id, l.quantity, l.sync_variant_id]),
    );
    expect(order.shipping).toMatchObject({
      name: 'Ada Lovelace',
      address1: '1 Analytical Way',
      stateCode: 'IL',
      countryCode: 'US',
      zip: '62701',
    });

    const [printful] = printfulOrdersFor(orderId);
    expect(printfulOrdersFor(orderId)).toHaveLength(1);
    expect(printful.status).toBe('pending');
    expect(printful.recipient).toMatchObject({ name: 'Ada Lovelace', country_code: 'US', state_code: 'IL' });
    expect(printful.items.map((i) => [i.sync_variant_id, i.quantity])).toEqual(
      lines.map((l) => [l.sync_variant_id, l.quantity]),
    );
    // What Printful charges for it is kept for the studio's sales report.
    expect(order.fulfilment).toMatchObject({
      provider: 'printful',
      orderId: printful.id,
      status: 'pending',
      cost: Number(printful.costs.total),
    });
    expect(order.fulfilment.cost).toBeGreaterThan(0);

    expect((await h.cart(guestId)).cartItems).toEqual([]);
    expect((await h.cart(guestId)).revision).toBe(4);

    const file = `order-confirmation-${orderId}.eml`;
    await expect.poll(() => h.outboxFiles()).toContain(file);
    expect(readFileSync(path.join(h.config.OUTBOX_DIR, file), 'utf8')).toMatch(/^To: ada@example\.com$/m);

    // Nobody listens for an order's progress on the events channel (the confirmation page polls
    // the order), so paying it publishes nothing there.
    expect(await h.takeEvents()).toEqual([]);
  });

  it('keeps what the shopper put in the cart after checking out, and takes out only what was bought', async () => {
    const { orderId, sessionId, guestId, lines } = await h.checkout([2, 1]);
    // After checkout: one more of the first line, and a line that was not bought.
    const [extra] = (await h.checkout([1, 1, 1])).lines.slice(2);
    await h.setCart(guestId, [{ ...lines[0], quantity: 3 }, lines[1], extra], 4);
    await h.pay(sessionId);
    await h.runEvent(sessionId, JOBS.orders.checkoutCompleted);

    expect((await h.order(orderId)).status).toBe('paid');
    const cart = await h.cart(guestId);
    expect(cart.cartItems.map((l) => [l.id, l.quantity])).toEqual([
      [lines[0].id, 1],
      [extra.id, 1],
    ]);
    expect(cart.revision).toBe(5);
  });

  it('sends an Irish order paid without an Eircode to Printful, since Stripe leaves the postcode optional there', async () => {
    const { orderId, sessionId } = await h.checkout([1], { countries: ['IE'] });
    await h.pay(sessionId, 'card', {
      line1: '12 Grafton Street',
      city: 'Dublin',
      state: '',
      postal_code: '',
      country: 'IE',
    });
    const { result } = await h.runEvent(sessionId, JOBS.orders.checkoutCompleted);
    expect(result).toMatchObject({ outcome: 'fulfilled', orderId });

    const order = await h.order(orderId);
    expect(order.status).toBe('paid');
    expect(order.shipping).toMatchObject({
      address1: '12 Grafton Street',
      city: 'Dublin',
      countryCode: 'IE',
      zip: null,
    });
    const [printful] = printfulOrdersFor(orderId);
    expect(printful.status).toBe('pending');
    expect(printful.recipient).toMatchObject({ address1: '12 Grafton Street', city: 'Dublin', country_code: 'IE' });
    expect(printful.recipient.zip ?? null).toBeNull();
  });

  it('records the order from the session when the pending order was never stored', async () => {
    const { orderId, sessionId, guestId } = await h.checkout([1], { withOrder: false });
    await h.pay(sessionId);
    await h.runEvent(sessionId, JOBS.orders.checkoutCompleted);
    expect(await h.order(orderId)).toMatchObject({ status: 'paid', sessionId, owner: { kind: 'guest', id: guestId } });
    expect(printfulOrdersFor(orderId)).toHaveLength(1);
  });
});

describe('delayed payments, failures and expiry', () => {
  it('leaves a completed but unpaid order pending, then fulfils it when the payment succeeds', async () => {
    const { orderId, sessionId, guestId } = await h.checkout([1]);
    await h.pay(sessionId, 'bank_debit');
    expect((await h.runEvent(sessionId, JOBS.orders.checkoutCompleted)).result).toMatchObject({
      outcome: 'awaiting-payment',
    });
    expect((await h.order(orderId)).status).toBe('pending');
    expect((await h.cart(guestId)).cartItems).toHaveLength(1);
    expect(printfulOrdersFor(orderId)).toHaveLength(0);

    await h.stripeSandbox.deliver(sessionId, 'checkout.session.async_payment_succeeded');
    await h.runEvent(sessionId, JOBS.orders.checkoutAsyncSucceeded);
    expect((await h.order(orderId)).status).toBe('paid');
    expect((await h.cart(guestId)).cartItems).toHaveLength(0);
    expect(printfulOrdersFor(orderId)).toHaveLength(1);
  });

  it('marks the order failed when the delayed payment fails, and keeps the cart', async () => {
    const { orderId, sessionId, guestId } = await h.checkout([1]);
    await h.pay(sessionId, 'bank_debit');
    await h.stripeSandbox.deliver(sessionId, 'checkout.session.async_payment_failed');
    expect((await h.runEvent(sessionId, JOBS.orders.checkoutFailed)).result).toMatchObject({
      outcome: 'failed',
      changed: true,
    });
    expect((await h.order(orderId)).status).toBe('failed');
    expect((await h.cart(guestId)).cartItems).toHaveLength(1);
    expect(printfulOrdersFor(orderId)).toHaveLength(0);
  });

  it('marks the order expired when the session expires, and keeps the cart', async () => {
    const { orderId, sessionId, guestId } = await h.checkout([1]);
    await h.stripe.checkout.sessions.expire(sessionId);
    await h.runEvent(sessionId, JOBS.orders.checkoutExpired);
    expect((await h.order(orderId)).status).toBe('expired');
    expect((await h.cart(guestId)).cartItems).toHaveLength(1);
  });
});

describe('late, repeated and concurrent events', () => {
  it('never moves a paid order back when an older event is processed after a newer one', async () => {
    const { orderId, sessionId } = await h.checkout([1]);
    await h.pay(sessionId, 'bank_debit');
    await h.stripeSandbox.deliver(sessionId, 'checkout.session.async_payment_succeeded');
    await h.runEvent(sessionId, JOBS.orders.checkoutAsyncSucceeded);
    // The completed (unpaid) event and a stray expiry arrive late.
    await h.runEvent(sessionId, JOBS.orders.checkoutCompleted);
    await h.runEvent(sessionId, JOBS.orders.checkoutExpired);
    await h.runEvent(sessionId, JOBS.orders.checkoutFailed);
    expect((await h.order(orderId)).status).toBe('paid');
    expect(printfulOrdersFor(orderId)).toHaveLength(1);
  });

  it('turns several events for one paid session processed at once into one paid transition and one Printful order', async () => {
    const { orderId, sessionId } = await h.checkout([1, 2]);
    await h.pay(sessionId);
    const jobs = await Promise.all(
      [
        JOBS.orders.checkoutCompleted,
        JOBS.orders.checkoutCompleted,
        JOBS.orders.checkoutAsyncSucceeded,
        JOBS.orders.checkoutCompleted,
        JOBS.orders.checkoutExpired,
        JOBS.orders.checkoutCompleted,
      ].map((name) => h.enqueueEvent(sessionId, name)),
    );
    const results = (await Promise.all(jobs.map((job) => h.waitFor(job)))) as Array<{
      outcome: string;
      paidNow?: boolean;
    }>;

    expect(results.map((r) => r.outcome)).toEqual(Array(6).fill('fulfilled'));
    expect(results.filter((r) => r.paidNow)).toHaveLength(1);
    expect(printfulOrdersFor(orderId)).toHaveLength(1);
    expect(printfulOrdersFor(orderId)[0].status).toBe('pending');
    const order = await h.order(orderId);
    expect(order.status).toBe('paid');
    expect(order.fulfilment.orderId).toBe(printfulOrdersFor(orderId)[0].id);
    expect(await h.notificationJobs(orderId)).toHaveLength(1);
  });
});

/** A $1 Sticker session the checkout did not create (no cart in its metadata), paid on the hosted page. */
async function paidStickerSession(metadata?: Record<string, string>) {
  const session = await h.stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 100, product_data: { name: 'Sticker' } } }],
    success_url: 'http://shop.test/store/order-success?session_id={CHECKOUT_SESSION_ID}',
    ...(metadata ? { metadata } : {}),
    shipping_address_collection: { allowed_countries: ['US'] },
  });
  await h.pay(session.id);
  return session;
}

describe("an event naming another shopper's order", () => {
  it("leaves the named order untouched, and that shopper's own payment still fulfils it", async () => {
    const victim = await h.checkout([2, 1]);
    const before = await h.order(victim.orderId);
    // A cheaper session that carries no order id of ours, paid, then announced with the victim's id.
    const other = await paidStickerSession();
    for (const name of [JOBS.orders.checkoutCompleted, JOBS.orders.checkoutExpired, JOBS.orders.checkoutFailed]) {
      const { result } = await h.runEvent(other.id, name, { claimedOrderId: victim.orderId });
      expect(result).toEqual({ outcome: 'not-ours', sessionId: other.id });
    }

    expect(await h.order(victim.orderId)).toEqual(before);
    expect((await h.cart(victim.guestId)).cartItems.map((l) => l.quantity)).toEqual([2, 1]);
    expect(printfulOrdersFor(victim.orderId)).toHaveLength(0);

    await h.pay(victim.sessionId);
    await h.runEvent(victim.sessionId, JOBS.orders.checkoutCompleted);
    const paid = await h.order(victim.orderId);
    expect(paid.status).toBe('paid');
    expect(paid.totalPrice).toBeCloseTo(victim.lines[0].price * 2 + victim.lines[1].price, 2);
    expect(paid.items.map((i) => i.quantity)).toEqual([2, 1]);
    expect((await h.cart(victim.guestId)).cartItems).toEqual([]);
    expect(printfulOrdersFor(victim.orderId)).toHaveLength(1);
  });

  it('refuses a session whose metadata names an order that holds another session', async () => {
    const victim = await h.checkout([1]);
    const before = await h.order(victim.orderId);
    const other = await paidStickerSession({ orderId: victim.orderId });
    expect((await h.runEvent(other.id, JOBS.orders.checkoutCompleted)).result).toMatchObject({ outcome: 'not-ours' });
    expect(await h.order(victim.orderId)).toEqual(before);
    expect(printfulOrdersFor(victim.orderId)).toHaveLength(0);
  });
});

describe('a Printful outage during fulfilment', () => {
  it('fails the job, retries it with backoff and completes once Printful answers again', async () => {
    const { orderId, sessionId } = await h.checkout([1]);
    await h.pay(sessionId);
    h.printfulSandbox.faults.serverError({ status: 503, count: 2, paths: ['/orders'] });
    const job = await h.enqueueEvent(sessionId, JOBS.orders.checkoutCompleted);
    await h.waitFor(job);

    const done = await h.reload(job);
    expect(done.attemptsMade).toBeGreaterThanOrEqual(2);
    expect(await done.getState()).toBe('completed');
    expect(printfulOrdersFor(orderId)).toHaveLength(1);
    expect((await h.order(orderId)).fulfilment.status).toBe('pending');
    // Paid and e-mailed on the first attempt, before Printful came back.
    expect(h.outboxFiles()).toContain(`order-confirmation-${orderId}.eml`);
  });
});
