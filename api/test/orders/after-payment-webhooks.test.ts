import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS } from '@shop/shared/server/queues';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { signedEvent } from '../checkout/checkout-fixtures.js';

// The API's half of what happens after payment (docs/rules.md#after-payment): Stripe refund and dispute
// events and Printful order webhooks are verified, recorded once in webhookEvents and queued on
// `orders` for the worker, which makes every change after checkout's pending order; every delivery is answered 2xx.

const TOKEN = 'printful-hook-token-after-payment';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ PRINTFUL_WEBHOOK_TOKEN: TOKEN });
});
afterAll(() => t?.close());

const stripe = (payload: string, signature: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });

let created = 1_760_000_000;
const printful = (type: string, data: Record<string, unknown>, at = ++created) =>
  t.app.inject({
    method: 'POST',
    url: `/api/webhooks/printful/${TOKEN}`,
    payload: { type, created: at, retries: 0, store: 12_345_678, data },
  });

const printfulOrder = (externalId: string | null) => ({ id: 100_000_001, external_id: externalId, status: 'onhold' });

describe('Stripe refund and dispute events', () => {
  it.each([
    ['charge.refunded', { id: 'ch_test_1', object: 'charge', payment_intent: 'pi_test_1', amount_refunded: 500 }],
    ['refund.created', { id: 're_test_1', object: 'refund', payment_intent: 'pi_test_1', amount: 500 }],
    ['refund.updated', { id: 're_test_1', object: 'refund', payment_intent: 'pi_test_1', status: 'failed' }],
    ['charge.dispute.created', { id: 'dp_test_1', object: 'dispute', payment_intent: 'pi_test_1', amount: 2499 }],
  ])('%s is recorded once and queued with only the ids to ask Stripe about', async (type, object) => {
    const event = signedEvent(type, object, t.config.STRIPE_WEBHOOK_SECRET);
    const answers = await Promise.all(Array.from({ length: 5 }, () => stripe(event.payload, event.signature)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.json().outcome === 'queued')).toHaveLength(1);

    const job = await t.app.queues.orders.getJob(`stripe-${event.id}`);
    expect(job?.name).toBe(JOBS.orders.paymentEvent);
    expect(job?.data).toEqual({
      eventId: event.id,
      eventType: type,
      objectId: object.id,
      paymentIntent: 'pi_test_1',
      eventCreated: expect.any(Number),
    });
    expect(await t.store.get('webhookEvents', event.id)).toMatchObject({
      type,
      objectId: object.id,
      outcome: 'queued',
    });
  });

  it('refuses a refund event not signed with the endpoint secret', async () => {
    const event = signedEvent('charge.refunded', { id: 'ch_test_2', payment_intent: 'pi_x' }, 'whsec_not_ours_at_all');
    expect((await stripe(event.payload, event.signature)).statusCode).toBe(400);
    expect(await t.app.queues.orders.getJob(`stripe-${event.id}`)).toBeUndefined();
  });
});

describe('Printful order webhooks', () => {
  it.each(['order_failed', 'order_canceled', 'order_put_hold', 'order_remove_hold'])(
    '%s is queued for the worker with Printful reason',
    async (type) => {
      const res = await printful(type, { reason: 'Address needs checking', order: printfulOrder('ord_apx1') });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ received: true, outcome: 'order-queued' });
      const job = await t.app.queues.orders.getJob(res.json().jobId);
      expect(job?.name).toBe(JOBS.orders.printfulEvent);
      expect(job?.data).toMatchObject({
        type,
        externalId: 'ord_apx1',
        printfulOrderId: 100_000_001,
        printfulStatus: 'onhold',
        reason: 'Address needs checking',
        shipment: null,
      });
    },
  );

  it('package_returned carries the shipment and the reason; a replay is a duplicate and adds no job', async () => {
    const data = {
      reason: 'Returned: address unknown',
      shipment: { id: 77, carrier: 'USPS', tracking_number: '9400', tracking_url: 'https://t.example/9400' },
      order: printfulOrder('ord_apx2'),
    };
    const at = ++created;
    const first = await printful('package_returned', data, at);
    const again = await printful('package_returned', data, at);
    expect(first.json().outcome).toBe('order-queued');
    expect(again.json()).toEqual({ received: true, outcome: 'duplicate' });
    const job = await t.app.queues.orders.getJob(first.json().jobId);
    expect(job?.data).toMatchObject({ reason: 'Returned: address unknown', shipment: { number: '9400' } });
  });

  it('drops a javascript: tracking link before it reaches the queue', async () => {
    const res = await printful('package_shipped', {
      shipment: { id: 78, tracking_number: '1Z', tracking_url: 'javascript:alert(1)' },
      order: printfulOrder('ord_apx3'),
    });
    expect((await t.app.queues.orders.getJob(res.json().jobId))?.data.shipment).toMatchObject({
      number: '1Z',
      url: null,
    });
  });

  it('an order without our external_id is acknowledged and ignored; a malformed one is a 400', async () => {
    expect((await printful('order_failed', { reason: 'x', order: printfulOrder(null) })).json()).toEqual({
      received: true,
      outcome: 'ignored',
    });
    const bad = await printful('order_failed', { reason: 'x', order: 'not an order' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('invalid-argument');
  });
});
