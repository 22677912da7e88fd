import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { parseConfig } from '@shop/shared/server/config';
import { startStripeSandbox, type StripeSandbox } from '../../../tests/sandbox/stripe/server.js';
import { guestHeaders, seedProduct, storefrontProduct } from '../checkout/checkout-fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// In development the store answered "successUrl must be a page of this site" when opened at
// http://127.0.0.1:3000 (PUBLIC_URL said localhost) or after `PORT=3300 npm start`. The loopback
// names are one origin, PUBLIC_URL follows PORT, and any other origin is still refused.

const SHIPPING = { country: 'US', state: 'CA', zip: '94103' };
let sandbox: StripeSandbox;
let t: TestApp;

beforeAll(async () => {
  sandbox = await startStripeSandbox({ webhookUrl: 'http://127.0.0.1:9/unused', webhookSecret: 'whsec_unused_here' });
  t = await createTestApp({ STRIPE_API_URL: sandbox.url, PUBLIC_URL: 'http://localhost:3000' });
  await seedProduct(t.app, storefrontProduct('dev-tee'));
});
afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

async function checkoutReturningTo(origin: string) {
  const shopper = guestHeaders();
  await t.app.inject({
    method: 'POST',
    url: '/api/cart/items',
    headers: shopper,
    payload: { productId: 'dev-tee', quantity: 1, size: 'M', color: 'Black' },
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/checkout/sessions',
    headers: { ...shopper, origin },
    payload: {
      shipping: SHIPPING,
      successUrl: `${origin}/store/order-success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${origin}/store/cart`,
    },
  });
}

describe('development origins', () => {
  it.each(['http://127.0.0.1:3000', 'http://[::1]:3000', 'http://localhost:3000'])(
    'a checkout from %s returns there, and CORS allows it',
    async (origin) => {
      const res = await checkoutReturningTo(origin);
      expect(res.statusCode).toBe(200);
      expect(sandbox.sessions.get(res.json().id)?.session.success_url).toBe(
        `${origin}/store/order-success?session_id={CHECKOUT_SESSION_ID}`,
      );
      expect(res.headers['access-control-allow-origin']).toBe(origin);
    },
  );

  it.each(['http://127.0.0.1:3001', 'https://localhost:3000', 'http://evil.example:3000', 'http://127.0.0.2:3000'])(
    'another origin (%s) is still refused',
    async (origin) => {
      const res = await checkoutReturningTo(origin);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(MESSAGES.checkoutUrlOrigin('successUrl', 'http://localhost:3000'));
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    },
  );

  it('PUBLIC_URL follows PORT when it is not set', () => {
    expect(parseConfig({ PORT: '3300' }).PUBLIC_URL).toBe('http://localhost:3300');
    expect(parseConfig({ PORT: '3300', PUBLIC_URL: 'https://shop.example.com' }).PUBLIC_URL).toBe(
      'https://shop.example.com',
    );
  });
});
