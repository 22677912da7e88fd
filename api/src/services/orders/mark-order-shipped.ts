import type { Queue } from 'bullmq';
import { AppError, MESSAGES } from '@shop/shared';
import { ORDER_JOB_OPTIONS, canMoveOrder, shippedEmailJobId } from '@shop/shared/domain/order';
import {
  ORDERS_COLLECTION,
  orderSchema,
  type Order,
  type OrderNotificationJobData,
  type Tracking,
} from '@shop/shared/schemas';
import type { ShopEvent } from '@shop/shared/server/events';
import { JOBS } from '@shop/shared/server/queues';
import type { DocumentStore } from '@shop/shared/server/store';

// Printful's `package_shipped` (routed by the Printful webhook) lands here: the order keeps the
// tracking details, becomes shipped, and the shopper is told once. Printful retries a delivery
// until it gets a 200, so every part is safe to repeat.

/** Our order id is the Printful order's external_id, so either names the order. */
export type ShippedOrderRef = { orderId: string } | { printfulOrderExternalId: string };

export type ShipmentInput = ShippedOrderRef & {
  tracking: { carrier: string | null; number: string; url: string | null; shippedAt?: string };
  /** Printful's order status after the shipment (e.g. fulfilled, partial); default `shipped`. */
  fulfilmentStatus?: string;
};

export interface ShippingNotifier {
  notifications: Pick<Queue, 'add'>;
  publish?: (event: ShopEvent) => Promise<void>;
}

/**
 * Returns the updated order, or null when no order has that id (an order placed in Printful by
 * hand, say). An order that was never paid is returned unchanged: only paid orders are sent to
 * Printful, so such a shipment is not ours to announce.
 */
export async function markOrderShipped(
  store: DocumentStore,
  input: ShipmentInput,
  notifier: ShippingNotifier,
): Promise<Order | null> {
  const orderId = 'orderId' in input ? input.orderId : input.printfulOrderExternalId;
  const tracking: Tracking = {
    carrier: input.tracking.carrier,
    number: input.tracking.number,
    url: input.tracking.url,
    shippedAt: input.tracking.shippedAt ?? new Date().toISOString(),
  };

  const result = await store.transaction(async (tx) => {
    const data = await tx.get(ORDERS_COLLECTION, orderId);
    if (!data) return null;
    const order = orderSchema.parse(data);
    if (order.status !== 'shipped' && !canMoveOrder(order.status, 'shipped')) return { order, changed: false };
    const updated: Order = {
      ...order,
      status: 'shipped',
      updatedAt: new Date().toISOString(),
      fulfilment: { ...order.fulfilment, status: input.fulfilmentStatus ?? 'shipped', tracking },
    };
    tx.set(ORDERS_COLLECTION, orderId, updated);
    return { order: updated, changed: order.status !== 'shipped' };
  });
  if (!result) return null;
  const { order, changed } = result;
  if (order.status !== 'shipped') return order;

  if (!order.steps.shippedNoticeQueued) {
    const data: OrderNotificationJobData = { orderId };
    try {
      await notifier.notifications.add(JOBS.notifications.orderShipped, data, {
        ...ORDER_JOB_OPTIONS,
        jobId: shippedEmailJobId(orderId),
      });
    } catch {
      // The shipment is stored; the provider's retry of this delivery queues the e-mail.
      throw new AppError('unavailable', MESSAGES.queueUnavailable);
    }
    await store.transaction(async (tx) => {
      const latest = orderSchema.parse(await tx.get(ORDERS_COLLECTION, orderId));
      tx.update(ORDERS_COLLECTION, orderId, { steps: { ...latest.steps, shippedNoticeQueued: true } });
    });
  }
  // Live updates are a convenience: a lost one must not make Printful redeliver a stored shipment.
  if (changed)
    await notifier.publish?.({ type: 'order.updated', orderId, status: order.status }).catch(() => undefined);
  return { ...order, steps: { ...order.steps, shippedNoticeQueued: true } };
}
