import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { subdivisionsOf } from '@shop/shared/schemas';
import { startPrintfulSandbox, type PrintfulSandbox } from '../../../tests/sandbox/printful/server.js';
import { startStripeSandbox, type StripeSandbox } from '../../../tests/sandbox/stripe/server.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { addCartItem } from '../cart/cart-fixtures.js';
import { guestHeaders, seedProduct, startCheckout, storefrontProduct } from './checkout-fixtures.js';

// The destination's state (docs/rules.md#what-a-merch-shopper-expects): for the US, Canada and Australia it is one of the
// country's ISO 3166-2 subdivisions, on the shipping-rates query and the checkout body alike.

let printful: PrintfulSandbox;
let stripe: StripeSandbox;
let t: TestApp;
let tee = storefrontProduct('state-tee');

beforeAll(async () => {
  printful = await startPrintfulSandbox({ rateLimitPerMin: 10_000 });
  stripe = await startStripeSandbox({ webhookUrl: 'http://127.0.0.1:9/unused', webhookSecret: 'whsec_unused_here' });
  t = await createTestApp({ PRINTFUL_API_URL: printful.url, STRIPE_API_URL: stripe.url });
  // Variants Printful's catalogue knows, so that it quotes (and does not refuse) the destination.
  const source = printful.catalogue.list()[0];
  tee = {
    ...tee,
    variants: tee.variants.map((v, i) => ({
      ...v,
      catalog_variant_id: source.variants[i].catalogVariantId,
      sync_variant_id: source.variants[i].id,
    })),
  };
  await seedProduct(t.app, tee);
});

afterAll(async () => {
  await t?.close();
  await stripe?.close();
  await printful?.close();
});

async function shopperWithTee() {
  const headers = guestHeaders();
  const added = await addCartItem(t.app, headers, { productId: tee.id, quantity: 1, size: 'M', color: 'Black' });
  expect(added.statusCode).toBe(200);
  return headers;
}

const cartLines = async (headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: '/api/cart', headers })).json().cartItems.length;
const cartOf = async (headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: '/api/cart', headers })).json();

describe('the destination state', () => {
  it('lists the subdivisions of the US, Canada and Australia by name, from ISO 3166-2', () => {
    const us = subdivisionsOf('US');
    expect(us.find((s) => s.name === 'Oregon')?.code).toBe('OR');
    expect(us.length).toBeGreaterThanOrEqual(51);
    expect(subdivisionsOf('CA').find((s) => s.code === 'ON')?.name).toBe('Ontario');
    expect(subdivisionsOf('AU').find((s) => s.code === 'NSW')?.name).toBe('New South Wales');
    const names = us.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('refuses an unknown subdivision on shipping-rates with 400 invalid-argument naming state', async () => {
    const shopper = await shopperWithTee();
    const before = await cartOf(shopper);
    for (const [query, country] of [
      ['country=US&state=ORE', 'US'],
      ['country=US&state=Oregon', 'US'],
      ['country=US&state=ON', 'US'],
      ['country=CA&state=CA', 'CA'],
      ['country=AU&state=XX', 'AU'],
    ] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/cart/shipping-rates?${query}`,
        headers: shopper,
      });
      expect(response.statusCode, query).toBe(400);
      // The spec's error format, with the catalogue's message naming the field.
      expect(response.json(), query).toEqual({
        error: {
          code: 'invalid-argument',
          message: `Invalid querystring: querystring.state: ${MESSAGES.shippingStateUnknown(country)}`,
        },
      });
    }
    expect(await cartOf(shopper)).toEqual(before);
  });

  it('accepts a listed subdivision, with or without its country prefix, in any case', async () => {
    const shopper = await shopperWithTee();
    for (const [query, state] of [
      ['country=US&state=or', 'OR'],
      ['country=US&state=US-OR', 'OR'],
      ['country=CA&state=on', 'ON'],
      ['country=AU&state=NSW', 'NSW'],
    ] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/cart/shipping-rates?${query}`,
        headers: shopper,
      });
      expect(response.statusCode, `${query} ${response.body}`).toBe(200);
      expect(response.json().destination.state).toBe(state);
    }
  });

  it('refuses a checkout to an unknown subdivision naming shipping.state, and leaves the cart as it was', async () => {
    const shopper = await shopperWithTee();
    const before = await cartOf(shopper);
    const refused = await startCheckout(t.app, shopper, { shipping: { country: 'US', state: 'ORE', zip: '97201' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: {
        code: 'invalid-argument',
        message: `Invalid body: body.shipping.state: ${MESSAGES.shippingStateUnknown('US')}`,
        // Each field's own sentence, for a form to show beside the field.
        details: { fields: { 'shipping.state': MESSAGES.shippingStateUnknown('US') } },
      },
    });
    expect(await cartOf(shopper)).toEqual(before);
    expect(await cartLines(shopper)).toBe(1);

    const accepted = await startCheckout(t.app, shopper, { shipping: { country: 'US', state: 'OR', zip: '97201' } });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});
