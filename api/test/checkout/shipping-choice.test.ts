import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { PRINTFUL_SHIPPING_METADATA } from '@shop/shared/domain/order';
import { SHIPPING_OPTION_ID_MAX, type ShippingRatesResponse } from '@shop/shared/schemas';
import { COLLECTIONS } from '@shop/shared/server/collections';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import type Stripe from 'stripe';
import { startPrintfulSandbox, type PrintfulSandbox } from '../../../tests/sandbox/printful/server.js';
import { startStripeSandbox, type StripeSandbox } from '../../../tests/sandbox/stripe/server.js';
import { sandboxSdk } from '../../../tests/sandbox/stripe/sdk-client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { guestHeaders, seedProduct, storefrontProduct } from './checkout-fixtures.js';
import { addCartItem } from '../cart/cart-fixtures.js';

// The checkout's shipping choice (docs/rules.md#money-at-checkout): POST /api/checkout/sessions
// takes `shippingOption`, an id of the server's own quote for that destination and cart, and opens
// the hosted session with it first, which Stripe preselects; every other option is still offered.
// Each session is read back from the Stripe sandbox through the SDK.

const PUBLIC_URL = 'http://shop.test:3000';
const OREGON = { country: 'US', state: 'OR', zip: '97205' };

let printful: PrintfulSandbox;
let stripe: StripeSandbox;
let sdk: Stripe;
let t: TestApp;
let tee: StorefrontProduct;
// Each test quotes as a client of its own, so no test spends another's budget of uncached quotes.
let clients = 0;

