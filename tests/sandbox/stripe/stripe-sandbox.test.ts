import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_BANNER } from './hosted-page.js';
import { sandboxSdk } from './sdk-client.js';
import { startStripeSandbox, type StripeSandbox } from './server.js';

// The Stripe sandbox driven by the official SDK, as the API and worker drive it.

const SECRET = 'whsec_sandbox_test_secret';

interface Received {
  body: string;
  signature: string;
}

/** A stand-in webhook endpoint that records what it gets and answers with scripted statuses. */
async function startReceiver() {
  const received: Received[] = [];
  let statuses: number[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(request.headers['stripe-signature']),
      });
      response.writeHead(statuses.shift() ?? 200, { 'content-type': 'application/json' });
      response.end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/stripe`,
    received,
    answerWith(next: number[]) {
      statuses = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const item = (name: string, unitAmount: number, quantity = 1) => ({
  price_data: { currency: 'usd', unit_amount: unitAmount, product_data: { name } },
  quantity,
  metadata: { lineId: name },
});

const baseParams = (): Stripe.Checkout.SessionCreateParams => ({
  mode: 'payment',
  line_items: [item('Studio Tee', 2499, 2), item('Logo Mug', 1299)],
  success_url: 'http://localhost:3000/store/order-success?session_id={CHECKOUT_SESSION_ID}',
  cancel_url: 'http://localhost:3000/store/cart',
  client_reference_id: 'guest-carts:guest-1',
  metadata: { orderId: 'ord_1' },
  shipping_address_collection: { allowed_countries: ['US', 'GB'] },
});

const payForm = new URLSearchParams({
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  line1: '1 Analytical Way',
  line2: '',
  city: 'Springfield',
  state: 'IL',
  postal_code: '62701',
  country: 'US',
});

/** Presses Pay on the hosted page (an HTTP POST of its form); the answer is left to the test. */
function postPay(sessionId: string, form: URLSearchParams = payForm): Promise<Response> {
  return fetch(`${sandbox.url}/pay/${sessionId}/pay`, { method: 'POST', body: form, redirect: 'manual' });
}

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let sandbox: StripeSandbox;
let stripe: Stripe;

beforeAll(async () => {
  receiver = await startReceiver();
  sandbox = await startStripeSandbox({
    webhookUrl: receiver.url,
    webhookSecret: SECRET,
    payRetryDelaysMs: [20, 20],
    taxActivated: true,
  });
  stripe = sandboxSdk(sandbox);
});

afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});

afterEach(() => {
  receiver.received.length = 0;
  receiver.answerWith([]);
});

function verified(received: Received): Stripe.Event {
  return stripe.webhooks.constructEvent(received.body, received.signature, SECRET);
}

describe('Checkout Sessions API', () => {
  it('creates an open session with totals, metadata and a hosted page URL', async () => {
    const session = await stripe.checkout.sessions.create(baseParams());
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${sandbox.url}/pay/${session.id}`);
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      amount_subtotal: 6297,
      amount_total: 6297,
      currency: 'usd',
      metadata: { orderId: 'ord_1' },
      client_reference_id: 'guest-carts:guest-1',
      livemode: false,
    });
    expect(session.expires_at - session.created).toBe(24 * 60 * 60);
  });

  it('retrieves a session with its line items expanded and pages through line items', async () => {
    const many = Array.from({ length: 12 }, (_, i) => item(`Item ${i}`, 100 + i));
    const created = await stripe.checkout.sessions.create({ ...baseParams(), line_items: many });

    const retrieved = await stripe.checkout.sessions.retrieve(created.id, { expand: ['line_items'] });
    expect(retrieved.line_items?.data).toHaveLength(10);
    expect(retrieved.line_items?.has_more).toBe(true);
    expect(retrieved.line_items?.data[0]).toMatchObject({
      description: 'Item 0',
      quantity: 1,
      amount_total: 100,
      metadata: { lineId: 'Item 0' },
    });
    expect(retrieved.line_items?.data[0].price?.unit_amount).toBe(100);

    const all = await stripe.checkout.sessions
      .listLineItems(created.id, { limit: 5 })
      .autoPagingToArray({ limit: 100 });
    expect(all.map((li) => li.description)).toEqual(many.map((m) => m.price_data.product_data.name));
  });

  it("answers an unknown session with Stripe's resource_missing error", async () => {
    await expect(stripe.checkout.sessions.retrieve('cs_test_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
    });
  });

  it.each([
    ['success_url', { success_url: undefined }],
    ['line_items', { line_items: [] }],
    [
      'line_items[0][price_data][product_data][name]',
      { line_items: [{ price_data: { currency: 'usd', unit_amount: 100, product_data: { name: '' } }, quantity: 1 }] },
    ],
    [
      'line_items[0][price_data][unit_amount]',
      {
        line_items: [
          { price_data: { currency: 'usd', unit_amount: 12.5, product_data: { name: 'Tee' } }, quantity: 1 },
        ],
      },
    ],
    [
      'line_items[0][quantity]',
      {
        line_items: [{ price_data: { currency: 'usd', unit_amount: 100, product_data: { name: 'Tee' } }, quantity: 0 }],
      },
    ],
    ['mode', { mode: undefined }],
  ])('rejects a session without a valid %s', async (param, override) => {
    const params = { ...baseParams(), ...override } as Stripe.Checkout.SessionCreateParams;
    await expect(stripe.checkout.sessions.create(params)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      param,
    });
  });

  it('replays an idempotent create and refuses the same key with other parameters', async () => {
    const key = `cart-${Date.now()}`;
    const first = await stripe.checkout.sessions.create(baseParams(), { idempotencyKey: key });
    const again = await stripe.checkout.sessions.create(baseParams(), { idempotencyKey: key });
    expect(again.id).toBe(first.id);

    const changed = { ...baseParams(), line_items: [item('Studio Tee', 1, 1)] };
    await expect(stripe.checkout.sessions.create(changed, { idempotencyKey: key })).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
      statusCode: 400,
    });
  });

  it('saves a 500 under its idempotency key and replays it, as Stripe does; another key is a new request', async () => {
    const key = `cart-500-${Date.now()}`;
    sandbox.failNext('POST /v1/checkout/sessions', 1, 500);
    await expect(stripe.checkout.sessions.create(baseParams(), { idempotencyKey: key })).rejects.toMatchObject({
      statusCode: 500,
    });
    await expect(stripe.checkout.sessions.create(baseParams(), { idempotencyKey: key })).rejects.toMatchObject({
      statusCode: 500,
    });
    const fresh = await stripe.checkout.sessions.create(baseParams(), { idempotencyKey: `${key}-2` });
    expect(fresh.status).toBe('open');
  });

  it('forgets an idempotency key after 24 hours: the same key then makes a new object', async () => {
    let now = Date.now();
    const clocked = await startStripeSandbox({
      webhookUrl: 'http://127.0.0.1:9/unused',
      webhookSecret: 'whsec_unused_here',
      now: () => now,
    });
    try {
      const sdk = sandboxSdk(clocked);
      const key = `cart-day-${Date.now()}`;
      const first = await sdk.checkout.sessions.create(baseParams(), { idempotencyKey: key });
      now += 23 * 3_600_000;
      expect((await sdk.checkout.sessions.create(baseParams(), { idempotencyKey: key })).id).toBe(first.id);
      now += 2 * 3_600_000;
      const later = await sdk.checkout.sessions.create(
        { ...baseParams(), line_items: [item('Studio Tee', 2500, 1)] },
        { idempotencyKey: key },
      );
      expect(later.id).not.toBe(first.id);
    } finally {
      await clocked.close();
    }
  });

  it('refuses a request without a test-mode secret key', async () => {
    const keyless = sandboxSdk(sandbox, 'rk_live_nope');
    await expect(keyless.checkout.sessions.create(baseParams())).rejects.toMatchObject({ statusCode: 401 });
  });

  it('expires an open session and sends a signed checkout.session.expired event', async () => {
    const session = await stripe.checkout.sessions.create(baseParams());
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ status: 'expired', url: null });

    await expect.poll(() => receiver.received.length).toBe(1);
    const event = verified(receiver.received[0]);
    expect(event.type).toBe('checkout.session.expired');
    expect((event.data.object as Stripe.Checkout.Session).id).toBe(session.id);

    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe('hosted payment page', () => {
  it('shows the sandbox banner, the line items and the total', async () => {
    const session = await stripe.checkout.sessions.create(baseParams());
    const response = await fetch(session.url!);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain(SANDBOX_BANNER);
    expect(html).toContain('Studio Tee');
    expect(html).toContain('$62.97');
    expect(html).toContain(`action="/pay/${session.id}/pay"`);
    expect(html).toContain(`action="/pay/${session.id}/cancel"`);
  });

  it('on Pay delivers a signed checkout.session.completed event, then redirects to the success URL', async () => {
    const session = await stripe.checkout.sessions.create(baseParams());
    const response = await postPay(session.id);

    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`http://localhost:3000/store/order-success?session_id=${session.id}`);
    expect(receiver.received).toHaveLength(1);
    const event = verified(receiver.received[0]);
    expect(event).toMatchObject({ type: 'checkout.session.completed', livemode: false, object: 'event' });
    expect(event.id).toMatch(/^evt_/);
    expect(event.data.object).toMatchObject({
      id: session.id,
      status: 'complete',
      payment_status: 'paid',
      metadata: { orderId: 'ord_1' },
    });

    const paid = await stripe.checkout.sessions.retrieve(session.id);
    expect(paid.status).toBe('complete');
    expect(paid.customer_details?.email).toBe('ada@example.com');
    expect(paid.collected_information?.shipping_details).toEqual({
      name: 'Ada Lovelace',
      address: {
        line1: '1 Analytical Way',
        line2: null,
        city: 'Springfield',
        state: 'IL',
        postal_code: '62701',
        country: 'US',
      },
    });
  });

  it('completes the session unpaid when the shopper picks the delayed bank debit', async () => {
    const session = await stripe.checkout.sessions.create(baseParams());
    const form = new URLSearchParams(payForm);
    form.set('payment_method', 'bank_debit');
    const response = await postPay(session.id, form);
    expect(response.status).toBe(303);
    const event = verified(receiver.received[0]);
    expect(event.data.object).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    expect((await stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe('unpaid');
  });

  it('signs so that a tampered body or another secret fails verification', async () => {
    const session = await stripe.checkout.sessions.create(baseParams());
    await postPay(session.id);
    const [delivery] = receiver.received;
    expect(() =>
      stripe.webhooks.constructEvent(delivery.body.replace('"paid"', '"unpaid"'), delivery.signature, SECRET),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
    expect(() => stripe.webhooks.constructEvent(delivery.body, delivery.signature, 'whsec_other')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it('retries the event until the endpoint answers 2xx before redirecting', async () => {
    receiver.answerWith([503, 500]);
    const session = await stripe.checkout.sessions.create(baseParams());
    const response = await postPay(session.id);
    expect(response.status).toBe(303);
    const mine = sandbox.deliveries.filter((d) => d.sessionId === session.id);
    expect(mine.map((d) => [d.attempt, d.status])).toEqual([
      [1, 503],
      [2, 500],
      [3, 200],
    ]);
    expect(new Set(receiver.received.map((r) => verified(r).id)).size).toBe(1);
  });

  it('re-shows the page with a message when the shipping address is incomplete, and charges nothing', async () => {
    const session = await stripe.checkout.sessions.create(baseParams());
    const form = new URLSearchParams(payForm);
    form.set('city', '');
    const response = await postPay(session.id, form);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('The shipping address needs city.');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    expect(receiver.received).toHaveLength(0);
  });

  it('leaves the postal code optional where Stripe does (Ireland) and requires it elsewhere', async () => {
    const us = await stripe.checkout.sessions.create({
      ...baseParams(),
      shipping_address_collection: { allowed_countries: ['US', 'IE'] },
    });
    const noPostcode = new URLSearchParams(payForm);
    noPostcode.set('postal_code', '');
    const refused = await postPay(us.id, noPostcode);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('The shipping address needs postal code.');
    expect((await stripe.checkout.sessions.retrieve(us.id)).status).toBe('open');

    const irish = new URLSearchParams(noPostcode);
    irish.set('country', 'IE');
    irish.set('state', '');
    irish.set('city', 'Dublin');
    expect((await postPay(us.id, irish)).status).toBe(303);
    const paid = await stripe.checkout.sessions.retrieve(us.id);
    expect(paid.status).toBe('complete');
    expect(paid.collected_information?.shipping_details?.address).toMatchObject({ country: 'IE', postal_code: null });
  });

  it('on Cancel redirects to the cancel URL and leaves the session open', async () => {
    const session = await stripe.checkout.sessions.create(baseParams());
    const response = await fetch(`${sandbox.url}/pay/${session.id}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('http://localhost:3000/store/cart');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
  });

  it('refuses to pay a session that is no longer open', async () => {
    const session = await stripe.checkout.sessions.create(baseParams());
    await stripe.checkout.sessions.expire(session.id);
    const response = await postPay(session.id);
    expect(response.status).toBe(409);
    expect(await response.text()).toContain('This checkout session has expired.');
  });
});

describe('test controls', () => {
  async function control(sessionId: string, body: unknown) {
    const response = await fetch(`${sandbox.url}/__sandbox/sessions/${sessionId}/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      body: (await response.json()) as {
        event: { id: string };
        deliveries: Array<{ status: number; eventId: string }>;
      },
    };
  }

  it('delivers one event several times at once, all with the same event id', async () => {
    const session = await stripe.checkout.sessions.create(baseParams());
    const { status, body } = await control(session.id, { type: 'checkout.session.completed', times: 5 });
    expect(status).toBe(200);
    expect(body.deliveries).toHaveLength(5);
    expect(receiver.received.map((r) => verified(r).id)).toEqual(Array(5).fill(body.event.id));
  });

  it('models a delayed payment: completed unpaid, then async_payment_succeeded', async () => {
    const session = await stripe.checkout.sessions.create(baseParams());
    await control(session.id, { type: 'checkout.session.completed', paymentStatus: 'unpaid' });
    expect((await stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe('unpaid');
    await control(session.id, { type: 'checkout.session.async_payment_succeeded' });
    expect((await stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe('paid');
    const events = receiver.received.map(verified);
    expect(events.map((e) => [e.type, (e.data.object as Stripe.Checkout.Session).payment_status])).toEqual([
      ['checkout.session.completed', 'unpaid'],
      ['checkout.session.async_payment_succeeded', 'paid'],
    ]);
  });

  it('delivers events out of order when the earlier one is delayed', async () => {
    const session = await stripe.checkout.sessions.create(baseParams());
    const late = sandbox.deliver(session.id, 'checkout.session.completed', { paymentStatus: 'unpaid', delayMs: 150 });
    await sandbox.deliver(session.id, 'checkout.session.async_payment_succeeded');
    await late;
    expect(receiver.received.map((r) => verified(r).type)).toEqual([
      'checkout.session.async_payment_succeeded',
      'checkout.session.completed',
    ]);
  });

  it("refuses an event Stripe would never send for the session's state", async () => {
    const session = await stripe.checkout.sessions.create(baseParams());
    const { status } = await control(session.id, { type: 'checkout.session.async_payment_failed' });
    expect(status).toBe(400);
    expect(receiver.received).toHaveLength(0);
  });

  it('redelivers an earlier event and lists deliveries with their response status', async () => {
    const session = await stripe.checkout.sessions.create(baseParams());
    const { body } = await control(session.id, { type: 'checkout.session.completed' });
    receiver.answerWith([500]);
    const response = await fetch(`${sandbox.url}/__sandbox/events/${body.event.id}/redeliver`, { method: 'POST' });
    expect(response.status).toBe(200);

    const list = (await (await fetch(`${sandbox.url}/__sandbox/deliveries`)).json()) as {
      data: Array<{ eventId: string; status: number }>;
    };
    expect(list.data.filter((d) => d.eventId === body.event.id).map((d) => d.status)).toEqual([200, 500]);
  });
});

describe('shipping options and automatic tax', () => {
  const withShipping = (tax: boolean): Stripe.Checkout.SessionCreateParams => ({
    ...baseParams(),
    line_items: [item('Studio Tee', 2000, 2)].map((li) => ({
      ...li,
      price_data: { ...li.price_data, ...(tax ? { tax_behavior: 'exclusive' as const } : {}) },
    })),
    shipping_address_collection: { allowed_countries: ['US'] },
    shipping_options: [
      {
        shipping_rate_data: {
          type: 'fixed_amount',
          display_name: 'Flat Rate',
          fixed_amount: { amount: 475, currency: 'usd' },
          delivery_estimate: {
            minimum: { unit: 'business_day', value: 3 },
            maximum: { unit: 'business_day', value: 6 },
          },
          metadata: { printful_shipping: 'STANDARD' },
          ...(tax ? { tax_behavior: 'exclusive' as const } : {}),
        },
      },
      {
        shipping_rate_data: {
          type: 'fixed_amount',
          display_name: 'Express',
          fixed_amount: { amount: 1299, currency: 'usd' },
          metadata: { printful_shipping: 'PRINTFUL_FAST' },
          ...(tax ? { tax_behavior: 'exclusive' as const } : {}),
        },
      },
    ],
    ...(tax ? { automatic_tax: { enabled: true } } : {}),
  });

  it('refuses automatic tax, as Stripe does for an account without Stripe Tax, unless told it is set up', async () => {
    const plain = await startStripeSandbox({ webhookUrl: receiver.url, webhookSecret: SECRET });
    try {
      const untaxed = sandboxSdk(plain);
      await expect(untaxed.checkout.sessions.create(withShipping(true))).rejects.toMatchObject({
        type: 'StripeInvalidRequestError',
        statusCode: 400,
        param: 'automatic_tax[enabled]',
      });
      expect(plain.sessions.size).toBe(0);
      expect((await untaxed.checkout.sessions.create(withShipping(false))).automatic_tax.enabled).toBe(false);
    } finally {
      await plain.close();
    }
  });

  it('offers the options on the hosted page and reports the chosen one as Stripe does', async () => {
    const session = await stripe.checkout.sessions.create(withShipping(false));
    expect(session.shipping_options).toHaveLength(2);
    expect(session.shipping_options[0]).toMatchObject({
      shipping_amount: 475,
      shipping_rate: expect.stringMatching(/^shr_/),
    });
    const html = await (await fetch(session.url!)).text();
    expect(html).toContain('Flat Rate: $4.75');
    expect(html).toContain('Express: $12.99');

    const form = new URLSearchParams(payForm);
    form.set('shipping_rate', session.shipping_options[1].shipping_rate as string);
    expect((await postPay(session.id, form)).status).toBe(303);

    const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ['shipping_cost.shipping_rate'] });
    const rate = paid.shipping_cost?.shipping_rate as Stripe.ShippingRate;
    expect(rate).toMatchObject({
      object: 'shipping_rate',
      display_name: 'Express',
      metadata: { printful_shipping: 'PRINTFUL_FAST' },
    });
    expect(paid.shipping_cost).toMatchObject({ amount_subtotal: 1299, amount_tax: 0, amount_total: 1299 });
    expect(paid.total_details).toEqual({ amount_discount: 0, amount_shipping: 1299, amount_tax: 0 });
    expect(paid.amount_subtotal).toBe(4000);
    expect(paid.amount_total).toBe(5299);
  });

  it('preselects the first option listed, as Stripe does, and charges it when the shopper keeps it', async () => {
    const params = withShipping(false);
    params.shipping_options = [...params.shipping_options!].reverse();
    const session = await stripe.checkout.sessions.create(params);
    const express = session.shipping_options[0].shipping_rate as string;
    // Stripe reports the preselected option as the session's shipping cost from the start.
    expect(session.shipping_cost).toMatchObject({ amount_subtotal: 1299, shipping_rate: express });
    const html = await (await fetch(session.url!)).text();
    const checked = [...html.matchAll(/<input type="radio" name="shipping_rate" value="([^"]+)"( checked)?/g)];
    expect(checked.map(([, id, on]) => [id, Boolean(on)])).toEqual([
      [express, true],
      [session.shipping_options[1].shipping_rate, false],
    ]);

    // The page's form sends the checked option, as a browser does.
    const form = new URLSearchParams(payForm);
    form.set('shipping_rate', express);
    expect((await postPay(session.id, form)).status).toBe(303);
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    expect(paid.shipping_cost).toMatchObject({ amount_total: 1299, shipping_rate: express });
    expect(paid.amount_total).toBe(4000 + 1299);
  });

  it('adds its fixed, labelled tax to the lines and the shipping once the address is known', async () => {
    const session = await stripe.checkout.sessions.create(withShipping(true));
    expect(session.automatic_tax).toMatchObject({ enabled: true, status: 'requires_location_inputs' });
    expect(await (await fetch(session.url!)).text()).toContain('Sandbox sales tax (fixed 8.25%)');
    expect((await postPay(session.id)).status).toBe(303);

    const paid = await stripe.checkout.sessions.retrieve(session.id);
    const lineTax = Math.round(4000 * 0.0825);
    const shippingTax = Math.round(475 * 0.0825);
    expect(paid.automatic_tax.status).toBe('complete');
    expect(paid.total_details).toEqual({ amount_discount: 0, amount_shipping: 475, amount_tax: lineTax + shippingTax });
    expect(paid.amount_total).toBe(4000 + 475 + lineTax + shippingTax);
    const lines = await stripe.checkout.sessions.listLineItems(session.id);
    expect(lines.data[0].amount_tax).toBe(lineTax);
  });

  it('refuses more than 5 options, a rate in another currency and a pick that was not offered', async () => {
    const six = withShipping(false);
    six.shipping_options = Array.from({ length: 6 }, () => six.shipping_options![0]);
    await expect(stripe.checkout.sessions.create(six)).rejects.toMatchObject({ param: 'shipping_options' });
    const euro = withShipping(false);
    euro.shipping_options![0].shipping_rate_data!.fixed_amount!.currency = 'eur';
    await expect(stripe.checkout.sessions.create(euro)).rejects.toMatchObject({ statusCode: 400 });

    const session = await stripe.checkout.sessions.create(withShipping(false));
    const form = new URLSearchParams(payForm);
    form.set('shipping_rate', 'shr_not_offered');
    const response = await postPay(session.id, form);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Choose one of the shipping options.');
  });
});
