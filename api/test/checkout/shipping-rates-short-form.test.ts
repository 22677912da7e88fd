import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import { startPrintfulSandbox, type PrintfulSandbox } from '../../../tests/sandbox/printful/server.js';
import { startStripeSandbox, type StripeSandbox } from '../../../tests/sandbox/stripe/server.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { guestHeaders, seedProduct, startCheckout, storefrontProduct } from './checkout-fixtures.js';
import { addCartItem } from '../cart/cart-fixtures.js';

// The cart's estimate and the checkout quote know only the country, state and postcode the shopper
// typed; Printful's v1 AddressInfo lists the street (address1) and city as required too. Should
// Printful hold to its schema, a short-form quote is refused with a 400 that is about the missing
// street, not about the place: the store then answers with its flat-rate estimate, never "we
// cannot ship there" (docs/fidelity.md, the shipping-rates row).

let printful: PrintfulSandbox;
let stripe: StripeSandbox;
let t: TestApp;
let tee: StorefrontProduct;

beforeAll(async () => {
  printful = await startPrintfulSandbox({ rateLimitPerMin: 10_000, ratesRequireStreet: true });
  stripe = await startStripeSandbox({
    webhookUrl: 'http://127.0.0.1:9/unused',
    webhookSecret: 'whsec_unused_here',
    taxActivated: true,
  });
  t = await createTestApp({
    PRINTFUL_API_URL: printful.url,
    PRINTFUL_RATE_LIMIT_PER_MIN: '1000',
    STRIPE_API_URL: stripe.url,
    PUBLIC_URL: 'http://shop.test:3000',
    SHIPPING_FLAT_RATES: 'US=5.55+1.25,GB=7.77+2.00,*=14.00+3.00',
  });
  const source = printful.catalogue.list()[0];
  tee = storefrontProduct('short-form-tee', { title: source.name });
  tee.variants = tee.variants.map((v, i) => ({
    ...v,
    catalog_variant_id: source.variants[i % source.variants.length].catalogVariantId,
    sync_variant_id: source.variants[i % source.variants.length].id,
  }));
  await seedProduct(t.app, tee);
});

afterAll(async () => {
  await t?.close();
  await stripe?.close();
  await printful?.close();
});

beforeEach(async () => {
  printful.reset();
  printful.requireStreetForRates(true);
  const keys = [
    ...(await t.app.redis.keys(`${t.config.QUEUE_PREFIX}:shipping-rates:*`)),
    ...(await t.app.redis.keys(`${t.config.QUEUE_PREFIX}:shipping-quotes:*`)),
  ];
  if (keys.length) await t.app.redis.del(...keys);
});

async function shopperWithTee() {
  const headers = guestHeaders();
  const added = await addCartItem(t.app, headers, { productId: tee.id, quantity: 2, size: 'M', color: 'Black' });
  expect(added.statusCode, added.body).toBe(200);
  return headers;
}

const printfulQuotes = () => printful.stats.snapshot().byRoute['POST /shipping/rates'] ?? 0;

describe('a Printful that requires the street and city for a rate quote', () => {
  it("answers the cart's estimate from the flat-rate table, labelled as such, instead of refusing the place", async () => {
    const shopper = await shopperWithTee();
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/cart/shipping-rates?country=US&state=CA&zip=91311',
      headers: shopper,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      source: 'flat-rate',
      options: [{ amount: 5.55 + 1.25, currency: 'USD' }],
    });
    // Printful was asked and refused the short form; the shopper is not told it cannot ship there.
    expect(printfulQuotes()).toBe(1);
    expect(response.body).not.toContain(MESSAGES.shippingRefused('CA, US'));
  });

  it('lets the shopper pay with the flat rate, the address then collected in full by Stripe', async () => {
    const shopper = await shopperWithTee();
    const before = stripe.sessions.size;
    const paying = await startCheckout(t.app, shopper, { shipping: { country: 'GB', zip: 'SW1A 2AA' } });
    expect(paying.statusCode, paying.body).toBe(200);
    expect(stripe.sessions.size).toBe(before + 1);
    const offered = stripe.sessions.get(paying.json().id)!.shippingRates.map((r) => r.fixed_amount.amount);
    expect(offered).toEqual([Math.round((7.77 + 2.0) * 100)]);
  });

  it('still refuses a place Printful refuses when it is asked the short form it accepts', async () => {
    printful.requireStreetForRates(false);
    const shopper = await shopperWithTee();
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/cart/shipping-rates?country=US&state=UM&zip=12345',
      headers: shopper,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(MESSAGES.shippingRefused('UM, US'));
  });
});
