import { orderSchema, type Order, type OrderStatusResponse } from '@shop/shared/schemas';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { takeOrderNumber } from '@shop/shared/server/orders';
import type { DocumentStore } from '@shop/shared/server/store';
import { shopperAddress } from './order-views.js';

// Orders in the document store (`orders/{orderId}`, DESIGN.md section 3), as the API reads and
// creates them. The worker moves them on through payment and fulfilment.

export async function readOrder(store: DocumentStore, orderId: string): Promise<Order | null> {
  const data = await store.get(COLLECTIONS.orders, orderId);
  return data ? orderSchema.parse(data) : null;
}

export async function findOrderBySession(store: DocumentStore, sessionId: string): Promise<Order | null> {
  const page = await store.query(COLLECTIONS.orders, { where: [['sessionId', '==', sessionId]], limit: 1 });
  return page.docs.length ? orderSchema.parse(page.docs[0].data) : null;
}

/** The order with this human number (CS-10042), if any. */
export async function findOrderByNumber(store: DocumentStore, number: string): Promise<Order | null> {
  const page = await store.query(COLLECTIONS.orders, { where: [['number', '==', number]], limit: 1 });
  return page.docs.length ? orderSchema.parse(page.docs[0].data) : null;
}

/**
 * Stores the order, with the next order number, unless one with its id exists (a concurrent
 * checkout of the same cart); returns the stored one.
 */
export async function recordPendingOrder(store: DocumentStore, order: Order): Promise<Order> {
  const number = await takeOrderNumber(store);
  return store.transaction(async (tx) => {
    const existing = await tx.get(COLLECTIONS.orders, order.id);
    if (existing) return orderSchema.parse(existing);
    const numbered: Order = { ...order, number };
    tx.set(COLLECTIONS.orders, order.id, orderSchema.parse(numbered));
    return numbered;
  });
}

/** What the confirmation page shows the browser that paid: the order, where it goes, where its e-mail went. */
export function orderStatusView(order: Order): OrderStatusResponse {
  const { tracking } = order.fulfilment;
  return {
    id: order.id,
    ...(order.number ? { number: order.number } : {}),
    status: order.status,
    items: order.items.map(({ syncVariantId: _s, catalogVariantId: _c, ...item }) => item),
    totalPrice: order.totalPrice,
    currency: order.currency,
    amounts: order.amounts ?? null,
    shippingMethod: order.shippingMethod ?? null,
    fulfilment: {
      provider: order.fulfilment.provider,
      orderId: order.fulfilment.orderId,
      status: order.fulfilment.status,
      ...(tracking ? { tracking: { carrier: tracking.carrier, number: tracking.number, url: tracking.url } } : {}),
    },
    email: order.customerEmail ?? order.shipping?.email ?? null,
    shippingAddress: shopperAddress(order),
    paidAt: order.paidAt,
  };
}
