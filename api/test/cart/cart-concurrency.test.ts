import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { newGuestId } from '@shop/shared/domain/identity';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { addCartItem, guest, seedInventory, storefrontProduct } from './cart-fixtures.js';

// Many writers on one cart: every change is a transaction, and If-Match guards against lost updates.
let t: TestApp;
const products = [5, 7.5, 10.25, 12.99, 24.99].map((price, i) => storefrontProduct(`p${i}`, { price }));

beforeAll(async () => {
  t = await createTestApp();
  await seedInventory(t.store, ...products);
});
afterAll(() => t?.close());

describe('concurrent adds', () => {
  // On Firestore, a transaction that keeps colliding is answered 503 "nothing was saved, try again"
  // after its bounded retries (docs/testing.md#the-store-contract); on a busy machine some of 50 at
  // once can get it. A shopper told that tries again, so each add here does too: the totals then
  // prove that a busy answer saved nothing and that no add was lost or counted twice.
  async function addUntilSaved(id: string, productId: string) {
    for (let attempt = 1; ; attempt++) {
      const res = await addCartItem(t.app, guest(id), { productId, quantity: 1 });
      if (res.statusCode !== 503 || attempt === 20) return res;
      expect(res.json().error).toMatchObject({ code: 'unavailable', message: MESSAGES.storeBusy });
    }
  }

  it('50 simultaneous adds across 5 products end with exactly 10 of each', async () => {
    const id = newGuestId();
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => addUntilSaved(id, `p${i % 5}`)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));

    const res = await t.app.inject({ url: '/api/cart', headers: guest(id) });
    const cart = res.json();
    expect(res.headers.etag).toBe('"50"');
    expect(cart.itemCount).toBe(5);
    expect(cart.totalItems).toBe(50);
    expect(cart.totalPrice).toBe(607.3);
    expect(cart.cartItems.map((i: { quantity: number }) => i.quantity)).toEqual([10, 10, 10, 10, 10]);

    // A line holds up to 100 (each add 1 to 10): an eleventh unit is one more on the line. Which
    // line came first depends on which add committed first (on Firestore, not the order sent).
    const eleventh = await addCartItem(t.app, guest(id), { productId: 'p0', quantity: 1 });
    expect(eleventh.statusCode).toBe(200);
    const lines = eleventh.json().cartItems as Array<{ productId: string; quantity: number }>;
    expect(lines.find((line) => line.productId === 'p0')?.quantity).toBe(11);
  });
});

describe('If-Match', () => {
  it('refuses a change based on a stale revision with 409 and leaves the cart unchanged', async () => {
    const id = newGuestId();
    const first = await addCartItem(t.app, guest(id), { productId: 'p1', quantity: 1 });
    const staleTag = first.headers.etag as string;
    const lineId = first.json().cartItems[0].id;
    await addCartItem(t.app, guest(id), { productId: 'p2', quantity: 1 });
    const before = await t.app.inject({ url: '/api/cart', headers: guest(id) });

    const stale = await t.app.inject({
      method: 'PATCH',
      url: `/api/cart/items/${lineId}`,
      headers: { ...guest(id), 'if-match': staleTag },
      payload: { quantity: 4 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: { code: 'aborted', message: MESSAGES.staleRevision } });

    const staleClear = await t.app.inject({
      method: 'DELETE',
      url: '/api/cart',
      headers: { ...guest(id), 'if-match': staleTag },
    });
    expect(staleClear.statusCode).toBe(409);

    const after = await t.app.inject({ url: '/api/cart', headers: guest(id) });
    expect(after.json()).toEqual(before.json());
    expect(after.headers.etag).toBe(before.headers.etag);
  });

  it('applies a change whose If-Match names the current revision (or *)', async () => {
    const id = newGuestId();
    const first = await addCartItem(t.app, guest(id), { productId: 'p3', quantity: 1 });
    const lineId = first.json().cartItems[0].id;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/cart/items/${lineId}`,
      headers: { ...guest(id), 'if-match': first.headers.etag as string },
      payload: { quantity: 4 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe('"2"');
    expect(res.json().totalItems).toBe(4);
    const any = await t.app.inject({ method: 'DELETE', url: '/api/cart', headers: { ...guest(id), 'if-match': '*' } });
    expect(any.statusCode).toBe(200);
  });

  it('answers 400 to an If-Match that is not an entity tag', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/cart',
      headers: { ...guest(newGuestId()), 'if-match': '3' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MESSAGES.invalidIfMatch);
  });
});
