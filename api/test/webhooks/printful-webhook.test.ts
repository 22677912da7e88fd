import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { orderSchema, type Order } from '@shop/shared/schemas';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { paidOrder } from '../../../tests/fixtures/paid-order.js';

// POST /api/webhooks/printful/:token: a secret path, v1 payloads validated, product events turned
// into an incremental sync of exactly those products, package_shipped recorded on the order.
const TOKEN = 'printful-hook-token-for-tests';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ PRINTFUL_WEBHOOK_TOKEN: TOKEN });
});
afterAll(() => t?.close());

let created = 1_700_000_000;
function delivery(type: string, data: Record<string, unknown>) {
  created += 1;
  return { type, created, retries: 0, store: 12345, data };
}
const post = (payload: unknown, token = TOKEN) =>
  t.app.inject({ method: 'POST', url: `/api/webhooks/printful/${token}`, payload: payload as object });

describe('the token', () => {
  it('a wrong token gets the same 404 as a route that does not exist', async () => {
    const wrong = await post(delivery('product_updated', { sync_product: { id: 1 } }), 'guessed-token');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/nothing-here/guessed-token',
      payload: {},
    });
    expect(wrong.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(wrong.json()).toEqual({
      error: { code: 'not-found', message: MESSAGES.routeNotFound('POST', '/api/webhooks/printful/guessed-token') },
    });
  });

  it('a wrong token is 404 even with an invalid body', async () => {
    const res = await post({ nonsense: true }, `${TOKEN}x`);
    expect(res.statusCode).toBe(404);
  });
});

describe('product events', () => {
  it.each(['product_updated', 'product_synced', 'product_deleted'])(
    '%s queues an incremental sync of that product',
    async (type) => {
      await t.app.queues.productSync.obliterate({ force: true });
      const res = await post(delivery(type, { sync_product: { id: 4242, external_id: 'x', name: 'Mug' } }));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true, outcome: 'sync-queued', jobId: expect.any(String) });
      const job = await t.app.queues.productSync.getJob(res.json().jobId);
      expect(job?.name).toBe('incremental');
      expect(job?.data).toEqual({ productIds: ['4242'] });
    },
  );

  it('a repeated delivery of the same event is acknowledged without queueing again', async () => {
    await t.app.queues.productSync.obliterate({ force: true });
    const event = delivery('product_updated', { sync_product: { id: 77 } });
    expect((await post(event)).json().outcome).toBe('sync-queued');
    await t.app.queues.productSync.obliterate({ force: true });
    const again = await post({ ...event, retries: 1 });
    expect(again.statusCode).toBe(200);
    expect(again.json().outcome).toBe('duplicate');
    expect(await t.app.queues.productSync.count()).toBe(0);
  });

  it('of two copies of a delivery arriving at once, one is handled and the other answered as a duplicate', async () => {
    const event = delivery('product_updated', { sync_product: { id: 78 } });
    const answers = await Promise.all([post(event), post({ ...event, retries: 1 })]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json().outcome).sort()).toEqual(['duplicate', 'sync-queued']);
  });

  it('refuses a product event without a product id with 400', async () => {
    const res = await post(delivery('product_updated', { sync_product: { name: 'no id' } }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('data.sync_product.id');
  });
});

describe('payload validation and other events', () => {
  it.each([
    [{ type: 'product_updated' }, 'created'],
    [{ type: 'product_updated', created: 'yesterday', retries: 0, store: 1, data: {} }, 'created'],
  ])('refuses %j with 400 naming the field', async (payload, field) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid-argument');
    expect(res.json().error.message).toContain(field);
  });

  it('acknowledges events it does not act on', async () => {
    const res = await post(delivery('stock_updated', { product_id: 1, variant_stock: { out: [], discontinued: [] } }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'ignored' });
  });
});

describe('package_shipped', () => {
  const order: Order = orderSchema.parse(
    paidOrder({ id: 'order-ship-1', fulfilment: { provider: 'printful', orderId: 9911, status: 'pending' } }),
  );
  const shipped = (externalId: string | null) =>
    delivery('package_shipped', {
      shipment: {
        id: 5,
        carrier: 'USPS',
        service: 'First Class',
        tracking_number: '9400111',
        tracking_url: 'https://track.example/9400111',
        shipped_at: 1_700_000_500,
      },
      order: { id: 9911, external_id: externalId, status: 'fulfilled' },
    });

  it('hands the shipment to the worker on the orders queue, leaving the order to it', async () => {
    await t.store.set('orders', order.id, order);
    const res = await post(shipped(order.id));
    expect(res.json()).toMatchObject({ received: true, outcome: 'order-queued' });
    const job = await t.app.queues.orders.getJob(res.json().jobId);
    expect(job?.data).toMatchObject({
      type: 'package_shipped',
      externalId: order.id,
      printfulOrderId: 9911,
      shipment: {
        carrier: 'USPS',
        number: '9400111',
        url: 'https://track.example/9400111',
        shippedAt: new Date(1_700_000_500_000).toISOString(),
      },
    });
    // The webhook's request writes no order: the worker's job applies the event.
    expect(orderSchema.parse(await t.store.get('orders', order.id)).status).toBe('paid');
  });

  it('acknowledges a shipment of an order this shop does not know', async () => {
    // Whether the order is ours is the worker's to find out; the delivery is acknowledged either way.
    expect((await post(shipped('order-from-elsewhere'))).json().outcome).toBe('order-queued');
    expect((await post(shipped(null))).json().outcome).toBe('ignored');
  });

  it("refuses an order event without Printful's order id with 400, queueing nothing", async () => {
    await t.app.queues.orders.obliterate({ force: true });
    const res = await post(
      delivery('order_canceled', { reason: 'Canceled', order: { external_id: order.id, status: 'canceled' } }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'invalid-argument',
      message: 'Invalid order_canceled payload: data.order.id: Required',
    });
    expect(await t.app.queues.orders.count()).toBe(0);
  });
});
