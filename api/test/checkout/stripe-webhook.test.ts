import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS } from '@shop/shared/server/queues';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { signedEvent, type SignedEvent } from './checkout-fixtures.js';

// POST /api/webhooks/stripe: signature check, one record per event, one job per event.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const session = (id: string) => ({
  id,
  object: 'checkout.session',
  status: 'complete',
  payment_status: 'paid',
  metadata: { orderId: 'ord_test' },
});

function deliver(event: Pick<SignedEvent, 'payload' | 'signature'>, contentType = 'application/json; charset=utf-8') {
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': contentType, 'stripe-signature': event.signature },
    payload: event.payload,
  });
}

async function recorded(eventId: string) {
  return t.store.get('webhookEvents', eventId);
}

describe('POST /api/webhooks/stripe', () => {
  it('queues a checkout-completed job for a signed checkout.session.completed event', async () => {
    const event = signedEvent(
      'checkout.session.completed',
      session('cs_test_webhook0000001'),
      t.config.STRIPE_WEBHOOK_SECRET,
    );
    const response = await deliver(event);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'queued' });

    const job = await t.app.queues.orders.getJob(`stripe-${event.id}`);
    expect(job?.name).toBe(JOBS.orders.checkoutCompleted);
    expect(job?.data).toMatchObject({ eventId: event.id, sessionId: 'cs_test_webhook0000001', orderId: 'ord_test' });
    expect(job?.opts.attempts).toBe(5);
    expect(job?.opts.backoff).toEqual({ type: 'exponential', delay: 2000 });
    expect(await recorded(event.id)).toMatchObject({ type: 'checkout.session.completed', outcome: 'queued' });
  });

  it.each([
    ['checkout.session.async_payment_succeeded', JOBS.orders.checkoutAsyncSucceeded],
    ['checkout.session.async_payment_failed', JOBS.orders.checkoutFailed],
    ['checkout.session.expired', JOBS.orders.checkoutExpired],
  ])('names the job for %s after the event', async (type, jobName) => {
    const event = signedEvent(type, session('cs_test_webhook0000002'), t.config.STRIPE_WEBHOOK_SECRET);
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await t.app.queues.orders.getJob(`stripe-${event.id}`))?.name).toBe(jobName);
  });

  it('refuses a bad signature with 400 and records nothing', async () => {
    const event = signedEvent('checkout.session.completed', session('cs_test_webhook0000003'), 'whsec_someone_else');
    const response = await deliver(event);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid-argument');
    expect(await recorded(event.id)).toBeNull();
    expect(await t.app.queues.orders.getJob(`stripe-${event.id}`)).toBeUndefined();
  });

  it('refuses a body changed after signing, and a missing signature', async () => {
    const event = signedEvent(
      'checkout.session.completed',
      session('cs_test_webhook0000004'),
      t.config.STRIPE_WEBHOOK_SECRET,
    );
    const tampered = await deliver({ ...event, payload: event.payload.replace('"paid"', '"unpaid"') });
    expect(tampered.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: event.payload,
    });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().error).toEqual({ code: 'invalid-argument', message: 'Missing Stripe-Signature header' });
    expect(await recorded(event.id)).toBeNull();
  });

  it('turns the same event delivered 10 times at once into one record and one job', async () => {
    const event = signedEvent(
      'checkout.session.completed',
      session('cs_test_webhook0000005'),
      t.config.STRIPE_WEBHOOK_SECRET,
    );
    const before = await t.app.queues.orders.getJobCountByTypes('waiting', 'delayed', 'prioritized');
    const responses = await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const outcomes = responses.map((r) => r.json().outcome);
    expect(outcomes.filter((o) => o === 'queued')).toHaveLength(1);

    const after = await t.app.queues.orders.getJobCountByTypes('waiting', 'delayed', 'prioritized');
    expect(after - before).toBe(1);
    const page = await t.store.query('webhookEvents', { where: [['id', '==', event.id]] });
    expect(page.docs).toHaveLength(1);
  });

  it('records an event type it does not handle and answers 200 without a job', async () => {
    const event = signedEvent(
      'payment_intent.created',
      { id: 'pi_test_1', object: 'payment_intent' },
      t.config.STRIPE_WEBHOOK_SECRET,
    );
    const response = await deliver(event);
    expect(response.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await t.app.queues.orders.getJob(`stripe-${event.id}`)).toBeUndefined();
    expect(await recorded(event.id)).toMatchObject({ outcome: 'ignored' });
  });

  it("answers 503 while Redis is unreachable without recording the event, so that Stripe's retry is processed", async () => {
    const event = signedEvent(
      'checkout.session.completed',
      session('cs_test_webhook0000006'),
      t.config.STRIPE_WEBHOOK_SECRET,
    );
    t.app.redis.disconnect();
    await expect.poll(() => t.app.redis.status).toBe('end');
    try {
      const response = await deliver(event);
      expect(response.statusCode).toBe(503);
      expect(response.json().error.code).toBe('unavailable');
      expect(await recorded(event.id)).toBeNull();
    } finally {
      await t.app.redis.connect();
      await expect.poll(() => t.app.redis.status).toBe('ready');
    }
    const retry = await deliver(event);
    expect(retry.json()).toEqual({ received: true, outcome: 'queued' });
    expect(await t.app.queues.orders.getJob(`stripe-${event.id}`)).toBeDefined();
  });
});
