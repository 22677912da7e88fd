import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, ORDER_LOOKUP_RATE_LIMIT_PER_MIN } from '@shop/shared';
import { type Order } from '@shop/shared/schemas';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { createTestUser } from '../../../tests/fixtures/auth.js';
import { orderLine, paidOrder } from '../../../tests/fixtures/paid-order.js';

// POST /api/orders/lookup (docs/rules.md#the-signed-in-shopper): a guest finds an order again with its number and the
// e-mail address it was paid with; a wrong number and a wrong address read the same.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** Each test asks from an address of its own, so the per-client budget is its own too. */
const newClient = () => `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
const lookup = (payload: unknown, remoteAddress = newClient()) =>
  t.app.inject({ method: 'POST', url: '/api/orders/lookup', payload: payload as object, remoteAddress });

async function storeGuestOrder(overrides: Partial<Order> = {}): Promise<Order & { number: string }> {
  const order = paidOrder({
    number: `CS-${Math.floor(Math.random() * 900_000) + 100_000}`,
    customerEmail: 'Grace.Hopper@Example.com',
    owner: { kind: 'guest', id: `guest-${randomUUID()}` },
    items: [orderLine({ variantName: 'Studio Tee / Black / M', imageUrl: 'https://files.example/tee.png' })],
    amounts: { subtotal: 49.98, shipping: 4.75, tax: 4.12, total: 58.85, currency: 'USD' },
    totalPrice: 58.85,
    shippingMethod: { id: 'STANDARD', name: 'Standard shipping' },
    shipping: {
      name: 'Grace Hopper',
      email: 'grace.hopper@example.com',
      address1: '1 Compiler Row',
      address2: 'Apt 2',
      city: 'Arlington',
      stateCode: 'VA',
      countryCode: 'US',
      zip: '22201',
    },
    fulfilment: {
      provider: 'printful',
      orderId: 100_000_042,
      status: 'fulfilled',
      tracking: { carrier: 'USPS', number: '9400 1', url: 'https://track.example/9400', shippedAt: '2026-11-20' },
    },
    ...overrides,
  });
  await t.store.set(COLLECTIONS.orders, order.id, order);
  return order as Order & { number: string };
}

describe('POST /api/orders/lookup', () => {
  it("answers the shopper's view of the order for its number and e-mail, typed loosely", async () => {
    const order = await storeGuestOrder();
    const res = await lookup({ number: ` ${order.number.toLowerCase()} `, email: ' grace.hopper@EXAMPLE.com ' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json() as { order: Record<string, unknown> };
    expect(body.order).toMatchObject({
      number: order.number,
      status: 'paid',
      amounts: { subtotal: 49.98, shipping: 4.75, tax: 4.12, total: 58.85 },
      shippingMethod: { name: 'Standard shipping' },
      tracking: [{ carrier: 'USPS', number: '9400 1', url: 'https://track.example/9400' }],
      items: [{ name: 'Studio Tee', quantity: 2, unitPrice: 24.99, imageUrl: 'https://files.example/tee.png' }],
      // Number and e-mail are no secret: where the order stands, never where it goes or to whom.
      access: 'status',
      email: null,
      shippingAddress: null,
    });
    expect(res.body).not.toContain('Compiler Row');
    // Nothing a shopper should not see: no internal, Stripe, Printful, cart or variant ids.
    const raw = res.body;
    expect(raw).not.toContain(order.id);
    expect(raw).not.toContain(order.sessionId);
    expect(raw).not.toContain('100000042');
    expect(raw).not.toContain(order.owner.id);
    expect(raw).not.toMatch(/syncVariantId|catalogVariantId|lineId|"id"/);
  });

  it('shows the address only to a key the buyer holds: the e-mail link’s key or the signed-in owner', async () => {
    const owner = await createTestUser();
    const stranger = await createTestUser();
    const order = await storeGuestOrder({
      owner: { kind: 'user', id: owner.uid },
      accessKey: 'k'.repeat(32),
    });
    const byKey = await lookup({ number: order.number, key: 'k'.repeat(32) });
    expect(byKey.json().order).toMatchObject({ access: 'full', shippingAddress: { address1: '1 Compiler Row' } });
    const asked = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders/lookup',
        payload: { number: order.number, email: 'grace.hopper@example.com' },
        headers: { authorization: `Bearer ${token}` },
        remoteAddress: newClient(),
      });
    expect((await asked(owner.token)).json().order).toMatchObject({
      access: 'full',
      email: 'Grace.Hopper@Example.com',
      shippingAddress: { address1: '1 Compiler Row' },
    });
    expect((await asked(stranger.token)).json().order).toMatchObject({ access: 'status', shippingAddress: null });

    // Number and e-mail cancel only for the signed-in buyer: the owner's request goes to the studio
    // (the order is past its grace period); another account is refused as holding no key.
    const cancel = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders/cancel',
        payload: { number: order.number, email: 'grace.hopper@example.com' },
        headers: { authorization: `Bearer ${token}` },
        remoteAddress: newClient(),
      });
    const mine = await cancel(owner.token);
    expect(mine.json(), mine.body).toEqual({ outcome: 'requested', message: MESSAGES.orderCancelRequested });
    expect((await cancel(stranger.token)).json()).toEqual({
      error: { code: 'permission-denied', message: MESSAGES.orderNeedsKey },
    });
  });

  it('finds the order by its number without the "CS-" before it, in any case', async () => {
    const order = await storeGuestOrder();
    const digits = order.number.slice('CS-'.length);
    for (const number of [digits, ` ${digits} `, `cs${digits}`, `Cs ${digits}`, `cs-${digits}`, `#${digits}`]) {
      const res = await lookup({ number, email: 'grace.hopper@example.com' });
      expect(res.statusCode, number).toBe(200);
      expect((res.json() as { order: { number: string } }).order.number, number).toBe(order.number);
    }
  });

  it('says what the number looks like when nothing matches, in a whole sentence', () => {
    expect(MESSAGES.orderLookupNotFound).toMatch(/\.$/);
    expect(MESSAGES.orderLookupNotFound).toContain('CS-10042');
  });

  it('answers a wrong e-mail and an unknown number with the same 404 and message', async () => {
    const order = await storeGuestOrder();
    const wrongEmail = await lookup({ number: order.number, email: 'someone.else@example.com' });
    const unknownNumber = await lookup({ number: 'CS-99999999', email: 'grace.hopper@example.com' });
    for (const res of [wrongEmail, unknownNumber]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not-found', message: MESSAGES.orderLookupNotFound } });
    }
  });

  it('refuses bad input with 400 naming what to fix', async () => {
    const order = await storeGuestOrder();
    const noEmail = await lookup({ number: order.number });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().error).toMatchObject({ code: 'invalid-argument' });
    expect(noEmail.json().error.message).toContain('email');

    const badEmail = await lookup({ number: order.number, email: 'not-an-address' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error.message).toContain(MESSAGES.orderLookupEmailInvalid);

    const badNumber = await lookup({ number: 'CS 10011; drop', email: 'grace.hopper@example.com' });
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.json().error.message).toContain(MESSAGES.orderNumberInvalid);

    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/orders/lookup',
      headers: { 'content-type': 'application/json' },
      payload: '{"number":',
      remoteAddress: newClient(),
    });
    expect(notJson.statusCode).toBe(400);
  });

  it(`allows ${ORDER_LOOKUP_RATE_LIMIT_PER_MIN} lookups a minute per client, then answers 429, found or not`, async () => {
    const order = await storeGuestOrder();
    const client = newClient();
    for (let i = 0; i < ORDER_LOOKUP_RATE_LIMIT_PER_MIN; i += 1) {
      const res = await lookup({ number: `CS-${i + 1}`, email: 'guess@example.com' }, client);
      expect(res.statusCode).toBe(404);
    }
    const limited = await lookup({ number: order.number, email: 'grace.hopper@example.com' }, client);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('resource-exhausted');
    // Another client is not held back by the first one's guesses.
    expect((await lookup({ number: order.number, email: 'grace.hopper@example.com' })).statusCode).toBe(200);
  });
});

describe('GET /api/orders/by-session/:sessionId', () => {
  it('tells the confirmation page where the order goes and where its e-mail went', async () => {
    const order = await storeGuestOrder();
    const res = await t.app.inject({ url: `/api/orders/by-session/${order.sessionId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      number: order.number,
      email: 'Grace.Hopper@Example.com',
      shippingAddress: { name: 'Grace Hopper', address2: 'Apt 2', stateCode: 'VA', countryCode: 'US' },
    });
  });

  it('gives an unpaid checkout no number: it would tell anyone the next buyer’s', async () => {
    const order = await storeGuestOrder({ status: 'pending', paidAt: null });
    const res = await t.app.inject({ url: `/api/orders/by-session/${order.sessionId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().number).toBeUndefined();
    expect(res.body).not.toContain(order.number);
  });
});
