import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema } from '@shop/shared/schemas';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { createStripeClient } from '@shop/shared/providers/stripe';
import { startStripeSandbox, type StripeSandbox } from '../../../tests/sandbox/stripe/server.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { guestHeaders, removeProduct, seedProduct, startCheckout, storefrontProduct } from './checkout-fixtures.js';
import { addCartItem } from '../cart/cart-fixtures.js';
import { TEST_SHIPPING } from '../../../tests/fixtures/shipping-destination.js';

// POST /api/checkout/sessions against the Stripe sandbox, with the real app, store and Redis.

const PUBLIC_URL = 'http://shop.test:3000';

let t: TestApp;
let sandbox: StripeSandbox;

beforeAll(async () => {
  sandbox = await startStripeSandbox({ webhookUrl: 'http://127.0.0.1:9/unused', webhookSecret: 'whsec_unused_here' });
  t = await createTestApp({ STRIPE_API_URL: sandbox.url, PUBLIC_URL });
});

afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

async function addToCart(headers: Record<string, string>, productId: string, quantity: number, size = 'M') {
  const response = await addCartItem(t.app, headers, { productId, quantity, size, color: 'Black' });
  expect(response.statusCode).toBe(200);
}

function checkout(headers: Record<string, string>, payload: Record<string, unknown> = {}) {
  return startCheckout(t.app, headers, { shipping: TEST_SHIPPING, ...payload });
}

async function ordersOf(sessionId: string) {
  const page = await t.store.query(COLLECTIONS.orders, { where: [['sessionId', '==', sessionId]] });
  return page.docs.map((d) => orderSchema.parse(d.data));
}

