import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { orderSchema } from '@shop/shared/schemas';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { startStripeSandbox, type StripeSandbox } from '../../../tests/sandbox/stripe/server.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { guestHeaders, seedProduct, startCheckout, storefrontProduct } from './checkout-fixtures.js';
import { addCartItem } from '../cart/cart-fixtures.js';
import { assertStripeMinimum } from '../../src/services/checkout/local-checkout.js';

// docs/rules.md#local-prices: the cart answers in the shopper's currency, and checkout charges
// exactly that, in that currency, through the Stripe sandbox; a paused rate, a variant off sale
// there, a price below the margin there or a total under Stripe's minimum refuse the checkout and
// keep the cart.

const PUBLIC_URL = 'http://shop.test:3000';
const IRISH = { country: 'IE', zip: 'D02 X285' };
const BRITISH = { country: 'GB', zip: 'SW1A 1AA' };

let t: TestApp;
let sandbox: StripeSandbox;

beforeAll(async () => {
  sandbox = await startStripeSandbox({
    webhookUrl: 'http://127.0.0.1:9/unused',
    webhookSecret: 'whsec_unused_here',
    taxActivated: true,
  });
  t = await createTestApp({
    STRIPE_API_URL: sandbox.url,
    PUBLIC_URL,
    STRIPE_AUTOMATIC_TAX: 'true',
    SHIPPING_FLAT_RATES: 'US=5.55+1.25,IE=10.00+2.00,GB=7.77+2.00,*=14.00+3.00',
    MIN_MARGIN_PERCENT: '10',
    CURRENCY_MARGIN_BUFFER_PERCENT: '3',
  });
});

afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

beforeEach(async () => {
  for (const [currency, rate] of [
    ['EUR', 0.92],
    ['GBP', 0.79],
    ['CAD', 1.36],
  ] as const)
    await t.store.set(COLLECTIONS.exchangeRates, currency, {
      currency,
      rate,
      asOf: new Date().toISOString(),
      source: 'feed',
      sourceDate: null,
    });
  await t.store.delete(COLLECTIONS.currencyMargins, 'EUR');
});

/** A guest whose browser keeps `shop_currency` as the picker sets it. */
async function shopperWithTee(id: string, currency: string) {
  await seedProduct(t.app, storefrontProduct(id));
  const headers = { ...guestHeaders(), cookie: `shop_currency=${currency}` };
  for (const size of ['M', 'M', 'L'])
    expect((await addCartItem(t.app, headers, { productId: id, quantity: 1, size, color: 'Black' })).statusCode).toBe(
      200,
    );
  return headers;
}

const cartOf = async (headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: '/api/cart', headers })).json();

async function ordersOf(sessionId: string) {
  const page = await t.store.query(COLLECTIONS.orders, { where: [['sessionId', '==', sessionId]] });
  return page.docs.map((d) => orderSchema.parse(d.data));
}

