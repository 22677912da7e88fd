import { orderStatusSchema, type Order, type OrderStatus } from '../../schemas/order.js';
import { COLLECTIONS, parseDoc, queryDocs, scanDocs } from '../collections/index.js';
import { scanCollection, type FullDocumentStore } from '../store/index.js';
import { orderExists } from './order-documents.js';
import { orderAttention, type OrderAttention } from '../../domain/order/order-attention.js';

// Reads of the `orders` collection used by both sides: the worker finds the order a Stripe
// payment belongs to, the API lists a shopper's or the studio's orders. A lookup of one order
// throws on a document no order schema accepts; a list leaves such a document out.

async function firstOrder(store: FullDocumentStore, where: [field: string, value: string]): Promise<Order | null> {
  const page = await store.query(COLLECTIONS.orders, { where: [[where[0], '==', where[1]]], limit: 1 });
  return page.docs.length ? parseDoc(COLLECTIONS.orders, page.docs[0].data) : null;
}

/** The order whose stored session id is this Stripe Checkout Session's, if any. */
export async function findOrderBySessionId(store: FullDocumentStore, sessionId: string): Promise<Order | null> {
  return firstOrder(store, ['sessionId', sessionId]);
}

/**
 * Which order a Stripe session may change (docs/rules.md#only-what-can-ship-is-sold): the order whose stored session id is
 * this session, whatever order id the event or the session's metadata name. The only other case
 * is the lost-write recovery: a session the API created (its metadata names `namedOrderId`) whose
 * pending order was never stored; that id is free, so recording it there harms no other order.
 */
export async function orderIdOfSession(
  store: FullDocumentStore,
  sessionId: string,
  namedOrderId: string | undefined,
): Promise<string | null> {
  const order = await findOrderBySessionId(store, sessionId);
  if (order) return order.id;
  if (!namedOrderId) return null;
  return (await orderExists(store, namedOrderId)) ? null : namedOrderId;
}

/** The order with this human number (CS-10042), if any. */
export async function findOrderByNumber(store: FullDocumentStore, number: string): Promise<Order | null> {
  return firstOrder(store, ['number', number]);
}

/** How many orders have this status (the metrics' gauge). */
export async function countOrdersWithStatus(store: FullDocumentStore, status: OrderStatus): Promise<number> {
  let count = 0;
  await scanCollection(store, COLLECTIONS.orders, () => (count += 1), { where: [['status', '==', status]] });
  return count;
}

/**
 * How many orders carrying this discount code are in one of `statuses` (a code's redemptions are
 * counted from the orders, so nothing every checkout writes is shared). An unreadable status counts
 * as none.
 */
export async function countOrdersWithCode(
  store: FullDocumentStore,
  code: string,
  statuses: readonly OrderStatus[],
): Promise<number> {
  let count = 0;
  await scanCollection(
    store,
    COLLECTIONS.orders,
    (doc) => {
      const status = orderStatusSchema.safeParse(doc.data.status);
      if (status.success && statuses.includes(status.data)) count += 1;
    },
    { where: [['discountCode', '==', code]] },
  );
  return count;
}

/** Orders still waiting for payment with this discount code: the checkouts that may yet redeem it. */
export async function pendingOrdersWithCode(store: FullDocumentStore, code: string): Promise<Order[]> {
  const orders: Order[] = [];
  await scanDocs(store, COLLECTIONS.orders, (doc) => orders.push(doc.data), {
    where: [
      ['discountCode', '==', code],
      ['status', '==', 'pending'],
    ],
  });
  return orders;
}

/** A signed-in shopper's orders, newest first. */
export async function listOrdersOfUser(store: FullDocumentStore, uid: string, limit = 100): Promise<Order[]> {
  const page = await queryDocs(store, COLLECTIONS.orders, {
    where: [
      ['owner.kind', '==', 'user'],
      ['owner.id', '==', uid],
    ],
    orderBy: [{ field: 'createdAt', direction: 'desc' }],
    limit,
  });
  return page.docs.map((d) => d.data);
}

/** Every order (or those of one status), newest first. */
export async function listOrders(
  store: FullDocumentStore,
  options: { status?: OrderStatus; limit: number },
): Promise<Order[]> {
  const page = await queryDocs(store, COLLECTIONS.orders, {
    where: options.status ? [['status', '==', options.status]] : [],
    orderBy: [{ field: 'createdAt', direction: 'desc' }],
    limit: options.limit,
  });
  return page.docs.map((d) => d.data);
}

/** Whether an order's number, e-mail or ship-to name contains `q`, ignoring case. */
export function orderMatches(order: Order, q: string): boolean {
  const needle = q.trim().toLowerCase();
  if (!needle) return true;
  return [order.number, order.customerEmail, order.shipping?.name, order.shipping?.email, order.id].some(
    (field) => typeof field === 'string' && field.toLowerCase().includes(needle),
  );
}

/**
 * The studio's order search: every order (or those of one status, or waiting on the studio for
 * one thing) whose number, e-mail or name matches, newest first. The store has no substring index, so the orders are scanned page by page
 * (a studio's shop has thousands, not millions).
 */
export async function searchOrders(
  store: FullDocumentStore,
  options: {
    status?: OrderStatus;
    attention?: OrderAttention;
    /** Keeps only the orders this accepts (the studio's date range). */
    placed?: (order: Order) => boolean;
    q: string;
    limit: number;
  },
): Promise<Order[]> {
  const found: Order[] = [];
  await scanDocs(
    store,
    COLLECTIONS.orders,
    ({ data: order }) => {
      if (options.attention && orderAttention(order) !== options.attention) return;
      if (options.placed && !options.placed(order)) return;
      if (orderMatches(order, options.q)) found.push(order);
    },
    options.status ? { where: [['status', '==', options.status]] } : {},
  );
  return found.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, options.limit);
}

/** Every order paid from `fromIso` (inclusive) to `toIso` (exclusive), for the sales report. */
export async function ordersPaidBetween(store: FullDocumentStore, fromIso: string, toIso: string): Promise<Order[]> {
  const found: Order[] = [];
  await scanDocs(store, COLLECTIONS.orders, ({ data: order }) => {
    if (order.paidAt && order.paidAt >= fromIso && order.paidAt < toIso) found.push(order);
  });
  return found;
}

/**
 * Every readable order, page by page, for the studio's figures and customer pages (the admin home's
 * counts, who bought what); an order no schema accepts is left out.
 */
export async function forEachOrder(store: FullDocumentStore, visit: (order: Order) => void): Promise<void> {
  await scanDocs(store, COLLECTIONS.orders, ({ data }) => visit(data));
}
