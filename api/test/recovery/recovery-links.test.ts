import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { CART_COLLECTIONS } from '@shop/shared/domain/cart';
import { newGuestId } from '@shop/shared/domain/identity';
import { pendingOrder } from '@shop/shared/domain/order';
import type { OrderItem } from '@shop/shared/schemas';
import { COLLECTIONS, getDoc } from '@shop/shared/server/collections';
import {
  claimRecoverySend,
  isOptedOut,
  newRecoveryToken,
  openRecovery,
  optOutId,
  markRecoveredOrder,
  readRecovery,
} from '@shop/shared/server/recovery';
import { paidOrder } from '../../../tests/fixtures/paid-order.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { guest, seedInventory, storefrontProduct } from '../cart/cart-fixtures.js';
import { UNSUBSCRIBE_BUTTON, UNSUBSCRIBED_TEXT } from '../../src/routes/email/index.js';

// The abandoned-checkout e-mail's two links (docs/recovery.md) through the real app: the restore
// link rebuilds the caller's cart from the expired checkout at today's prices, leaving out what is
// no longer sold; the unsubscribe address shows a page on GET and records the address on POST.

let t: TestApp;
const tee = storefrontProduct('tee', { title: 'Studio Tee', price: 24.99 });
const mug = storefrontProduct('mug', { title: 'Studio Mug', price: 12.99 });

beforeAll(async () => {
  t = await createTestApp();
  await seedInventory(t.store, tee, mug);
});
afterAll(() => t?.close());

const line = (productId: string, name: string, size: string, quantity: number, unitPrice: number): OrderItem => ({
  lineId: `line-${productId}`,
  productId,
  name,
  variantName: `${name} / ${size} / Black`,
  size,
  color: 'Black',
  quantity,
  unitPrice,
  imageUrl: null,
  syncVariantId: null,
  catalogVariantId: 4011,
});

/** An expired checkout whose e-mail went out: its restore and unsubscribe tokens. */
async function sentRecovery(email = 'maya@example.com') {
  const owner = newGuestId();
  const orderId = `ord_${newRecoveryToken().slice(0, 20)}`;
  const order = pendingOrder({
    id: orderId,
    sessionId: `cs_test_${orderId}`,
    // Bought at older prices; the cap is no longer sold.
    items: [
      line('tee', 'Studio Tee', 'M', 12, 20),
      line('mug', 'Studio Mug', 'S', 1, 10),
      line('cap', 'Old Cap', 'S', 1, 15),
    ],
    totalPrice: 265,
    owner: { kind: 'guest', id: owner },
    cart: { collection: CART_COLLECTIONS.guest, id: owner, revision: 2 },
    customerEmail: null,
    at: new Date().toISOString(),
  });
  await t.store.set(COLLECTIONS.orders, orderId, { ...order, status: 'expired' });
  await openRecovery(t.store, {
    orderId,
    email,
    cart: { collection: CART_COLLECTIONS.guest, id: owner },
    sessionId: order.sessionId,
    sendAfter: new Date().toISOString(),
  });
  const tokens = { restore: newRecoveryToken(), unsubscribe: newRecoveryToken() };
  await claimRecoverySend(t.store, orderId, tokens);
  return { orderId, ...tokens };
}

