import { CART_COLLECTIONS } from '../../domain/cart/index.js';
import { canMoveOrder, pendingOrder } from '../../domain/order/index.js';
import type {
  Order,
  OrderAmounts,
  OrderItem,
  OrderStatus,
  ShippingMethod,
  ShippingRecipient,
} from '../../schemas/order.js';
import type { FullDocumentStore } from '../store/index.js';
import { readOrder, updateOrder, writeOrder } from './order-documents.js';
import { takeOrderNumber } from './order-number.js';

// An order from checkout to payment (docs/rules.md#money-at-checkout, docs/rules.md#only-what-can-ship-is-sold): the API records it pending when it
// opens the Stripe session; the worker marks it paid, failed or expired from Stripe's events. Each
// change runs in a store transaction and is a no-op when already done, so duplicated, concurrent
// or retried jobs change an order once.

export interface Transition {
  order: Order;
  /** False when the order already had this state (a repeated or late event). */
  changed: boolean;
}

/** Where the checkout came from, as the API put it in the session's metadata. */
export interface CheckoutOrigin {
  sessionId: string;
  metadata: Record<string, string>;
}

/** What Stripe charged for a paid session, read back by the worker. */
export interface PaidCheckout {
  items: OrderItem[];
  totalPrice: number;
  email: string | null;
  shipping: ShippingRecipient | null;
  /** What Stripe charged: subtotal, shipping, tax and total. */
  amounts: OrderAmounts;
  /** The option the shopper paid for; null for a session offered no shipping options. */
  shippingMethod: ShippingMethod | null;
  /**
   * Paid in another currency than USD (docs/rules.md#local-prices): the rate the session was
   * priced at (units per USD) and the amounts' US-dollar equivalent at that rate, for reports.
   */
  local?: { exchangeRate: number; amountsUsd: OrderAmounts };
}

/**
 * Stores the order, with the next order number, unless one with its id exists (a concurrent
 * checkout of the same cart); returns the stored one.
 */
export async function recordPendingOrder(store: FullDocumentStore, order: Order): Promise<Order> {
  const number = await takeOrderNumber(store);
  return store.transaction(async (tx) => {
    const existing = await readOrder(tx, order.id);
    if (existing) return existing;
    const numbered: Order = { ...order, number };
    writeOrder(tx, numbered);
    return numbered;
  });
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

/** The discount code the API put in the session's metadata (docs/rules.md#what-a-merch-shopper-expects). */
const discountCodeOf = (origin: CheckoutOrigin) => origin.metadata.discountCode || null;

/** Step markOrderPaid: items and totals as Stripe charged them. Null for a session that is not ours. */
export async function markOrderPaid(
  store: FullDocumentStore,
  orderId: string,
  origin: CheckoutOrigin,
  paid: PaidCheckout,
): Promise<Transition | null> {
  // A recovered order (its checkout write was lost) still gets a number for the shopper; it is
  // taken before the transaction (order-number.ts), and only when the order has none yet.
  const known = await readOrder(store, orderId);
  const spareNumber = known?.number ? null : await takeOrderNumber(store);
  return store.transaction(async (tx) => {
    const now = new Date().toISOString();
    const order = (await readOrder(tx, orderId)) ?? orderFromOrigin(orderId, origin, now);
    // An order changes only through its own session (docs/rules.md#only-what-can-ship-is-sold).
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
      currency: paid.amounts.currency,
      ...(paid.local ? { exchangeRate: paid.local.exchangeRate, amountsUsd: paid.local.amountsUsd } : {}),
      shippingMethod: paid.shippingMethod,
      discountCode: order.discountCode ?? discountCodeOf(origin),
      paidAt: now,
      updatedAt: now,
    };
    writeOrder(tx, updated);
    return { order: updated, changed: true };
  });
}

/** A failed delayed payment or an expired session; a paid or shipped order never moves back. */
export async function closeOrder(
  store: FullDocumentStore,
  orderId: string,
  sessionId: string,
  status: Extract<OrderStatus, 'failed' | 'expired'>,
): Promise<Transition | null> {
  return store.transaction(async (tx) => {
    const order = await readOrder(tx, orderId);
    if (!order || order.sessionId !== sessionId) return null;
    if (!canMoveOrder(order.status, status)) return { order, changed: false };
    const updated: Order = { ...order, status, updatedAt: new Date().toISOString() };
    updateOrder(tx, orderId, { status, updatedAt: updated.updatedAt });
    return { order: updated, changed: true };
  });
}