describe('POST /api/checkout/sessions', () => {
  it('creates a hosted session priced from the catalogue and records a pending order', async () => {
    await seedProduct(t.app, storefrontProduct('tee-a'));
    const shopper = guestHeaders();
    await addToCart(shopper, 'tee-a', 2, 'M');
    await addToCart(shopper, 'tee-a', 1, 'L');

    const response = await checkout(shopper);
    expect(response.statusCode).toBe(200);
    const { id, url } = response.json() as { id: string; url: string };
    expect(url).toBe(`${sandbox.url}/pay/${id}`);

    const record = sandbox.sessions.get(id)!;
    expect(record.session.amount_subtotal).toBe(2 * 2499 + 2650);
    expect(record.session.success_url).toBe(`${PUBLIC_URL}/store/order-success?session_id={CHECKOUT_SESSION_ID}`);
    expect(record.session.cancel_url).toBe(`${PUBLIC_URL}/store/cart`);
    expect(record.session.client_reference_id).toBe(`guest-carts_${shopper['x-guest-id']}`);
    expect(record.lineItems.map((li) => [li.description, li.quantity, li.price.unit_amount])).toEqual([
      ['Studio Tee tee-a', 2, 2499],
      ['Studio Tee tee-a', 1, 2650],
    ]);

    const [order] = await ordersOf(id);
    expect(order).toMatchObject({
      status: 'pending',
      sessionId: id,
      totalPrice: 76.48,
      currency: 'USD',
      owner: { kind: 'guest', id: shopper['x-guest-id'] },
      fulfilment: { provider: 'printful', orderId: null, status: 'none' },
    });
    expect(record.session.metadata?.orderId).toBe(order.id);
    // No Stripe recovery URL: its payable copy of the session would have no order behind it.
    expect(record.session.after_expiration).toBeNull();
    expect(order.id).toMatch(/^[0-9A-Za-z_-]{1,32}$/);

    const status = await t.app.inject({ method: 'GET', url: `/api/orders/by-session/${id}` });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ id: order.id, status: 'pending', totalPrice: 76.48, currency: 'USD' });
    expect(JSON.stringify(status.json())).not.toContain(shopper['x-guest-id']);
  });

  it('refuses an empty cart', async () => {
    const response = await checkout(guestHeaders());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'invalid-argument', message: 'Your cart is empty' } });
  });

  it('refuses a shopper without an identity', async () => {
    const response = await checkout({});
    expect(response.statusCode).toBe(401);
  });

  it('charges the catalogue price, not a price tampered with in the stored cart or sent by the browser', async () => {
    await seedProduct(t.app, storefrontProduct('tee-b'));
    const shopper = guestHeaders();
    await addToCart(shopper, 'tee-b', 1);
    const stored = (await t.store.get('guest-carts', shopper['x-guest-id'])) as {
      cartItems: Array<Record<string, unknown>>;
    };
    stored.cartItems[0].price = 0.01;
    stored.cartItems[0].name = 'Free tee';
    await t.store.set('guest-carts', shopper['x-guest-id'], stored);

    const response = await checkout(shopper, {
      price: 0.01,
      totalPrice: 0.01,
      items: [{ productId: 'tee-b', price: 0.01 }],
    });
    expect(response.statusCode).toBe(200);
    const record = sandbox.sessions.get(response.json().id)!;
    expect(record.session.amount_subtotal).toBe(2499);
    expect(record.lineItems[0].description).toBe('Studio Tee tee-b');
  });

  it('uses the price the catalogue has now, after a change since the item was added', async () => {
    await seedProduct(t.app, storefrontProduct('tee-c'));
    const shopper = guestHeaders();
    await addToCart(shopper, 'tee-c', 1);
    const repriced = storefrontProduct('tee-c');
    repriced.variants[0].price = 30;
    await seedProduct(t.app, repriced);

    const response = await checkout(shopper);
    expect(sandbox.sessions.get(response.json().id)!.session.amount_subtotal).toBe(3000);
  });

  it('refuses a cart with items that left the catalogue, naming them', async () => {
    await seedProduct(t.app, storefrontProduct('tee-d'));
    await seedProduct(t.app, storefrontProduct('tee-e', { title: 'Retired Mug' }));
    const shopper = guestHeaders();
    await addToCart(shopper, 'tee-d', 1);
    await addToCart(shopper, 'tee-e', 1);
    await removeProduct(t.app, 'tee-e');

    const response = await checkout(shopper);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: 'aborted',
      message: 'These items are no longer available: Retired Mug. Remove them from your cart and try again',
    });
  });

  it('accepts return URLs on the site and refuses any other origin', async () => {
    await seedProduct(t.app, storefrontProduct('tee-f'));
    const shopper = guestHeaders();
    await addToCart(shopper, 'tee-f', 1);

    const foreign = await checkout(shopper, {
      successUrl: 'https://evil.example/thanks?session_id={CHECKOUT_SESSION_ID}',
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toEqual({
      code: 'invalid-argument',
      message: `successUrl must be a page of this site (${PUBLIC_URL})`,
    });
    const foreignCancel = await checkout(shopper, { cancelUrl: 'http://shop.test:4000/store/cart' });
    expect(foreignCancel.statusCode).toBe(400);

    const own = await checkout(shopper, {
      successUrl: `${PUBLIC_URL}/store/confirmation?session_id={CHECKOUT_SESSION_ID}`,
    });
    expect(own.statusCode).toBe(200);
    expect(sandbox.sessions.get(own.json().id)!.session.success_url).toBe(
      `${PUBLIC_URL}/store/confirmation?session_id={CHECKOUT_SESSION_ID}`,
    );
  });

  it('gives the same session and one order for the same cart version, also when requested at once', async () => {
    await seedProduct(t.app, storefrontProduct('tee-g'));
    const shopper = guestHeaders();
    await addToCart(shopper, 'tee-g', 1);

    const responses = await Promise.all(Array.from({ length: 5 }, () => checkout(shopper)));
    const ids = new Set(responses.map((r) => r.json().id));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(ids.size).toBe(1);
    const [sessionId] = ids;
    expect(await ordersOf(sessionId)).toHaveLength(1);
    const again = await checkout(shopper);
    expect(again.json()).toMatchObject({ id: sessionId });

    await addToCart(shopper, 'tee-g', 1);
    const changed = await checkout(shopper);
    expect(changed.json().id).not.toBe(sessionId);
  });

  it('starts a new session once the earlier one for the same cart has expired', async () => {
    await seedProduct(t.app, storefrontProduct('tee-h'));
    const shopper = guestHeaders();
    await addToCart(shopper, 'tee-h', 1);
    const first = (await checkout(shopper)).json().id as string;
    await createStripeClient(t.config, { maxNetworkRetries: 0 }).checkout.sessions.expire(first);

    const second = await checkout(shopper);
    expect(second.statusCode).toBe(200);
    expect(second.json().id).not.toBe(first);
    expect(sandbox.sessions.get(second.json().id)!.session.status).toBe('open');
  });

  it('starts a new session when Stripe no longer knows the earlier one (a restarted sandbox)', async () => {
    await seedProduct(t.app, storefrontProduct('tee-j'));
    const shopper = guestHeaders();
    await addToCart(shopper, 'tee-j', 1);
    const first = (await checkout(shopper)).json().id as string;
    sandbox.sessions.delete(first);

    const second = await checkout(shopper);
    expect(second.statusCode).toBe(200);
    expect(second.json().id).not.toBe(first);
  });

  it('is not stuck on a Stripe 500 saved under the checkout key: the unchanged cart checks out again', async () => {
    await seedProduct(t.app, storefrontProduct('tee-500'));
    const shopper = guestHeaders();
    await addToCart(shopper, 'tee-500', 1);
    // Stripe saves the 500 under the key and replays it for 24 hours, to the SDK's retries too.
    sandbox.failNext('POST /v1/checkout/sessions', 1, 500);
    await checkout(shopper);
    const again = await checkout(shopper);
    expect(again.statusCode).toBe(200);
    const { id } = again.json() as { id: string };
    expect(await ordersOf(id)).toHaveLength(1);
  });

  it('answers 503 when the payment provider cannot be reached', async () => {
    const offline = await createTestApp({ STRIPE_API_URL: 'http://127.0.0.1:9', PUBLIC_URL });
    try {
      await seedProduct(offline.app, storefrontProduct('tee-i'));
      const shopper = guestHeaders();
      const added = await addCartItem(offline.app, shopper, { productId: 'tee-i', quantity: 1 });
      expect(added.statusCode).toBe(200);
      const response = await startCheckout(offline.app, shopper, { shipping: TEST_SHIPPING });
      expect(response.statusCode).toBe(503);
      expect(response.json().error).toEqual({
        code: 'unavailable',
        message: 'The payment provider is unavailable; try again shortly',
      });
    } finally {
      await offline.close();
    }
  });
});

describe('GET /api/orders/by-session/:sessionId', () => {
  it('answers 404 for an unknown session and 400 for something that is not a session id', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/orders/by-session/cs_test_0000000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not-found');
    const malformed = await t.app.inject({ method: 'GET', url: '/api/orders/by-session/ord_123' });
    expect(malformed.statusCode).toBe(400);
  });
});
