import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { startStripeSandbox, type StripeSandbox } from '../../../tests/sandbox/stripe/server.js';
import { guestHeaders, seedProduct, storefrontProduct } from '../checkout/checkout-fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// Stripe's own refusals ("This value must be between 0 and 99999999.", "Invalid API Key provided:
// ...") reached the shopper word for word. They are the integration's business: the client gets
// the catalogue's message, the log keeps Stripe's.

const SHIPPING = { country: 'US', state: 'CA', zip: '94103' };

let sandbox: StripeSandbox;
let t: TestApp;
let wrongKey: TestApp;

beforeAll(async () => {
  sandbox = await startStripeSandbox({ webhookUrl: 'http://127.0.0.1:9/unused', webhookSecret: 'whsec_unused_here' });
  t = await createTestApp({ STRIPE_API_URL: sandbox.url });
  // A key the provider does not accept (the sandbox takes test-mode keys only).
  wrongKey = await createTestApp({ STRIPE_API_URL: sandbox.url, STRIPE_SECRET_KEY: 'rk_live_wrong_kind_of_key' });
});
afterAll(async () => {
  await t?.close();
  await wrongKey?.close();
  await sandbox?.close();
});

async function checkoutWith(app: TestApp, productId: string) {
  const shopper = guestHeaders();
  const added = await app.app.inject({
    method: 'POST',
    url: '/api/cart/items',
    headers: shopper,
    payload: { productId, quantity: 1, size: 'M', color: 'Black' },
  });
  expect(added.statusCode).toBe(200);
  return app.app.inject({
    method: 'POST',
    url: '/api/checkout/sessions',
    headers: shopper,
    payload: { shipping: SHIPPING },
  });
}

describe('provider errors reaching a client', () => {
  it('a request Stripe refuses answers with the catalogue message, not Stripe words', async () => {
    const base = storefrontProduct('gold-tee');
    const price = 1_500_000;
    await seedProduct(t.app, { ...base, price, variants: base.variants.map((v) => ({ ...v, price })) });
    const res = await checkoutWith(t, 'gold-tee');
    expect(res.json()).toEqual({ error: { code: 'failed-precondition', message: MESSAGES.paymentRefused } });
    expect(res.statusCode).toBe(412);
    expect(res.body).not.toMatch(/99999999|unit_amount|line_items/);
  });

  it('a key Stripe does not accept is the payment provider being unavailable, and the key never shows', async () => {
    await seedProduct(wrongKey.app, storefrontProduct('plain-tee'));
    const res = await checkoutWith(wrongKey, 'plain-tee');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: { code: 'unavailable', message: MESSAGES.paymentsUnavailable } });
    expect(res.body).not.toMatch(/API Key|rk_live/);
  });
});
