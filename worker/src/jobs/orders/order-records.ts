import { CART_COLLECTIONS } from '@shop/shared/domain/cart';
import { canMoveOrder, pendingOrder } from '@shop/shared/domain/order';
import { orderSchema, type Fulfilment, type Order, type OrderStatus } from '@shop/shared/schemas';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { takeOrderNumber } from '@shop/shared/server/orders';
import type { DocumentStore } from '@shop/shared/server/store';
import type { PaidCheckout } from './checkout-session.js';

// Order state changes made by the fulfilment job. Each runs in a store transaction and is a
// no-op when already done, so duplicated, concurrent or retried jobs change an order once.

export interface Transition {
  order: Order;
  /** False when the order already had this state (a repeated or late event). */
  changed: boolean;
}

type Steps = Order['steps'];

/** Where the checkout came from, as the API put it in the session's metadata. */
export interface CheckoutOrigin {
  sessionId: string;
  metadata: Record<string, string>;
}

/**
 * The order as it would have been recorded at checkout, for a paid session whose pending order is
 * missing (the API answered the shopper but its write was lost). Null when the metadata is not
 * the API's, i.e. a session this shop did not create.
 */
function orderFromOrigin(orderId: string, origin: CheckoutOrigin, now: string): Order | null {
  const { cartCollection, cartId, cartRevision } = origin.metadata;
  if (
    (cartCollection !== CART_COLLECTIONS.user && cartCollection !== CART_COLLECTIONS.guest) ||
    !cartId ||
    !/^\d+$/.test(cartRevision ?? '')
  )
    return null;
  return pendingOrder({
    id: orderId,
    sessionId: origin.sessionId,
    items: [],
    totalPrice: 0,
    owner: { kind: cartCollection === CART_COLLECTIONS.user ? 'user' : 'guest', id: cartId },
    cart: { collection: cartCollection, id: cartId, revision: Number(cartRevision) },
    customerEmail: null,
    at: now,
  });
}

/** The discount code the API put in the session's metadata (DESIGN.md 13.2). */
const discountCodeOf = (origin: CheckoutOrigin) => origin.metadata.discountCode || null;

/** Step markOrderPaid: items and totals as Stripe charged them. Null for a session that is not ours. */
export async function markOrderPaid(
  store: DocumentStore,
  orderId: string,
  origin: CheckoutOrigin,
  paid: PaidCheckout,
): Promise<Transition | null> {
  // A recovered order (its checkout write was lost) still gets a number for the shopper; it is
  // taken before the transaction (order-number.ts), and only when the order has none yet.
  const known = await store.get(COLLECTIONS.orders, orderId);
  const spareNumber = known && orderSchema.parse(known).number ? null : await takeOrderNumber(store);
  return store.transaction(async (tx) => {
    const now = new Date().toISOString();
    const stored = await tx.get(COLLECTIONS.orders, orderId);
    const order = stored ? orderSchema.parse(stored) : orderFromOrigin(orderId, origin, now);
    // An order changes only through its own session (DESIGN.md 12.2).
    if (!order || order.sessionId !== origin.sessionId) return null;
    if (!canMoveOrder(order.status, 'paid')) return { order, changed: false };
    const number = order.number ?? spareNumber;
    const updated: Order = {
      ...order,
      ...(number ? { number } : {}),
      status: 'paid',
      items: paid.items,
      totalPrice: paid.totalPrice,
      customerEmail: paid.email ?? order.customerEmail,
      shipping: paid.shipping,
      amounts: paid.amounts,
      shippingMethod: paid.shippingMethod,
      discountCode: order.discountCode ?? discountCodeOf(origin),
      paidAt: now,
      updatedAt: now,
    };
    tx.set(COLLECTIONS.orders, orderId, orderSchema.parse(updated));
    return { order: updated, changed: true };
  });
}

/** A failed delayed payment or an expired session; a paid or shipped order never moves back. */
export async function closeOrder(
  store: DocumentStore,
  orderId: string,
  sessionId: string,
  status: Extract<OrderStatus, 'failed' | 'expired'>,
): Promise<Transition | null> {
  return store.transaction(async (tx) => {
    const stored = await tx.get(COLLECTIONS.orders, orderId);
    if (!stored) return null;
    const order = orderSchema.parse(stored);
    if (order.sessionId !== sessionId) return null;
    if (!canMoveOrder(order.status, status)) return { order, changed: false };
    const updated: Order = { ...order, status, updatedAt: new Date().toISOString() };
    tx.update(COLLECTIONS.orders, orderId, { status, updatedAt: updated.updatedAt });
    return { order: updated, changed: true };
  });
}

/** Records a done step on the order as it is now (other steps may have been recorded meanwhile). */
export async function markStepDone(store: DocumentStore, orderId: string, step: keyof Steps): Promise<void> {
  await store.transaction(async (tx) => {
    const order = orderSchema.parse(await tx.get(COLLECTIONS.orders, orderId));
    if (order.steps[step]) return;
    tx.update(COLLECTIONS.orders, orderId, {
      steps: { ...order.steps, [step]: true },
      updatedAt: new Date().toISOString(),
    });
  });
}

/** Printful's order id, status and cost (for the sales report); tracking recorded by a shipment is kept. */
export async function recordFulfilment(
  store: DocumentStore,
  orderId: string,
  printful: Pick<Fulfilment, 'orderId' | 'status' | 'cost'>,
): Promise<Order> {
  return store.transaction(async (tx) => {
    const order = orderSchema.parse(await tx.get(COLLECTIONS.orders, orderId));
    if (order.status === 'shipped') return order;
    const fulfilment: Fulfilment = {
      ...order.fulfilment,
      orderId: printful.orderId,
      status: printful.status,
      cost: printful.cost ?? order.fulfilment.cost ?? null,
    };
    const updated: Order = { ...order, fulfilment, updatedAt: new Date().toISOString() };
    tx.update(COLLECTIONS.orders, orderId, { fulfilment, updatedAt: updated.updatedAt });
    return updated;
  });
}
