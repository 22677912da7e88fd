import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDERS_COLLECTION, orderSchema, type Order } from '@shop/shared/schemas';
import { JOBS } from '@shop/shared/server/queues';
import type { ShopEvent } from '@shop/shared/server/events';
import { markOrderShipped } from '../../src/services/orders/index.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// markOrderShipped, as the Printful webhook calls it on package_shipped.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

async function storeOrder(status: Order['status']): Promise<Order> {
  const now = new Date().toISOString();
  const order: Order = {
    id: `ord_${randomUUID().replace(/-/g, '').slice(0, 20)}`,
    status,
    sessionId: `cs_test_${randomUUID().replace(/-/g, '')}`,
    items: [
      {
        lineId: 'l1',
        productId: 'p1',
        name: 'Tee',
        variantName: 'Tee / M',
        size: 'M',
        color: 'Black',
        quantity: 1,
        unitPrice: 24.99,
        imageUrl: null,
        syncVariantId: 1,
        catalogVariantId: 2,
      },
    ],
    totalPrice: 24.99,
    currency: 'USD',
    owner: { kind: 'guest', id: 'guest-x' },
    cart: { collection: 'guest-carts', id: 'guest-x', revision: 1 },
    createdAt: now,
    updatedAt: now,
    paidAt: status === 'paid' ? now : null,
    customerEmail: 'ada@example.com',
    shipping: null,
    fulfilment: { provider: 'printful', orderId: 100000001, status: 'pending' },
    steps: { cartCleared: true, confirmationQueued: true, shippedNoticeQueued: false },
  };
  await t.store.set(ORDERS_COLLECTION, order.id, order);
  return order;
}

const tracking = {
  carrier: 'USPS',
  number: '9400100000000000000000',
  url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000',
};

describe('markOrderShipped', () => {
  it('stores the tracking, marks the order shipped, queues one e-mail and shows it on the status page', async () => {
    const order = await storeOrder('paid');
    const published: ShopEvent[] = [];
    const notifier = {
      notifications: t.app.queues.notifications,
      publish: async (e: ShopEvent) => void published.push(e),
    };

    const shipped = await markOrderShipped(
      t.store,
      { printfulOrderExternalId: order.id, tracking, fulfilmentStatus: 'fulfilled' },
      notifier,
    );
    expect(shipped).toMatchObject({
      status: 'shipped',
      fulfilment: { status: 'fulfilled', tracking: { number: tracking.number } },
    });
    // Printful retries its delivery: nothing more happens.
    await markOrderShipped(t.store, { orderId: order.id, tracking }, notifier);

    const stored = orderSchema.parse(await t.store.get(ORDERS_COLLECTION, order.id));
    expect(stored.steps.shippedNoticeQueued).toBe(true);
    const job = await t.app.queues.notifications.getJob(`order-shipped-${order.id}`);
    expect(job?.name).toBe(JOBS.notifications.orderShipped);
    expect(job?.data).toEqual({ orderId: order.id });
    const queued = await t.app.queues.notifications.getJobs(['waiting', 'delayed', 'prioritized']);
    expect(queued.filter((j) => j?.data?.orderId === order.id)).toHaveLength(1);
    expect(published).toEqual([{ type: 'order.updated', orderId: order.id, status: 'shipped' }]);

    const status = await t.app.inject({ method: 'GET', url: `/api/orders/by-session/${order.sessionId}` });
    expect(status.json()).toMatchObject({
      status: 'shipped',
      fulfilment: { provider: 'printful', orderId: 100000001, tracking },
    });
  });

  it('leaves an order that was never paid as it is', async () => {
    const order = await storeOrder('pending');
    const result = await markOrderShipped(
      t.store,
      { orderId: order.id, tracking },
      { notifications: t.app.queues.notifications },
    );
    expect(result?.status).toBe('pending');
    expect(await t.app.queues.notifications.getJob(`order-shipped-${order.id}`)).toBeUndefined();
  });

  it('answers null for an order that is not ours', async () => {
    expect(
      await markOrderShipped(
        t.store,
        { printfulOrderExternalId: 'ord_unknown', tracking },
        { notifications: t.app.queues.notifications },
      ),
    ).toBeNull();
  });
});
