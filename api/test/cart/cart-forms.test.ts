import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_ID_COOKIE, MESSAGES } from '@shop/shared';
import { isGuestId } from '@shop/shared/domain/identity';
import { startStripeSandbox, type StripeSandbox } from '../../../tests/sandbox/stripe/server.js';
import { TEST_SHIPPING } from '../../../tests/fixtures/shipping-destination.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { guest, seedInventory, storefrontProduct } from './cart-fixtures.js';
import { seedProduct, storefrontProduct as checkoutProduct } from '../checkout/checkout-fixtures.js';

// The server-rendered pages' plain forms, which work before the app has loaded: a post answers
// 303 to the page that shows the result, the guest's cart lives under a first-party cookie, and
// the post is held to the JSON API's rules (validation, caps, rate limit) plus a same-origin check.

const PUBLIC_URL = 'http://shop.test:3000';
const tee = storefrontProduct('tee', { title: 'Studio Tee', price: 24.99 });
let t: TestApp;
let stripe: StripeSandbox;

beforeAll(async () => {
  stripe = await startStripeSandbox({ webhookUrl: 'http://127.0.0.1:9/unused', webhookSecret: 'whsec_unused_here' });
  t = await createTestApp({ PUBLIC_URL, STRIPE_API_URL: stripe.url });
  await seedInventory(t.store, tee);
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

function formPost(
  url: string,
  fields: Record<string, string>,
  { cookie, headers = { origin: PUBLIC_URL } }: { cookie?: string; headers?: Record<string, string> } = {},
  app = t.app,
) {
  return app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...headers,
      ...(cookie ? { cookie } : {}),
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** The `name=value` of a Set-Cookie header, and its attributes. */
function setCookie(response: { headers: Record<string, unknown> }, name: string) {
  const raw = response.headers['set-cookie'];
  const all = (Array.isArray(raw) ? raw : [raw]).filter((c): c is string => typeof c === 'string');
  const line = all.find((c) => c.startsWith(`${name}=`));
  if (!line) return null;
  const [pair, ...attributes] = line.split('; ');
  return { pair: pair!, value: decodeURIComponent(pair!.slice(name.length + 1)), attributes };
}

async function cartOf(guestId: string) {
  const response = await t.app.inject({ method: 'GET', url: '/api/cart', headers: guest(guestId) });
  return response.json() as { cartItems: Array<{ id: string; quantity: number; size: string }>; totalItems: number };
}

async function newFormCart() {
  const added = await formPost('/store/cart/add', { productId: 'tee', size: 'M', color: 'Black', quantity: '2' });
  const cookie = setCookie(added, GUEST_ID_COOKIE)!;
  return { added, cookie: cookie.pair, guestId: cookie.value };
}

describe('POST /store/cart/add (the product form)', () => {
  it('adds the line to a new guest cart, keeps its id in a cookie and answers 303 to the cart page', async () => {
    const { added, guestId } = await newFormCart();
    expect(added.statusCode).toBe(303);
    expect(added.headers.location).toBe('/store/cart');
    expect(isGuestId(guestId)).toBe(true);
    const cookie = setCookie(added, GUEST_ID_COOKIE)!;
    expect(cookie.attributes).toEqual(expect.arrayContaining(['Path=/', 'SameSite=Lax']));
    expect(cookie.attributes).not.toContain('HttpOnly');

    const cart = await cartOf(guestId);
    expect(cart.cartItems).toMatchObject([{ productId: 'tee', size: 'M', color: 'Black', quantity: 2 }]);
  });

  it('adds to the same cart on the next post with the cookie, as the app (X-Guest-Id) sees it', async () => {
    const { cookie, guestId } = await newFormCart();
    const again = await formPost(
      '/store/cart/add',
      { productId: 'tee', size: 'M', color: 'Black', quantity: '1' },
      { cookie },
    );
    expect(again.statusCode).toBe(303);
    expect(setCookie(again, GUEST_ID_COOKIE)!.value).toBe(guestId);
    expect((await cartOf(guestId)).cartItems).toMatchObject([{ size: 'M', quantity: 3 }]);
  });

  it("refuses what the JSON API refuses, with the API's error answer, and saves nothing", async () => {
    const { cookie, guestId } = await newFormCart();
    const tooMany = await formPost('/store/cart/add', { productId: 'tee', size: 'M', quantity: '11' }, { cookie });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ error: { code: 'invalid-argument', message: MESSAGES.quantityRange } });
    const notANumber = await formPost('/store/cart/add', { productId: 'tee', size: 'M', quantity: 'two' }, { cookie });
    expect(notANumber.statusCode).toBe(400);
    expect(notANumber.json().error.code).toBe('invalid-argument');
    const noProduct = await formPost('/store/cart/add', { productId: '', quantity: '1' }, { cookie });
    expect(noProduct.statusCode).toBe(400);
    expect((await cartOf(guestId)).cartItems).toMatchObject([{ quantity: 2 }]);
  });

  it("refuses a post from another site's page (cross-site request forgery) and saves nothing", async () => {
    const { cookie, guestId } = await newFormCart();
    const fields = { productId: 'tee', size: 'M', color: 'Black', quantity: '1' };
    const crossSite = await formPost('/store/cart/add', fields, {
      cookie,
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toEqual({ error: { code: 'permission-denied', message: MESSAGES.crossSiteForm } });
    const unsaid = await formPost('/store/cart/add', fields, { cookie, headers: {} });
    expect(unsaid.statusCode).toBe(403);
    const fetchMetadata = await formPost('/store/cart/add', fields, {
      cookie,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(fetchMetadata.statusCode).toBe(403);
    expect((await cartOf(guestId)).cartItems).toMatchObject([{ quantity: 2 }]);
    // A browser that withholds Origin still says the post is the site's own.
    const sameSite = await formPost('/store/cart/add', fields, {
      cookie,
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(sameSite.statusCode).toBe(303);
  });
});

describe('POST /store/cart/update (a cart line form)', () => {
  it('sets the quantity, and Remove (or zero) removes the line, answering 303 to the cart page', async () => {
    const { cookie, guestId } = await newFormCart();
    const [line] = (await cartOf(guestId)).cartItems;
    const changed = await formPost('/store/cart/update', { itemId: line!.id, quantity: '5' }, { cookie });
    expect(changed.statusCode).toBe(303);
    expect(changed.headers.location).toBe('/store/cart');
    expect((await cartOf(guestId)).cartItems).toMatchObject([{ id: line!.id, quantity: 5 }]);

    const removed = await formPost('/store/cart/update', { itemId: line!.id, quantity: '5', remove: '1' }, { cookie });
    expect(removed.statusCode).toBe(303);
    expect((await cartOf(guestId)).cartItems).toEqual([]);
  });

  it('refuses a line over the cap, and touches no cart without the cookie', async () => {
    const { cookie, guestId } = await newFormCart();
    const [line] = (await cartOf(guestId)).cartItems;
    const over = await formPost('/store/cart/update', { itemId: line!.id, quantity: '101' }, { cookie });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.code).toBe('invalid-argument');
    // Without the cookie the post is a new guest's, whose cart has no such line.
    const elsewhere = await formPost('/store/cart/update', { itemId: line!.id, quantity: '7' });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().error.code).toBe('not-found');
    expect((await cartOf(guestId)).cartItems).toMatchObject([{ quantity: 2 }]);
  });
});

describe('POST /store/checkout (the checkout form)', () => {
  it("starts the hosted payment for the cookie's cart and answers 303 to it", async () => {
    await seedProduct(t.app, checkoutProduct('shirt'));
    const added = await formPost('/store/cart/add', { productId: 'shirt', size: 'M', color: 'Black', quantity: '1' });
    const cookie = setCookie(added, GUEST_ID_COOKIE)!.pair;
    const response = await formPost('/store/checkout', { ...TEST_SHIPPING }, { cookie });
    expect(response.body).toBe('');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_`));
  });

  it('refuses a destination the JSON API refuses', async () => {
    const { cookie } = await newFormCart();
    const response = await formPost('/store/checkout', { country: 'US', state: '' }, { cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain(MESSAGES.shippingStateRequired('US'));
  });
});

describe('POST /consent (the cookie banner)', () => {
  it('records the choice in the consent cookie and answers 303 back to the page', async () => {
    const accepted = await formPost('/consent', { choice: 'accepted', return: '/store/product/tee' });
    expect(accepted.statusCode).toBe(303);
    expect(accepted.headers.location).toBe('/store/product/tee');
    const cookie = setCookie(accepted, 'cookie-consent')!;
    expect(cookie.value).toBe('accepted');
    expect(cookie.attributes).toContain(`Max-Age=${365 * 86_400}`);
    const declined = await formPost('/consent', { choice: 'declined' });
    expect(declined.headers.location).toBe('/');
    expect(setCookie(declined, 'cookie-consent')!.attributes).toContain(`Max-Age=${30 * 86_400}`);
  });

  it('never sends the visitor to another site, and takes only the two choices', async () => {
    for (const away of ['//evil.example/', 'https://evil.example/', '/\\evil.example'])
      expect((await formPost('/consent', { choice: 'accepted', return: away })).statusCode).toBe(400);
    expect((await formPost('/consent', { choice: 'maybe' })).statusCode).toBe(400);
  });

  it('refuses a return path a browser would read as another site, or that cannot be a header, in its own error format', async () => {
    // A tab or line break is dropped by browsers (`/<tab>/evil.example/` is `//evil.example/`);
    // CR, LF or U+3000 in a Location header made Fastify answer a raw 500.
    for (const away of [
      '/\t/evil.example/',
      '/\n/evil.example/',
      '/\r\nSet-Cookie: x=1',
      '/\u3000x',
      '/x\u0000',
      '/\u202e/x',
    ]) {
      const res = await formPost('/consent', { choice: 'accepted', return: away });
      expect(res.statusCode, JSON.stringify(away)).toBe(400);
      expect(res.json(), JSON.stringify(away)).toMatchObject({
        error: { code: 'invalid-argument', details: { fields: { return: 'Expected a path on this site' } } },
      });
    }
    // A path of the site's own, written loosely, is sent back in its normal form.
    const loose = await formPost('/consent', { choice: 'accepted', return: '/store/./product/../cart?x=é' });
    expect(loose.statusCode).toBe(303);
    expect(loose.headers.location).toBe('/store/cart?x=%C3%A9');
  });
});

describe('the request budget', () => {
  it('counts form posts like API requests', async () => {
    const small = await createTestApp({ PUBLIC_URL, RATE_LIMIT_PER_MIN: '2' });
    try {
      await seedInventory(small.store, tee);
      const fields = { productId: 'tee', size: 'M', quantity: '1' };
      expect((await formPost('/store/cart/add', fields, {}, small.app)).statusCode).toBe(303);
      expect((await formPost('/store/cart/add', fields, {}, small.app)).statusCode).toBe(303);
      const third = await formPost('/store/cart/add', fields, {}, small.app);
      expect(third.statusCode).toBe(429);
      expect(third.json().error.code).toBe('resource-exhausted');
    } finally {
      await small.close();
    }
  });
});
