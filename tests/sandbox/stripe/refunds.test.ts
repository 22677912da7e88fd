import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHIPPING } from './hosted-page.js';
import { sandboxSdk } from './sdk-client.js';
import { startStripeSandbox, type StripeSandbox } from './server.js';

// Refunds and disputes in the Stripe sandbox, driven by the official SDK as the worker drives it,
// with the signed events Stripe would send (docs/providers.md#stripe-checkout-sessions, docs/providers.md#stripe-refunds-and-disputes).

const SECRET = 'whsec_sandbox_refund_secret';
let sandbox: StripeSandbox;
let stripe: Stripe;
let receiver: Server;
const received: Stripe.Event[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      // Only what verifies against the endpoint secret counts, as in the API.
      received.push(
        Stripe.webhooks.constructEvent(Buffer.concat(chunks), String(request.headers['stripe-signature']), SECRET),
      );
      response.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  sandbox = await startStripeSandbox({ webhookUrl: url, webhookSecret: SECRET, payRetryDelaysMs: [] });
  stripe = sandboxSdk(sandbox);
});

afterAll(async () => {
  await sandbox?.close();
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});

async function paidSession(): Promise<Stripe.Checkout.Session> {
  const session = await stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [{ price_data: { currency: 'usd', unit_amount: 2500, product_data: { name: 'Tee' } }, quantity: 2 }],
    success_url: 'http://shop.test/success',
    shipping_address_collection: { allowed_countries: ['US'] },
  });
  const paid = await fetch(`${sandbox.url}/pay/${session.id}/pay`, {
    method: 'POST',
    body: new URLSearchParams({ ...DEMO_SHIPPING, payment_method: 'card' }),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  return stripe.checkout.sessions.retrieve(session.id);
}

const eventsAbout = (id: string) =>
  received.filter((e) => (e.data.object as { id: string; payment_intent?: string }).id === id);

describe('refunds', () => {
  it('a partial then the rest: signed refund.created and charge.refunded events, never more than was paid', async () => {
    const session = await paidSession();
    const intent = session.payment_intent as string;
    const first = await stripe.refunds.create({ payment_intent: intent, amount: 1000 });
    expect(first).toMatchObject({ object: 'refund', amount: 1000, status: 'succeeded', payment_intent: intent });
    await expect(stripe.refunds.create({ payment_intent: intent, amount: 4500 })).rejects.toMatchObject({
      statusCode: 400,
      code: 'amount_too_large',
    });
    const rest = await stripe.refunds.create({ payment_intent: intent });
    expect(rest.amount).toBe(4000);
    await expect(stripe.refunds.create({ payment_intent: intent })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });

    await expect.poll(() => eventsAbout(rest.id).map((e) => e.type)).toEqual(['refund.created']);
    const charge = await stripe.charges.retrieve(rest.charge as string);
    expect(charge).toMatchObject({ amount: 5000, amount_refunded: 5000, refunded: true, payment_intent: intent });
    await expect.poll(() => eventsAbout(charge.id).filter((e) => e.type === 'charge.refunded').length).toBe(2);

    const listed = await stripe.refunds.list({ payment_intent: intent });
    expect(listed.data.map((r) => r.id).sort()).toEqual([first.id, rest.id].sort());
    expect((await stripe.refunds.retrieve(first.id)).amount).toBe(1000);
    const sessions = await stripe.checkout.sessions.list({ payment_intent: intent });
    expect(sessions.data.map((s) => s.id)).toEqual([session.id]);
  });

  it('a refund the bank refuses later sends refund.updated', async () => {
    const session = await paidSession();
    const refund = await stripe.refunds.create({ payment_intent: session.payment_intent as string, amount: 500 });
    const control = await fetch(`${sandbox.url}/__sandbox/refunds/${refund.id}`, {
      method: 'POST',
      body: JSON.stringify({ status: 'failed', failureReason: 'expired_or_canceled_card' }),
    });
    expect(control.status).toBe(200);
    await expect
      .poll(() => eventsAbout(refund.id).find((e) => e.type === 'refund.updated')?.data.object)
      .toMatchObject({ status: 'failed', failure_reason: 'expired_or_canceled_card' });
  });

  it('refuses a refund of an unpaid or unknown payment', async () => {
    await expect(stripe.refunds.create({ payment_intent: 'pi_test_nothing' })).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});

describe('disputes', () => {
  it('the bank opens a dispute: charge.dispute.created, and the dispute can be read back', async () => {
    const session = await paidSession();
    const answer = await fetch(`${sandbox.url}/__sandbox/payment_intents/${session.payment_intent}/dispute`, {
      method: 'POST',
      body: JSON.stringify({ reason: 'fraudulent' }),
    });
    const dispute = (await answer.json()) as { id: string };
    await expect.poll(() => eventsAbout(dispute.id).map((e) => e.type)).toEqual(['charge.dispute.created']);
    expect(await stripe.disputes.retrieve(dispute.id)).toMatchObject({
      reason: 'fraudulent',
      status: 'needs_response',
      amount: 5000,
      payment_intent: session.payment_intent,
    });
  });
});
