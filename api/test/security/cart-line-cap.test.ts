import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_LINE_QUANTITY_MAX, CART_MAX_LINES, MESSAGES } from '@shop/shared';
import { newGuestId } from '@shop/shared/domain/identity';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { createTestUser } from '../../../tests/fixtures/auth.js';
import { bearer, guest, seedInventory, storefrontProduct } from '../cart/cart-fixtures.js';

// Stripe's checkout takes at most 100 line items; a cart that grew past that could never be paid,
// and Stripe's raw refusal reached the shopper. The cart itself stops at 100 different items.

let t: TestApp;
const PRODUCTS = CART_MAX_LINES / 2 + 1;
const products = Array.from({ length: PRODUCTS }, (_, i) => storefrontProduct(`cap-${i}`));

beforeAll(async () => {
  t = await createTestApp();
  await seedInventory(t.store, ...products);
});
afterAll(() => t?.close());

describe('the cart line cap', () => {
  it(`refuses a ${CART_MAX_LINES + 1}th different item with the catalogue message, and keeps adding to existing lines`, async () => {
    const guestId = newGuestId();
    const full = products.slice(0, CART_MAX_LINES / 2).flatMap((p) => [
      { productId: p.id, quantity: 1, size: 'S', color: 'Black' },
      { productId: p.id, quantity: 1, size: 'M', color: 'Black' },
    ]);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/cart',
      headers: guest(guestId),
      payload: { items: full },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().cartItems).toHaveLength(CART_MAX_LINES);

    const extra = products[PRODUCTS - 1];
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: guest(guestId),
      payload: { productId: extra.id, quantity: 1, size: 'S', color: 'Black' },
    });
    expect(refused.statusCode).toBe(412);
    expect(refused.json()).toEqual({
      error: { code: 'failed-precondition', message: MESSAGES.cartLinesLimit(CART_MAX_LINES) },
    });

    const more = await t.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: guest(guestId),
      payload: { productId: products[0].id, quantity: 2, size: 'S', color: 'Black' },
    });
    expect(more.statusCode).toBe(200);
    const cart = (await t.app.inject({ method: 'GET', url: '/api/cart', headers: guest(guestId) })).json();
    expect(cart.cartItems).toHaveLength(CART_MAX_LINES);
    expect(cart.totalItems).toBe(CART_MAX_LINES + 2);
  });
});

type Headers = Record<string, string>;
const addLine = (headers: Headers, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/cart/items', headers, payload });
const patchLine = (headers: Headers, itemId: string, quantity: number) =>
  t.app.inject({ method: 'PATCH', url: `/api/cart/items/${itemId}`, headers, payload: { quantity } });

describe('team quantities (docs/rules.md#what-a-merch-shopper-expects)', () => {
  it("each add is 1 to 10: anything else is refused in the spec's error format, the cart unchanged", async () => {
    const shopper = guest(newGuestId());
    const tee = { productId: products[0].id, size: 'M', color: 'Black' };
    expect((await addLine(shopper, { ...tee, quantity: 10 })).statusCode).toBe(200);
    const before = (await t.app.inject({ url: '/api/cart', headers: shopper })).json();
    for (const quantity of [0, -1, 11, 100]) {
      const refused = await addLine(shopper, { ...tee, quantity });
      expect(refused.statusCode, String(quantity)).toBe(400);
      expect(refused.json(), String(quantity)).toEqual({
        error: { code: 'invalid-argument', message: MESSAGES.quantityRange },
      });
    }
    for (const quantity of [2.5, '3', null]) {
      const refused = await addLine(shopper, { ...tee, quantity });
      expect(refused.statusCode, String(quantity)).toBe(400);
      expect(Object.keys(refused.json()), String(quantity)).toEqual(['error']);
      expect(refused.json().error, String(quantity)).toMatchObject({
        code: 'invalid-argument',
        message: expect.stringContaining('quantity'),
      });
    }
    const after = (await t.app.inject({ url: '/api/cart', headers: shopper })).json();
    expect(after.cartItems).toEqual(before.cartItems);
    expect(after.totalItems).toBe(10);
  });

  it('lets a line grow to 15 by two adds, and to at most 100', async () => {
    const shopper = guest(newGuestId());
    const tee = { productId: products[0].id, size: 'M', color: 'Black' };
    expect((await addLine(shopper, { ...tee, quantity: 10 })).statusCode).toBe(200);
    const fifteen = await addLine(shopper, { ...tee, quantity: 5 });
    expect(fifteen.statusCode).toBe(200);
    expect(fifteen.json().cartItems).toEqual([expect.objectContaining({ quantity: 15 })]);

    const tooMany = await addLine(shopper, { ...tee, quantity: 11 });
    expect(tooMany.json()).toEqual({ error: { code: 'invalid-argument', message: MESSAGES.quantityRange } });

    const lineId = fifteen.json().cartItems[0].id;
    expect((await patchLine(shopper, lineId, 95)).json().totalItems).toBe(95);
    const over = await addLine(shopper, { ...tee, quantity: 6 });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.message).toBe(MESSAGES.lineCap(95, CART_LINE_QUANTITY_MAX));
    const patchOver = await patchLine(shopper, lineId, 101);
    expect(patchOver.statusCode).toBe(400);
    expect(patchOver.json().error.message).toBe(MESSAGES.lineQuantityRange(CART_LINE_QUANTITY_MAX));
    expect((await t.app.inject({ url: '/api/cart', headers: shopper })).json().totalItems).toBe(95);
  });

  it('a sign-in merge keeps at most 100 lines and 100 of one item, and lists what did not fit as dropped', async () => {
    const user = await createTestUser();
    const guestId = newGuestId();
    const full = products.slice(0, CART_MAX_LINES / 2).flatMap((p) => [
      { productId: p.id, quantity: 1, size: 'S', color: 'Black' },
      { productId: p.id, quantity: 1, size: 'M', color: 'Black' },
    ]);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/cart',
      headers: bearer(user.token),
      payload: { items: full },
    });
    expect(put.statusCode).toBe(200);
    const first = { productId: products[0].id, quantity: 10, size: 'S', color: 'Black' };
    const set = await patchLine(bearer(user.token), put.json().cartItems[0].id, 96);
    expect(set.json().totalItems).toBe(CART_MAX_LINES + 95);

    const extra = products[PRODUCTS - 1];
    await addLine(guest(guestId), { ...first, quantity: 10 });
    await addLine(guest(guestId), { productId: extra.id, quantity: 3, size: 'S', color: 'Black' });

    const merged = await t.app.inject({
      method: 'POST',
      url: '/api/cart/merge',
      headers: { ...bearer(user.token), ...guest(guestId) },
    });
    expect(merged.statusCode).toBe(200);
    const body = merged.json();
    expect(body.cartItems).toHaveLength(CART_MAX_LINES);
    expect(body.cartItems[0]).toMatchObject({ productId: products[0].id, size: 'S', quantity: 100 });
    expect(body.dropped).toEqual([
      { productId: products[0].id, name: expect.any(String), size: 'S', color: 'Black', quantity: 6 },
      { productId: extra.id, name: expect.any(String), size: 'S', color: 'Black', quantity: 3 },
    ]);
    const stored = (await t.app.inject({ url: '/api/cart', headers: bearer(user.token) })).json();
    expect(stored.cartItems).toHaveLength(CART_MAX_LINES);
    expect(stored.totalItems).toBe(CART_MAX_LINES - 1 + 100);
  });
});