describe('the cart and checkout in euros', () => {
  it('prices the cart, its shipping and the Stripe session in euros, VAT included, and records the rate', async () => {
    const shopper = await shopperWithTee('eu-tee', 'EUR');
    const cart = await cartOf(shopper);
    // M: 24.99 x 0.92 x 1.23 = 28.28 -> 28 euros; L: 26.50 -> 29.99 -> 30 euros.
    expect(cart.currency).toBe('EUR');
    expect(cart.cartItems.map((l: { unitAmount: number; quantity: number }) => [l.unitAmount, l.quantity])).toEqual([
      [2800, 2],
      [3000, 1],
    ]);
    expect(cart.amounts).toEqual({ subtotal: 8600, discount: 0, total: 8600 });
    // The stored cart keeps the catalogue's dollars.
    expect(cart.totalPrice).toBe(76.48);

    const quote = (
      await t.app.inject({ method: 'GET', url: '/api/cart/shipping-rates?country=IE', headers: shopper })
    ).json();
    // Flat rate for Ireland, 3 units: 10.00 + 2 x 2.00 = 14.00 USD -> x 0.92 x 1.23 = 15.84 EUR.
    expect(quote.options.map((o: { amount: number; currency: string }) => [o.amount, o.currency])).toEqual([
      [15.84, 'EUR'],
    ]);
    // `?currency=` wins over the cookie, as on every cart read: 14.00 x 0.79 x 1.2 = 13.27 pounds.
    const inPounds = await t.app.inject({
      method: 'GET',
      url: '/api/cart/shipping-rates?country=IE&currency=GBP',
      headers: shopper,
    });
    expect(inPounds.json().options[0]).toMatchObject({ amount: 13.27, currency: 'GBP' });

    const response = await startCheckout(t.app, shopper, { shipping: IRISH });
    expect(response.statusCode).toBe(200);
    const { session, lineItems, shippingRates } = sandbox.sessions.get(response.json().id)!;
    expect(session.currency).toBe('eur');
    expect(lineItems.map((li) => [li.price.currency, li.price.unit_amount, li.price.tax_behavior])).toEqual([
      ['eur', 2800, 'inclusive'],
      ['eur', 3000, 'inclusive'],
    ]);
    expect(session.amount_subtotal).toBe(cart.amounts.total);
    expect(shippingRates.map((r) => [r.fixed_amount.amount, r.fixed_amount.currency, r.tax_behavior])).toEqual([
      [1584, 'eur', 'inclusive'],
    ]);

    const [order] = await ordersOf(session.id);
    expect(order).toMatchObject({ status: 'pending', currency: 'EUR', exchangeRate: 0.92, totalPrice: 86 });
    expect(order.items.map((i) => [i.unitPrice, i.unitPriceUsd])).toEqual([
      [28, 24.99],
      [30, 26.5],
    ]);
  });

  it('keeps tax on top for Canadian dollars, as Canadian shops do', async () => {
    const shopper = await shopperWithTee('ca-tee', 'CAD');
    // 24.99 x 1.36 = 33.99 -> 33.99; 26.50 x 1.36 = 36.04 -> 35.99.
    expect((await cartOf(shopper)).amounts.subtotal).toBe(2 * 3399 + 3599);
    const response = await startCheckout(t.app, shopper, { shipping: { country: 'CA', state: 'ON', zip: 'M5V 2T6' } });
    expect(response.statusCode).toBe(200);
    const { session, lineItems } = sandbox.sessions.get(response.json().id)!;
    expect(session.currency).toBe('cad');
    expect(lineItems.map((li) => li.price.tax_behavior)).toEqual(['exclusive', 'exclusive']);
  });

  it('refuses checkout while the rate is paused, and keeps the cart', async () => {
    const shopper = await shopperWithTee('stale-tee', 'EUR');
    await t.store.set(COLLECTIONS.exchangeRates, 'EUR', {
      currency: 'EUR',
      rate: 0.92,
      asOf: new Date(Date.now() - 72 * 3600_000).toISOString(),
      source: 'feed',
      sourceDate: null,
    });
    const cart = await cartOf(shopper);
    // The cart says so, in dollars, rather than guessing a price in euros.
    expect(cart.currency).toBe('USD');
    expect(cart.currencyNotice).toBe(MESSAGES.currencyPaused('euros'));
    const response = await startCheckout(t.app, shopper, { shipping: IRISH });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(MESSAGES.currencyPaused('euros'));
    expect((await cartOf(shopper)).totalItems).toBe(3);
  });

  it('flags a variant off sale in euros and refuses to charge for it there', async () => {
    const shopper = await shopperWithTee('off-tee', 'EUR');
    await t.store.set(COLLECTIONS.currencyMargins, 'EUR', {
      currency: 'EUR',
      rate: 0.92,
      checkedAt: new Date().toISOString(),
      variants: [
        {
          currency: 'EUR',
          productId: 'off-tee',
          title: 'Studio Tee off-tee',
          variantId: 'off-tee-l',
          price: 3000,
          minimumPrice: 3100,
          costUsd: 25,
        },
      ],
    });
    const cart = await cartOf(shopper);
    const large = cart.cartItems.find((l: { size: string }) => l.size === 'L');
    expect(large).toMatchObject({ unavailable: true, unavailableReason: MESSAGES.variantOffSaleIn('euros') });
    expect(cart.amounts.subtotal).toBe(2 * 2800);
    const response = await startCheckout(t.app, shopper, { shipping: IRISH });
    expect(response.statusCode).toBe(409);
    expect((await cartOf(shopper)).totalItems).toBe(3);
  });

  it("refuses a price that no longer keeps the margin in euros at this rate (Printful's cost rose)", async () => {
    const shopper = await shopperWithTee('dear-tee', 'EUR');
    // The L tee costs $22.50: 22.50 x 1.10 / 0.97 x 0.92 x 1.255 = 29.46 EUR, under 30: kept.
    // The M tee costs $21.00: 21.00 x 1.10 / 0.97 x 0.92 x 1.255 = 27.50 EUR... raised to $22.00: 28.81 > 28.
    await t.store.set(COLLECTIONS.products, 'dear-tee', {
      sync_variants: [
        { id: 5001, cost: 22 },
        { id: 5002, cost: 22.5 },
      ],
    });
    const response = await startCheckout(t.app, shopper, { shipping: IRISH });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(MESSAGES.cartOffSaleIn('euros', ['Studio Tee dear-tee']));
    // In dollars the same cart keeps the margin: 22 x 1.10 = 24.20 under 24.99.
    const usd = await startCheckout(t.app, { ...shopper, cookie: 'shop_currency=USD' }, { shipping: IRISH });
    expect(usd.statusCode).toBe(200);
  });
});