const tamper = (token: string) => `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;

describe('the restore link', () => {
  it("rebuilds the caller's cart at today's prices and names what is no longer sold", async () => {
    const { orderId, restore } = await sentRecovery();
    const shopper = newGuestId();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cart/restore',
      headers: guest(shopper),
      payload: { token: restore },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      restored: 2,
      leftOut: ['Old Cap'],
      notice: MESSAGES.recoveryItemsRetired(['Old Cap']),
    });
    const cart = (await t.app.inject({ method: 'GET', url: '/api/cart', headers: guest(shopper) })).json();
    expect(
      cart.cartItems.map((i: { productId: string; size: string; quantity: number; price: number }) => [
        i.productId,
        i.size,
        i.quantity,
        i.price,
      ]),
    ).toEqual([
      ['tee', 'M', 12, 26.99],
      ['mug', 'S', 1, 12.99],
    ]);
    expect(await readRecovery(t.store, orderId)).toMatchObject({
      restoredTo: { collection: CART_COLLECTIONS.guest, id: shopper },
    });
  });

  it('says the cart was paid, and leaves the cart alone, when the link is opened after paying', async () => {
    const { restore } = await sentRecovery();
    const shopper = newGuestId();
    const open = () =>
      t.app.inject({ method: 'POST', url: '/api/cart/restore', headers: guest(shopper), payload: { token: restore } });
    expect((await open()).json().restored).toBe(2);
    // The shopper pays from the restored cart; the cart empties as after any payment.
    const paid = paidOrder({
      number: 'CS-20015',
      createdAt: new Date(Date.now() + 1000).toISOString(),
      cart: { collection: CART_COLLECTIONS.guest, id: shopper, revision: 3 },
    });
    await t.store.set(COLLECTIONS.orders, paid.id, paid);
    expect(await markRecoveredOrder(t.store, paid)).not.toBeNull();
    await t.app.inject({ method: 'DELETE', url: '/api/cart', headers: guest(shopper) });

    const again = await open();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      restored: 0,
      leftOut: [],
      notice: MESSAGES.recoveryAlreadyPaid('CS-20015'),
      paidOrderNumber: 'CS-20015',
    });
    const cart = (await t.app.inject({ method: 'GET', url: '/api/cart', headers: guest(shopper) })).json();
    expect(cart.cartItems ?? []).toEqual([]);
  });

  it('refuses a tampered token as no longer valid, and a cut one as incomplete, changing no cart', async () => {
    const { restore } = await sentRecovery();
    const shopper = newGuestId();
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/cart/restore',
      headers: guest(shopper),
      payload: { token: tamper(restore) },
    });
    expect(tampered.statusCode).toBe(404);
    expect(tampered.json()).toEqual({ error: { code: 'not-found', message: MESSAGES.recoveryLinkUnknown } });
    const cut = await t.app.inject({
      method: 'POST',
      url: '/api/cart/restore',
      headers: guest(shopper),
      payload: { token: restore.slice(0, 30) },
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().error).toMatchObject({ code: 'invalid-argument' });
    expect(cut.json().error.message).toContain(MESSAGES.recoveryLinkInvalid);
    const cart = (await t.app.inject({ method: 'GET', url: '/api/cart', headers: guest(shopper) })).json();
    expect(cart.cartItems).toEqual([]);
  });
});

describe('the unsubscribe address', () => {
  const url = (token: string) => `/api/email/unsubscribe?token=${encodeURIComponent(token)}`;

  it('shows a page with a button on GET and unsubscribes nobody (link scanners fetch every link)', async () => {
    const { unsubscribe } = await sentRecovery('scanned@example.com');
    const page = await t.app.inject({ method: 'GET', url: url(unsubscribe) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(`<form method="post" action="${url(unsubscribe)}">`);
    expect(page.body).toContain(UNSUBSCRIBE_BUTTON);
    // The shop's own page: its header with the name linking home, in the site's copper, not a bare page.
    expect(page.body).toMatch(/<header[^>]*>\s*<a href="\/"[^>]*><img src="\/favicon.svg"[^>]*>Copperleaf Studio<\/a>/);
    expect(page.body).toContain('#a4461a');
    expect(page.body).not.toContain('#2f4a3a');
    expect(page.body).toContain('scanned@example.com');
    expect(await isOptedOut(t.store, 'scanned@example.com')).toBe(false);
  });

  it("honours the mail client's one-click POST (RFC 8058) with nothing more to do", async () => {
    const { unsubscribe } = await sentRecovery('Maya.Ok@Example.com');
    const res = await t.app.inject({
      method: 'POST',
      url: url(unsubscribe),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(UNSUBSCRIBED_TEXT);
    expect(await isOptedOut(t.store, 'maya.ok@example.com')).toBe(true);
    expect(await getDoc(t.store, COLLECTIONS.emailOptOuts, optOutId('maya.ok@example.com'))).toMatchObject({
      email: 'maya.ok@example.com',
      source: 'one-click',
    });
    // The page's own button posts the same address with an empty form.
    const again = await t.app.inject({ method: 'POST', url: url(unsubscribe) });
    expect(again.statusCode).toBe(200);
  });

  it('refuses a tampered or cut token with a clear error', async () => {
    const { unsubscribe } = await sentRecovery('kept@example.com');
    const tampered = await t.app.inject({ method: 'POST', url: url(tamper(unsubscribe)) });
    expect(tampered.statusCode).toBe(404);
    expect(tampered.json()).toEqual({ error: { code: 'not-found', message: MESSAGES.unsubscribeLinkUnknown } });
    // A person's browser reads the refusal as a page; any other client in the API's error format.
    const cut = await t.app.inject({ method: 'GET', url: url('abc'), headers: { accept: 'text/html,*/*;q=0.8' } });
    expect(cut.statusCode).toBe(400);
    expect(cut.headers['content-type']).toMatch(/^text\/html/);
    expect(cut.body).toContain(MESSAGES.unsubscribeLinkInvalid);
    const cutByScript = await t.app.inject({ method: 'GET', url: url('abc') });
    expect(cutByScript.statusCode).toBe(400);
    expect(cutByScript.json()).toEqual({
      error: { code: 'invalid-argument', message: MESSAGES.unsubscribeLinkInvalid },
    });
    const badPost = await t.app.inject({ method: 'POST', url: url('abc') });
    expect(badPost.json()).toEqual({ error: { code: 'invalid-argument', message: MESSAGES.unsubscribeLinkInvalid } });
    expect(await isOptedOut(t.store, 'kept@example.com')).toBe(false);
  });
});