beforeAll(async () => {
  printful = await startPrintfulSandbox({ rateLimitPerMin: 10_000 });
  stripe = await startStripeSandbox({ webhookUrl: 'http://127.0.0.1:9/unused', webhookSecret: 'whsec_unused_here' });
  sdk = sandboxSdk(stripe);
  t = await createTestApp({
    PRINTFUL_API_URL: printful.url,
    PRINTFUL_RATE_LIMIT_PER_MIN: '1000',
    STRIPE_API_URL: stripe.url,
    PUBLIC_URL,
  });
  // A tee whose variants Printful's catalogue knows, so Printful quotes it (Express included).
  const source = printful.catalogue.list()[0];
  tee = storefrontProduct('choice-tee', { title: source.name });
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

/** A guest with two tees in the cart, asking from an address of its own. */
async function shopper() {
  const headers = guestHeaders();
  const ip = `10.52.0.${++clients}`;
  const added = await addCartItem(t.app, headers, { productId: tee.id, quantity: 2, size: 'M', color: 'Black' });
  expect(added.statusCode, added.body).toBe(200);
  return { headers, ip };
}

async function quote(who: { headers: Record<string, string>; ip: string }, where: Record<string, string>) {
  const response = await t.app.inject({
    url: `/api/cart/shipping-rates?${new URLSearchParams(where)}`,
    headers: who.headers,
    remoteAddress: who.ip,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ShippingRatesResponse;
}

function checkout(who: { headers: Record<string, string>; ip: string }, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/checkout/sessions',
    headers: who.headers,
    payload,
    remoteAddress: who.ip,
  });
}

/** What the payment page offers, in order, and what it has selected, as Stripe reports them. */
async function offered(sessionId: string) {
  const session = await sdk.checkout.sessions.retrieve(sessionId, { expand: ['shipping_cost.shipping_rate'] });
  const rates = stripe.sessions.get(sessionId)!.shippingRates;
  const methodOf = (rateId: unknown) => rates.find((r) => r.id === rateId)?.metadata[PRINTFUL_SHIPPING_METADATA];
  const selected = session.shipping_cost?.shipping_rate as Stripe.ShippingRate | null;
  return {
    methods: session.shipping_options.map((o) => methodOf(o.shipping_rate)),
    amounts: session.shipping_options.map((o) => o.shipping_amount),
    selected: selected?.metadata[PRINTFUL_SHIPPING_METADATA],
    shippingCost: session.shipping_cost?.amount_total,
    total: session.amount_total,
    subtotal: session.amount_subtotal,
  };
}

async function cartOf(who: { headers: Record<string, string> }) {
  return (await t.app.inject({ url: '/api/cart', headers: who.headers })).json();
}

async function orderCount(): Promise<number> {
  return (await t.store.query(COLLECTIONS.orders, {})).docs.length;
}

describe('POST /api/checkout/sessions with a shipping choice', () => {
  it('opens the payment page on the chosen Express, charged at the quoted price, with Flat Rate still offered', async () => {
    const who = await shopper();
    const rates = await quote(who, OREGON);
    expect(rates.options.map((o) => o.id)).toEqual(['STANDARD', 'PRINTFUL_FAST']);
    const [flat, express] = rates.options;

    const response = await checkout(who, { shipping: OREGON, shippingOption: 'PRINTFUL_FAST' });
    expect(response.statusCode, response.body).toBe(200);
    const session = await offered(response.json().id);
    expect(session.methods).toEqual(['PRINTFUL_FAST', 'STANDARD']);
    expect(session.amounts).toEqual([Math.round(express.amount * 100), Math.round(flat.amount * 100)]);
    expect(session.selected).toBe('PRINTFUL_FAST');
    expect(session.shippingCost).toBe(Math.round(express.amount * 100));
    expect(session.total).toBe(session.subtotal! + Math.round(express.amount * 100));
  });

  it('opens on the cheapest without a choice, and on the cheapest when it is the choice', async () => {
    const who = await shopper();
    await quote(who, OREGON);
    const plain = await checkout(who, { shipping: OREGON });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(await offered(plain.json().id)).toMatchObject({
      methods: ['STANDARD', 'PRINTFUL_FAST'],
      selected: 'STANDARD',
    });
    // The same pick as the default is the same session: nothing to open again.
    const same = await checkout(who, { shipping: OREGON, shippingOption: 'STANDARD' });
    expect(same.json().id).toBe(plain.json().id);
  });

  it('opens a new session when the shopper picks another option, and closes the one opened with the first pick', async () => {
    const who = await shopper();
    const first = (await checkout(who, { shipping: OREGON })).json().id as string;
    const express = await checkout(who, { shipping: OREGON, shippingOption: 'PRINTFUL_FAST' });
    expect(express.statusCode, express.body).toBe(200);
    expect(express.json().id).not.toBe(first);
    expect(stripe.sessions.get(first)!.session.status).toBe('expired');
    expect((await offered(express.json().id)).selected).toBe('PRINTFUL_FAST');
    const again = await checkout(who, { shipping: OREGON, shippingOption: 'PRINTFUL_FAST' });
    expect(again.json().id).toBe(express.json().id);
  });

  it('refuses an id the quote for this address does not have, naming shippingOption, and keeps the cart and the open session', async () => {
    const who = await shopper();
    const open = (await checkout(who, { shipping: OREGON })).json().id as string;
    const before = await cartOf(who);
    const orders = await orderCount();
    const sessions = stripe.sessions.size;
    // Express was quoted for Oregon with a postal code; without one Printful quotes no Express.
    const noZip = { country: 'US', state: 'OR' };
    expect((await quote(who, noZip)).options.map((o) => o.id)).toEqual(['STANDARD']);
    for (const shippingOption of ['PRINTFUL_FAST', 'OVERNIGHT_MAGIC']) {
      const response = await checkout(who, { shipping: noZip, shippingOption });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: {
          code: 'invalid-argument',
          message: MESSAGES.shippingOptionNotOffered,
          details: { fields: { shippingOption: MESSAGES.shippingOptionNotOffered } },
        },
      });
    }
    expect(await cartOf(who)).toEqual(before);
    expect(stripe.sessions.get(open)!.session.status).toBe('open');
    expect(await orderCount()).toBe(orders);
    expect(stripe.sessions.size).toBe(sessions);
  });

  it('refuses an id too long, empty or not a string, naming shippingOption, before asking anyone', async () => {
    const who = await shopper();
    const sessionsBefore = stripe.sessions.size;
    for (const shippingOption of ['x'.repeat(SHIPPING_OPTION_ID_MAX + 1), 'x'.repeat(5000), '', '   ', 42, null]) {
      const response = await checkout(who, { shipping: OREGON, shippingOption });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('invalid-argument');
      expect(response.json().error.details.fields.shippingOption).toBe(
        MESSAGES.shippingOptionInvalid(SHIPPING_OPTION_ID_MAX),
      );
    }
    // Longer than any request body the API reads: refused as such.
    const huge = await checkout(who, { shipping: OREGON, shippingOption: 'x'.repeat(2_000_000) });
    expect(huge.statusCode).toBe(413);
    expect(stripe.sessions.size).toBe(sessionsBefore);
    expect((await cartOf(who)).cartItems).toHaveLength(1);
  });

  it('charges the quoted price whatever amount the body names for shipping', async () => {
    const who = await shopper();
    const express = (await quote(who, OREGON)).options.find((o) => o.id === 'PRINTFUL_FAST')!;
    const response = await checkout(who, {
      shipping: { ...OREGON, amount: 0 },
      shippingOption: 'PRINTFUL_FAST',
      shippingAmount: 0,
      amount: 0.01,
      shipping_options: [{ shipping_rate_data: { fixed_amount: { amount: 0, currency: 'usd' } } }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const session = await offered(response.json().id);
    expect(session.selected).toBe('PRINTFUL_FAST');
    expect(session.shippingCost).toBe(Math.round(express.amount * 100));
    expect(Math.min(...session.amounts)).toBeGreaterThan(0);
  });
});
