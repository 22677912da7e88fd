import { orderSchema, type Order, type OrderStatus } from '../../schemas/order.js';
import { COLLECTIONS } from '../collections/index.js';
import type { DocumentStore } from '../store/index.js';

// Reads of the `orders` collection used by both sides: the worker finds the order a Stripe
// payment belongs to, the API lists a shopper's or the studio's orders.

export async function findOrderBySessionId(store: DocumentStore, sessionId: string): Promise<Order | null> {
  const page = await store.query(COLLECTIONS.orders, { where: [['sessionId', '==', sessionId]], limit: 1 });
  return page.docs.length ? orderSchema.parse(page.docs[0].data) : null;
}

/** A signed-in shopper's orders, newest first. */
export async function listOrdersOfUser(store: DocumentStore, uid: string, limit = 100): Promise<Order[]> {
  const page = await store.query(COLLECTIONS.orders, {
    where: [
      ['owner.kind', '==', 'user'],
      ['owner.id', '==', uid],
    ],
    orderBy: [{ field: 'createdAt', direction: 'desc' }],
    limit,
  });
  return page.docs.map((d) => orderSchema.parse(d.data));
}

/** Every order (or those of one status), newest first. */
export async function listOrders(
  store: DocumentStore,
  options: { status?: OrderStatus; limit: number },
): Promise<Order[]> {
  const page = await store.query(COLLECTIONS.orders, {
    where: options.status ? [['status', '==', options.status]] : [],
    orderBy: [{ field: 'createdAt', direction: 'desc' }],
    limit: options.limit,
  });
  return page.docs.map((d) => orderSchema.parse(d.data));
}
