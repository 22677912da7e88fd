import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { newGuestId } from '@shop/shared/domain/identity';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { guest, seedInventory, storefrontProduct } from './cart-fixtures.js';

// A guest's cart through the real app, a SQLite file and the catalogue seeded in storeInventory.
let t: TestApp;
const tee = storefrontProduct('tee', { title: 'Studio Tee', price: 24.99 });
const mug = storefrontProduct('mug', { title: 'Studio Mug', price: 12.99, category: 'accessories' });

beforeAll(async () => {
  t = await createTestApp();
  await seedInventory(t.store, tee, mug);
});
afterAll(() => t?.close());

function cartRequest(
  guestId: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  extra: Record<string, string> = {},
) {
  return t.app.inject({ method, url: `/api/cart${url}`, headers: { ...guest(guestId), ...extra }, payload });
}

describe('a guest cart', () => {
  it('starts empty at revision 0', async () => {
    const res = await cartRequest(newGuestId(), 'GET', '');
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe('"0"');
    expect(res.json()).toMatchObject({ cartItems: [], itemCount: 0, totalItems: 0, totalPrice: 0, version: 2 });
  });

  it('adds, reads, changes, removes and clears lines with totals and the revision as ETag', async () => {
    const id = newGuestId();
    const added = await cartRequest(id, 'POST', '/items', { productId: 'tee', quantity: 2, size: 'M', color: 'Black' });
    expect(added.statusCode).toBe(200);
    expect(added.headers.etag).toBe('"1"');
    const cart = added.json();
    expect(cart).toMatchObject({ itemCount: 1, totalItems: 2, totalPrice: 53.98, version: 2, sessionId: id });
    expect(cart).not.toHaveProperty('userId');
    expect(cart.cartItems[0]).toMatchObject({
      productId: 'tee',
      name: 'Studio Tee',
      variantName: 'Studio Tee / M / Black',
      price: 26.99,
      quantity: 2,
      size: 'M',
      color: 'Black',
      category: 'clothing',
      source: 'printful',
      catalog_variant_id: 4012,
      variantId: 'tee-m-black',
      sku: 'tee-M-BLK',
    });

    await cartRequest(id, 'POST', '/items', { productId: 'mug', quantity: 1 });
    const read = await cartRequest(id, 'GET', '');
    expect(read.headers.etag).toBe('"2"');
    expect(read.json()).toMatchObject({ itemCount: 2, totalItems: 3, totalPrice: 66.97 });
    const [teeLine, mugLine] = read.json().cartItems;
    expect(mugLine).toMatchObject({ productId: 'mug', size: 'S', color: 'Black', price: 12.99 });

    const patched = await cartRequest(id, 'PATCH', `/items/${teeLine.id}`, { quantity: 5 });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ totalItems: 6, totalPrice: 147.94 });

    const removed = await cartRequest(id, 'DELETE', `/items/${mugLine.id}`);
    expect(removed.json().cartItems.map((i: { id: string }) => i.id)).toEqual([teeLine.id]);

    const zeroed = await cartRequest(id, 'PATCH', `/items/${teeLine.id}`, { quantity: 0 });
    expect(zeroed.json()).toMatchObject({ cartItems: [], itemCount: 0, totalPrice: 0 });

    await cartRequest(id, 'POST', '/items', { productId: 'mug', quantity: 3 });
    const cleared = await cartRequest(id, 'DELETE', '');
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ cartItems: [], itemCount: 0, totalItems: 0, totalPrice: 0, sessionId: id });
    expect((await cartRequest(id, 'GET', '')).json().cartItems).toEqual([]);
  });

  it('adds up a second add of the same product, size and colour', async () => {
    const id = newGuestId();
    await cartRequest(id, 'POST', '/items', { productId: 'tee', quantity: 2, size: 'S' });
    const res = await cartRequest(id, 'POST', '/items', { productId: 'tee', quantity: 3, size: 'S', color: 'Black' });
    expect(res.json()).toMatchObject({ itemCount: 1, totalItems: 5 });
  });

  it('is stored in guest-carts under the guest id as the spec cart document', async () => {
    const id = newGuestId();
    await cartRequest(id, 'POST', '/items', { productId: 'mug', quantity: 1 });
    const stored = await t.store.get<Record<string, unknown>>('guest-carts', id);
    expect(stored).toMatchObject({
      sessionId: id,
      version: 2,
      itemCount: 1,
      totalItems: 1,
      totalPrice: 12.99,
      revision: 1,
    });
    expect(typeof stored?.lastActivityAt).toBe('string');
  });

  it('replaces the whole cart from product ids, adding up repeated lines and keeping ids of lines it had', async () => {
    const id = newGuestId();
    const first = await cartRequest(id, 'POST', '/items', { productId: 'tee', quantity: 1 });
    const teeLineId = first.json().cartItems[0].id;
    const res = await cartRequest(id, 'PUT', '', {
      items: [
        { productId: 'tee', quantity: 2 },
        { productId: 'mug', quantity: 1, size: 'M' },
        { productId: 'tee', quantity: 1, size: 'S', color: 'Black' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const cart = res.json();
    expect(cart).toMatchObject({ itemCount: 2, totalItems: 4 });
    expect(cart.cartItems[0]).toMatchObject({ id: teeLineId, productId: 'tee', quantity: 3 });
    expect(cart.cartItems[1]).toMatchObject({ productId: 'mug', size: 'M', price: 14.99 });
  });

  it('leaves the cart as it was when one line of a replacement is refused', async () => {
    const id = newGuestId();
    await cartRequest(id, 'POST', '/items', { productId: 'mug', quantity: 1 });
    const res = await cartRequest(id, 'PUT', '', {
      items: [
        { productId: 'tee', quantity: 1 },
        { productId: 'nope', quantity: 1 },
      ],
    });
    expect(res.statusCode).toBe(404);
    const after = await cartRequest(id, 'GET', '');
    expect(after.json().cartItems.map((i: { productId: string }) => i.productId)).toEqual(['mug']);
    expect(after.headers.etag).toBe('"1"');
  });
});

describe('the server prices the cart', () => {
  it('ignores a price and name sent by the browser and stores the catalogue price', async () => {
    const id = newGuestId();
    const res = await cartRequest(id, 'POST', '/items', {
      productId: 'mug',
      quantity: 2,
      price: 0.01,
      name: 'Free mug',
      variantId: 'x',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().cartItems[0]).toMatchObject({ name: 'Studio Mug', price: 12.99, variantId: 'mug-s-black' });
    expect(res.json().totalPrice).toBe(25.98);
    const stored = await t.store.get<{ cartItems: Array<{ price: number; name: string }>; totalPrice: number }>(
      'guest-carts',
      id,
    );
    expect(stored?.cartItems[0]).toMatchObject({ price: 12.99, name: 'Studio Mug' });
    expect(stored?.totalPrice).toBe(25.98);
  });

  it('finds a product kept only in products when storeInventory lacks it', async () => {
    const { id: productId, ...doc } = storefrontProduct('legacy-cap', { title: 'Legacy Cap', price: 19.99 });
    await t.store.set('products', productId, { ...doc, name: 'Legacy Cap', status: 'active' });
    const res = await cartRequest(newGuestId(), 'POST', '/items', { productId, quantity: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().cartItems[0]).toMatchObject({ productId, name: 'Legacy Cap', price: 19.99 });
  });
});

describe('refusals carry the spec messages', () => {
  const id = newGuestId();

  it("answers 404 'Product not found in any collection' for an unknown product", async () => {
    const res = await cartRequest(id, 'POST', '/items', { productId: 'no-such-product', quantity: 1 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not-found', message: 'Product not found in any collection' } });
  });

  it.each([11, 0, -2])("answers 400 'Quantity must be between 1 and 10' to an add of %d", async (quantity) => {
    const res = await cartRequest(id, 'POST', '/items', { productId: 'tee', quantity });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'invalid-argument', message: 'Quantity must be between 1 and 10' } });
  });

  it('grows a line by adds to 100 units, refuses an add past 100 and keeps the line (docs/decisions.md#choices-where-the-issues-were-silent)', async () => {
    const g = newGuestId();
    for (let i = 0; i < 9; i++) await cartRequest(g, 'POST', '/items', { productId: 'tee', quantity: 10 });
    expect((await cartRequest(g, 'POST', '/items', { productId: 'tee', quantity: 9 })).statusCode).toBe(200);
    const res = await cartRequest(g, 'POST', '/items', { productId: 'tee', quantity: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('You already have 99; at most 100 of one item per order');
    expect((await cartRequest(g, 'GET', '')).json().totalItems).toBe(99);
  });

  it('answers 400 to a quantity of 101 on a line, and takes 100', async () => {
    const g = newGuestId();
    const line = (await cartRequest(g, 'POST', '/items', { productId: 'tee', quantity: 1 })).json().cartItems[0];
    expect((await cartRequest(g, 'PATCH', `/items/${line.id}`, { quantity: 100 })).statusCode).toBe(200);
    const res = await cartRequest(g, 'PATCH', `/items/${line.id}`, { quantity: 101 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'invalid-argument', message: MESSAGES.lineQuantityRange(100) } });
  });

  it('answers 404 to a change of a line the cart does not have', async () => {
    const res = await cartRequest(newGuestId(), 'PATCH', '/items/not-a-line', { quantity: 2 });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(MESSAGES.cartItemNotFound('not-a-line'));
  });

  it('names the size and colour when no variant matches', async () => {
    const res = await cartRequest(id, 'POST', '/items', { productId: 'tee', quantity: 1, size: 'XXL', color: 'Pink' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('No valid variant found for size: XXL, color: Pink');
  });

  it("answers 'Product has no available variants' for a product without variants", async () => {
    await seedInventory(t.store, storefrontProduct('bare', { variants: [] }));
    const res = await cartRequest(id, 'POST', '/items', { productId: 'bare', quantity: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Product has no available variants');
  });

  it("answers 'Product variant missing required V2 catalog ID' for a variant the provider cannot fulfil", async () => {
    const product = storefrontProduct('no-catalog');
    await seedInventory(t.store, {
      ...product,
      variants: product.variants.map((v) => ({ ...v, catalog_variant_id: null })),
    });
    const res = await cartRequest(id, 'POST', '/items', { productId: 'no-catalog', quantity: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Product variant missing required V2 catalog ID');
  });

  it("answers 'Cart item failed V2 compatibility validation' for a product without a price", async () => {
    const product = storefrontProduct('unpriced', { price: 0 });
    await seedInventory(t.store, { ...product, variants: product.variants.map((v) => ({ ...v, price: 0 })) });
    const res = await cartRequest(id, 'POST', '/items', { productId: 'unpriced', quantity: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Cart item failed V2 compatibility validation');
  });

  it('answers 400 to a malformed X-Guest-Id and 401 without any identity', async () => {
    const bad = await t.app.inject({ url: '/api/cart', headers: { 'x-guest-id': 'guest-123' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: { code: 'invalid-argument', message: MESSAGES.invalidGuestId } });
    const none = await t.app.inject({ url: '/api/cart' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('unauthenticated');
  });
});

describe('lines whose product left the catalogue', () => {
  it('are flagged unavailable on read, not dropped', async () => {
    const id = newGuestId();
    await seedInventory(
      t.store,
      storefrontProduct('retired'),
      storefrontProduct('reworked'),
      storefrontProduct('kept'),
    );
    await cartRequest(id, 'POST', '/items', { productId: 'retired', quantity: 1 });
    await cartRequest(id, 'POST', '/items', { productId: 'reworked', quantity: 1, size: 'M' });
    await cartRequest(id, 'POST', '/items', { productId: 'kept', quantity: 1 });

    await t.store.delete('storeInventory', 'retired');
    const reworked = storefrontProduct('reworked');
    await seedInventory(t.store, { ...reworked, variants: reworked.variants.filter((v) => v.size !== 'M') });

    const res = await cartRequest(id, 'GET', '');
    const lines = res.json().cartItems as Array<{ productId: string; unavailable?: boolean }>;
    expect(lines.map((l) => [l.productId, l.unavailable ?? false])).toEqual([
      ['retired', true],
      ['reworked', true],
      ['kept', false],
    ]);
    expect(res.json().itemCount).toBe(3);
  });
});
