import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_MAX_LINES, MESSAGES } from '@shop/shared';
import { newGuestId } from '@shop/shared/domain/identity';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { guest, seedInventory, storefrontProduct } from '../cart/cart-fixtures.js';

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
