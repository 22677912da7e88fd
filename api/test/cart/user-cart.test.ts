import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { newGuestId } from '@shop/shared/domain/identity';
import { createTestUser, type TestUser } from '../../../tests/fixtures/auth.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { bearer, guest, seedInventory, storefrontProduct } from './cart-fixtures.js';

// Signed-in carts with real Auth emulator tokens: keyed by uid, never reachable by anyone else,
// and the sign-in merge of a guest cart.
let t: TestApp;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  await seedInventory(
    t.store,
    storefrontProduct('tee', { price: 20 }),
    storefrontProduct('mug', { price: 10 }),
    storefrontProduct('cap', { price: 15 }),
  );
  [alice, bob] = await Promise.all([createTestUser(), createTestUser()]);
});
afterAll(() => t?.close());

type Headers = Record<string, string>;
const cart = (headers: Headers) => t.app.inject({ url: '/api/cart', headers });
const add = (headers: Headers, body: object) =>
  t.app.inject({ method: 'POST', url: '/api/cart/items', headers, payload: body });
const merge = (headers: Headers) => t.app.inject({ method: 'POST', url: '/api/cart/merge', headers });

describe("a signed-in user's cart", () => {
  it('is stored in user-carts under the uid with userId', async () => {
    const user = await createTestUser();
    const res = await add(bearer(user.token), { productId: 'tee', quantity: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userId: user.uid, totalItems: 2, totalPrice: 40, version: 2 });
    expect(res.json()).not.toHaveProperty('sessionId');
    expect(await t.store.get('user-carts', user.uid)).toMatchObject({ userId: user.uid, revision: 1 });
    expect((await cart(bearer(user.token))).json().totalItems).toBe(2);
  });

  it("is never another shopper's cart", async () => {
    await add(bearer(alice.token), { productId: 'mug', quantity: 3 });
    const bobs = await cart(bearer(bob.token));
    expect(bobs.json()).toMatchObject({ userId: bob.uid, cartItems: [] });

    const guestA = newGuestId();
    await add(guest(guestA), { productId: 'cap', quantity: 1 });
    expect((await cart(guest(newGuestId()))).json().cartItems).toEqual([]);

    // A guest id sent beside a token does not open the guest's cart: the token decides.
    const withBoth = await cart({ ...bearer(bob.token), ...guest(guestA) });
    expect(withBoth.json()).toMatchObject({ userId: bob.uid, cartItems: [] });
    // Nor can a line id from someone else's cart be changed.
    const alicesLine = (await cart(bearer(alice.token))).json().cartItems[0].id;
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/cart/items/${alicesLine}`,
      headers: bearer(bob.token),
      payload: { quantity: 1 },
    });
    expect(patch.statusCode).toBe(404);
    expect((await cart(bearer(alice.token))).json().totalItems).toBe(3);
  });
});

describe('merging the guest cart on sign-in', () => {
  it('adds the guest lines to the user cart (a line past 10 keeps every unit), deletes the guest cart, and is a no-op the second time', async () => {
    const user = await createTestUser();
    const guestId = newGuestId();
    // tee M is 22 (the fixture's M variant costs 2 more), mug 10, cap 15.
    await add(bearer(user.token), { productId: 'tee', quantity: 7, size: 'M' });
    await add(bearer(user.token), { productId: 'mug', quantity: 1 });
    await add(guest(guestId), { productId: 'tee', quantity: 6, size: 'M' });
    await add(guest(guestId), { productId: 'cap', quantity: 2 });

    const first = await merge({ ...bearer(user.token), ...guest(guestId) });
    expect(first.statusCode).toBe(200);
    const merged = first.json();
    expect(merged.cartItems.map((i: { productId: string; quantity: number }) => [i.productId, i.quantity])).toEqual([
      ['tee', 13],
      ['mug', 1],
      ['cap', 2],
    ]);
    expect(merged).toMatchObject({ userId: user.uid, itemCount: 3, totalItems: 16, totalPrice: 326, dropped: [] });
    expect(await t.store.get('guest-carts', guestId)).toBeNull();

    const second = await merge({ ...bearer(user.token), ...guest(guestId) });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(merged);
    expect(second.headers.etag).toBe(first.headers.etag);
  });

  it('needs both the ID token and the guest id', async () => {
    const noGuest = await merge(bearer(alice.token));
    expect(noGuest.statusCode).toBe(400);
    expect(noGuest.json()).toEqual({ error: { code: 'invalid-argument', message: MESSAGES.mergeNeedsGuestId } });

    const noUser = await merge(guest(newGuestId()));
    expect(noUser.statusCode).toBe(401);

    const badGuest = await merge({ ...bearer(alice.token), 'x-guest-id': 'not-a-guest' });
    expect(badGuest.statusCode).toBe(400);
    expect(badGuest.json().error.message).toBe(MESSAGES.invalidGuestId);
  });
});
