import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxSdk } from './sdk-client.js';
import { startStripeSandbox, type StripeSandbox } from './server.js';

// The Stripe sandbox prices and pays in every currency Stripe takes for the store's countries and
// refuses the rest, with Stripe's minimum charge per currency, zero-decimal and three-decimal
// amounts, and VAT carved out of tax-inclusive prices at the destination's rate.

let sandbox: StripeSandbox;
let stripe: Stripe;

beforeAll(async () => {
  // Webhooks go nowhere: these tests read the sessions back instead.
  sandbox = await startStripeSandbox({
    webhookUrl: 'http://127.0.0.1:9/none',
    webhookSecret: 'whsec_currency_tests',
    payRetryDelaysMs: [],
    taxActivated: true,
  });
  stripe = sandboxSdk(sandbox);
});
afterAll(async () => {
  await sandbox.close();
});

const params = (
  currency: string,
  unitAmount: number,
  extra: Partial<Stripe.Checkout.SessionCreateParams> = {},
): Stripe.Checkout.SessionCreateParams => ({
  mode: 'payment',
  line_items: [
    { price_data: { currency, unit_amount: unitAmount, product_data: { name: 'Studio Tee' } }, quantity: 1 },
  ],
  success_url: 'http://localhost:3000/store/order-success?session_id={CHECKOUT_SESSION_ID}',
  cancel_url: 'http://localhost:3000/store/cart',
  ...extra,
});

function payForm(country: string, city: string, state = '', postal = 'D02 X285') {
  return new URLSearchParams({
    email: 'aoife@example.ie',
    name: 'Aoife Byrne',
    line1: '1 Grafton Street',
    line2: '',
    city,
    state,
    postal_code: postal,
    country,
  });
}

describe('currencies', () => {
  it.each([
    ['usd', 2500, '$25.00'],
    ['eur', 2800, '€28.00'],
    ['gbp', 2399, '£23.99'],
    ['cad', 3499, 'CA$34.99'],
    ['aud', 4199, 'A$41.99'],
    ['jpy', 4100, '¥4,100'],
  ])('prices in %s and shows %i minor units as %s on the payment page', async (currency, amount, shown) => {
    const session = await stripe.checkout.sessions.create(params(currency, amount));
    expect(session).toMatchObject({ currency, amount_total: amount });
    const page = await (await fetch(session.url!)).text();
    expect(page).toContain(shown);
  });

  it('refuses a currency Stripe does not take, naming the parameter', async () => {
    await expect(stripe.checkout.sessions.create(params('xyz', 2500))).rejects.toMatchObject({
      statusCode: 400,
      param: 'line_items[0][price_data][currency]',
      message: expect.stringMatching(/^Invalid currency: xyz\. Stripe currently supports these currencies: usd, /),
    });
  });

  it.each([
    ['usd', 50, '$0.50 usd'],
    ['eur', 50, '€0.50 eur'],
    ['gbp', 30, '£0.30 gbp'],
    ['cad', 50, 'CA$0.50 cad'],
    ['aud', 50, 'A$0.50 aud'],
    ['jpy', 50, '¥50 jpy'],
  ])("enforces Stripe's minimum charge in %s: %i minor units", async (currency, minimum, words) => {
    await expect(stripe.checkout.sessions.create(params(currency, minimum - 1))).rejects.toMatchObject({
      statusCode: 400,
      code: 'amount_too_small',
      message: `The Checkout Session's total amount due must add up to at least ${words}`,
    });
    expect((await stripe.checkout.sessions.create(params(currency, minimum))).amount_total).toBe(minimum);
  });

  it('takes three-decimal amounts only when they end in 0', async () => {
    await expect(stripe.checkout.sessions.create(params('kwd', 1005))).rejects.toMatchObject({
      param: 'line_items[0][price_data][unit_amount]',
    });
    expect((await stripe.checkout.sessions.create(params('kwd', 1000))).amount_total).toBe(1000);
  });

  it('refuses shipping in another currency than the lines', async () => {
    const shipping = {
      shipping_address_collection: { allowed_countries: ['IE' as const] },
      shipping_options: [
        {
          shipping_rate_data: {
            type: 'fixed_amount' as const,
            display_name: 'Standard',
            fixed_amount: { amount: 565, currency: 'usd' },
          },
        },
      ],
    };
    await expect(stripe.checkout.sessions.create(params('eur', 2800, shipping))).rejects.toMatchObject({
      statusCode: 400,
    });
  });
});

describe('tax included in the price', () => {
  it('a Dublin shopper pays exactly the euro prices shown; Irish VAT (23%) is carved out of them', async () => {
    const session = await stripe.checkout.sessions.create(
      params('eur', 2800, {
        line_items: [
          {
            price_data: {
              currency: 'eur',
              unit_amount: 2800,
              product_data: { name: 'Studio Tee' },
              tax_behavior: 'inclusive',
            },
            quantity: 1,
          },
          {
            price_data: {
              currency: 'eur',
              unit_amount: 1600,
              product_data: { name: 'Logo Mug' },
              tax_behavior: 'inclusive',
            },
            quantity: 1,
          },
        ],
        automatic_tax: { enabled: true },
        shipping_address_collection: { allowed_countries: ['IE', 'DE'] },
        shipping_options: [
          {
            shipping_rate_data: {
              type: 'fixed_amount',
              display_name: 'Standard',
              fixed_amount: { amount: 565, currency: 'eur' },
              tax_behavior: 'inclusive',
            },
          },
        ],
      }),
    );
    expect(await (await fetch(session.url!)).text()).toContain('included in the prices');
    const paid = await fetch(`${sandbox.url}/pay/${session.id}/pay`, {
      method: 'POST',
      body: payForm('IE', 'Dublin'),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const after = await stripe.checkout.sessions.retrieve(session.id);
    expect(after.amount_total).toBe(2800 + 1600 + 565);
    // 23% VAT inside 44.00 of goods (8.23) and 5.65 of shipping (1.06).
    expect(after.total_details?.amount_tax).toBe(823 + 106);

    const refund = await stripe.refunds.create({ payment_intent: after.payment_intent as string, amount: 1600 });
    expect(refund).toMatchObject({ amount: 1600, currency: 'eur' });
    await expect(
      stripe.refunds.create({ payment_intent: after.payment_intent as string, amount: 5000 }),
    ).rejects.toMatchObject({
      message: 'Refund amount (€50.00) is greater than unrefunded amount on charge (€33.65)',
    });
  });
});