describe("Stripe's minimum charge", () => {
  it('refuses a pound total under 0.30 with the minimum in words, and keeps the cart', async () => {
    await seedProduct(t.app, storefrontProduct('tiny-sticker', { price: 0.25 }));
    await t.store.set(COLLECTIONS.priceOverrides, 'tiny-sticker', {
      productId: 'tiny-sticker',
      prices: { GBP: 20 },
      updatedAt: new Date().toISOString(),
    });
    const shopper = { ...guestHeaders(), cookie: 'shop_currency=GBP' };
    await addCartItem(t.app, shopper, { productId: 'tiny-sticker', quantity: 1, size: 'M', color: 'Black' });
    const response = await startCheckout(t.app, shopper, { shipping: BRITISH });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(MESSAGES.belowCurrencyMinimum('£0.30'));
    expect((await cartOf(shopper)).totalItems).toBe(1);
  });
});

describe("Stripe's minimum per currency, before the payment page", () => {
  const item = (unitPrice: number) =>
    ({
      lineId: 'l',
      productId: 'p',
      name: 'Sticker',
      variantName: null,
      size: '',
      color: '',
      quantity: 1,
      unitPrice,
      imageUrl: null,
      syncVariantId: 1,
      catalogVariantId: 1,
    }) as const;
  it.each([
    ['USD', 0.49, 0.5, '$0.50'],
    ['EUR', 0.49, 0.5, '€0.50'],
    ['GBP', 0.29, 0.3, '£0.30'],
    ['CAD', 0.49, 0.5, 'CA$0.50'],
    ['AUD', 0.49, 0.5, 'A$0.50'],
    ['JPY', 49, 50, '¥50'],
  ] as const)('%s: refuses %s, takes %s', (currency, under, minimum, words) => {
    expect(() => assertStripeMinimum(currency, [item(under)], 0)).toThrow(MESSAGES.belowCurrencyMinimum(words));
    expect(() => assertStripeMinimum(currency, [item(minimum)], 0)).not.toThrow();
    // A discount that takes the charge under the minimum is refused too.
    expect(() => assertStripeMinimum(currency, [item(minimum)], currency === 'JPY' ? 1 : 0.01)).toThrow();
  });
});
