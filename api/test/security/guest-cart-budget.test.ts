import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { newGuestId } from '@shop/shared/domain/identity';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { guest, seedInventory, storefrontProduct } from '../cart/cart-fixtures.js';

// Security review 2026-11-25: 50 new guest carts from one address in 1.4 s grew the database by
// 2.7 MB, each kept 30 days. New guest carts are budgeted per client address, and a stored line
// keeps a bounded description whatever the catalogue holds.

let t: TestApp;
const GUEST_CART_CREATIONS_PER_CLIENT = 5;

beforeAll(async () => {
  t = await createTestApp({ GUEST_CARTS_PER_CLIENT: String(GUEST_CART_CREATIONS_PER_CLIENT) });
  await seedInventory(t.store, storefrontProduct('tee', { description: 'Soft cotton. '.repeat(400) }));
});
afterAll(() => t?.close());

const add = (headers: Record<string, string>, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/cart/items',
    headers,
    remoteAddress,
    payload: { productId: 'tee', quantity: 1, size: 'S', color: 'Black' },
  });

describe('guest carts per client', () => {
  it(`lets one address start ${GUEST_CART_CREATIONS_PER_CLIENT} guest carts, then refuses a new one with 429 and stores nothing`, async () => {
    const address = '10.9.8.7';
    const first = newGuestId();
    expect((await add(guest(first), address)).statusCode).toBe(200);
    for (let i = 1; i < GUEST_CART_CREATIONS_PER_CLIENT; i++)
      expect((await add(guest(newGuestId()), address)).statusCode).toBe(200);
    const refusedId = newGuestId();
    const refused = await add(guest(refusedId), address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: { code: 'resource-exhausted', message: MESSAGES.guestCartLimit } });
    // It says when to come back: within the window, at most ten minutes.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);
    expect(await t.store.get('guest-carts', refusedId)).toBeNull();
    // Another address is not held back, and an existing cart keeps working.
    expect((await add(guest(newGuestId()), '10.9.8.8')).statusCode).toBe(200);
    expect((await add(guest(first), address)).json().totalItems).toBe(2);
  });

  it('holds PUT /api/cart from fresh guest ids to the same budget: a small request cannot store a large cart', async () => {
    // The reproduced case: a 7.9 KB PUT from a new guest id stored about 110 KB for 30 days.
    const products = Array.from({ length: 30 }, (_, i) =>
      storefrontProduct(`long-${i}`, { description: `Heavyweight cotton, line ${i}. `.repeat(200) }),
    );
    await seedInventory(t.store, ...products);
    const put = (guestId: string, remoteAddress: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/cart',
        headers: guest(guestId),
        remoteAddress,
        payload: { items: products.map((p) => ({ productId: p.id, quantity: 1, size: 'S', color: 'Black' })) },
      });
    const address = '10.7.7.7';
    const first = newGuestId();
    const accepted = await put(first, address);
    expect(accepted.statusCode).toBe(200);
    const stored = await t.store.get<{ cartItems: Array<{ description: string }> }>('guest-carts', first);
    expect(stored!.cartItems).toHaveLength(30);
    for (const line of stored!.cartItems) expect(line.description.length).toBeLessThanOrEqual(300);
    expect(JSON.stringify(stored).length).toBeLessThan(30 * 1500);

    for (let i = 1; i < GUEST_CART_CREATIONS_PER_CLIENT; i++)
      expect((await put(newGuestId(), address)).statusCode).toBe(200);
    const refusedId = newGuestId();
    const refused = await put(refusedId, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: { code: 'resource-exhausted', message: MESSAGES.guestCartLimit } });
    expect(await t.store.get('guest-carts', refusedId)).toBeNull();
    // The cart this address already has can still be replaced.
    expect((await put(first, address)).statusCode).toBe(200);
  });

  it('stores a bounded description on each line', async () => {
    const id = newGuestId();
    const res = await add(guest(id), '10.1.1.1');
    expect(res.statusCode).toBe(200);
    const stored = await t.store.get<{ cartItems: Array<{ description: string }> }>('guest-carts', id);
    expect(stored!.cartItems[0].description.length).toBeLessThanOrEqual(300);
  });
});
