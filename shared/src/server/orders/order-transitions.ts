import {
  appendOrderEvent,
  canMoveOrder,
  fulfilmentStatusAfter,
  isFullyRefunded,
  lastAppliedPrintfulEvent,
  NOT_APPLIED,
  refundCount,
  safeTrackingUrl,
  wasApplied,
} from '../../domain/order/index.js';
import { printfulEventTime } from '../../providers/printful/order-check.js';
import { orderIdOfPrintfulExternalId, printfulExternalIdOf } from '../../providers/printful/external-id.js';
import type { Fulfilment, Order, OrderEvent, OrderRefund } from '../../schemas/order.js';
import type { PrintfulOrderEventJobData } from '../../schemas/order-events.js';
import type { FullDocumentStore } from '../store/index.js';
import { readOrder, writeOrder as write } from './order-documents.js';

// The order state changes after payment (docs/rules.md#after-payment), applied by the worker's jobs. Providers
// deliver late, twice and out of order, so each change runs in one store transaction, appends the
// provider event to the order's history once (by its event id), and never moves an order back:
// a refunded order stays refunded, a shipped one stays shipped, and a Printful event older than
// the last one applied is recorded without changing the fulfilment.

export type EventOutcome = 'applied' | 'not-applied';

export interface EventResult {
  /** Null when no order has that id (an order this shop did not place). */
  order: Order | null;
  outcome: EventOutcome;
  /** False for a repeated delivery: the event was already in the order's history. */
  firstTime: boolean;
  /** Whether the order's status changed. */
  statusChanged: boolean;
}

const PAID_STATUSES = new Set(['paid', 'shipped', 'refunded']);

function seen(order: Order, source: OrderEvent['source'], eventId: string): OrderEvent | undefined {
  return order.events?.find((e) => e.source === source && e.eventId === eventId);
}

/** The time of the newest Printful event that changed the fulfilment. */
function lastAppliedPrintfulAt(order: Order): string | null {
  // Capped at now too, so an event recorded with a future time before times were capped blocks nothing.
  const at = lastAppliedPrintfulEvent(order.events ?? [])?.at ?? null;
  if (at === null) return null;
  const now = new Date().toISOString();
  return at > now ? now : at;
}

const repeat = (order: Order, event: OrderEvent): EventResult => ({
  order,
  outcome: wasApplied(event) ? 'applied' : 'not-applied',
  firstTime: false,
  statusChanged: false,
});

/** Why a Printful event may not touch this order, or null when it may. */
function printfulRefusal(
  order: Order,
  event: PrintfulOrderEventJobData,
  at: string,
  disagreement: string | null,
): string | null {
  if (!PAID_STATUSES.has(order.status)) return `the order is ${order.status}, not paid`;
  if (event.printfulOrderId === null) return 'the event names no Printful order';
  // An order placed again after Printful cancelled it: the old order's events no longer speak for it.
  if (event.externalId !== printfulExternalIdOf(order))
    return `the event is about Printful order ${event.externalId}, replaced by ${printfulExternalIdOf(order)}`;
  const known = order.fulfilment.orderId;
  if (known !== null && String(known) !== String(event.printfulOrderId))
    return `Printful order ${event.printfulOrderId} is not this order's (${known})`;
  if (disagreement) return disagreement;
  const last = lastAppliedPrintfulAt(order);
  if (last && at < last && event.type !== 'package_shipped') return `older than the Printful event applied at ${last}`;
  return null;
}

/**
 * A Printful order webhook (providers-commerce A3) applied to the order it names. `disagreement`
 * is why the order Printful reports contradicts the event (printfulDisagreement), or null.
 */
export async function applyPrintfulEvent(
  store: FullDocumentStore,
  event: PrintfulOrderEventJobData,
  disagreement: string | null,
): Promise<EventResult> {
  const at = printfulEventTime(event.created);
  return store.transaction(async (tx) => {
    const order = await readOrder(tx, orderIdOfPrintfulExternalId(event.externalId));
    if (!order) return { order: null, outcome: 'not-applied', firstTime: true, statusChanged: false };
    const known = seen(order, 'printful', event.deliveryId);
    if (known) return repeat(order, known);

    const now = new Date().toISOString();
    const refusal = printfulRefusal(order, event, at, disagreement);
    const record = (note: string | null): OrderEvent => ({
      at,
      source: 'printful',
      type: event.type,
      eventId: event.deliveryId,
      note,
    });
    if (refusal) {
      const updated: Order = {
        ...order,
        events: appendOrderEvent(order.events, record(`${NOT_APPLIED}${refusal}`)),
        updatedAt: now,
      };
      write(tx, updated);
      return { order: updated, outcome: 'not-applied', firstTime: true, statusChanged: false };
    }

    const last = lastAppliedPrintfulAt(order);
    // A late package_shipped still records the parcel, but leaves a newer fulfilment status alone.
    const stale = last !== null && at < last;
    const fulfilment: Fulfilment = {
      ...order.fulfilment,
      orderId: order.fulfilment.orderId ?? event.printfulOrderId,
      ...(stale ? {} : { status: fulfilmentStatusAfter(event.type, event.printfulStatus) }),
    };
    let status = order.status;
    if (event.type === 'package_shipped' && event.shipment) {
      fulfilment.tracking = {
        carrier: event.shipment.carrier,
        number: event.shipment.number,
        url: safeTrackingUrl(event.shipment.url),
        shippedAt: event.shipment.shippedAt ?? at,
      };
      if (canMoveOrder(order.status, 'shipped')) status = 'shipped';
    }
    if (!stale) {
      // A hold that is lifted, or a shipment, leaves no problem to explain.
      fulfilment.reason =
        event.type === 'order_remove_hold' || event.type === 'package_shipped' ? null : (event.reason ?? null);
    }
    const note = event.shipment ? `Tracking ${event.shipment.number}` : event.reason;
    const updated: Order = {
      ...order,
      status,
      fulfilment,
      events: appendOrderEvent(order.events, record(note ?? null)),
      updatedAt: now,
    };
    write(tx, updated);
    return { order: updated, outcome: 'applied', firstTime: true, statusChanged: status !== order.status };
  });
}

export interface RefundsSeen {
  eventId: string;
  type: string;
  /** The event's creation time (unix seconds). */
  created: number;
  /** Every refund of the order's payment, as Stripe lists them now. */
  refunds: OrderRefund[];
}

export interface RefundResult extends EventResult {
  fullyRefunded: boolean;
}

/**
 * Stripe's refunds of the order's payment, as Stripe reports them now (so a late or repeated
 * event cannot undo a newer state). Fully refunded orders become `refunded`; a partial refund
 * leaves the status as it is.
 */
export async function applyRefunds(
  store: FullDocumentStore,
  orderId: string,
  seenNow: RefundsSeen,
): Promise<RefundResult> {
  return store.transaction(async (tx) => {
    const order = await readOrder(tx, orderId);
    if (!order)
      return { order: null, outcome: 'not-applied', firstTime: true, statusChanged: false, fullyRefunded: false };
    const byId = new Map((order.refunds ?? []).map((r) => [r.id, r]));
    for (const refund of seenNow.refunds) byId.set(refund.id, refund);
    const refunds = [...byId.values()];
    const full = isFullyRefunded(order, refunds);
    const status = full && canMoveOrder(order.status, 'refunded') ? 'refunded' : order.status;
    const known = seen(order, 'stripe', seenNow.eventId);
    const total = refunds
      .filter((r) => r.status !== 'failed' && r.status !== 'canceled')
      .reduce((s, r) => s + r.amount, 0);
    const note = PAID_STATUSES.has(order.status)
      ? `${refundCount(refunds.length)}, $${total.toFixed(2)} in total${full ? ' (full)' : ''}`
      : `${NOT_APPLIED}the order is ${order.status}, not paid`;
    const sameRefunds = JSON.stringify(order.refunds ?? []) === JSON.stringify(refunds);
    if (known && sameRefunds && status === order.status)
      return { ...repeat(order, known), fullyRefunded: status === 'refunded' };
    const now = new Date().toISOString();
    const updated: Order = {
      ...order,
      status,
      refunds,
      events: known
        ? order.events
        : appendOrderEvent(order.events, {
            at: new Date(seenNow.created * 1000).toISOString(),
            source: 'stripe',
            type: seenNow.type,
            eventId: seenNow.eventId,
            note,
          }),
      updatedAt: now,
    };
    write(tx, updated);
    return {
      order: updated,
      outcome: note.startsWith(NOT_APPLIED) ? 'not-applied' : 'applied',
      firstTime: !known,
      statusChanged: status !== order.status,
      fullyRefunded: status === 'refunded',
    };
  });
}

/** Appends one provider or studio event to the order's history once; null when there is no such order. */
export async function recordOrderEvent(
  store: FullDocumentStore,
  orderId: string,
  event: OrderEvent,
): Promise<EventResult> {
  return store.transaction(async (tx) => {
    const order = await readOrder(tx, orderId);
    if (!order) return { order: null, outcome: 'not-applied', firstTime: true, statusChanged: false };
    const known = event.eventId ? seen(order, event.source, event.eventId) : undefined;
    if (known) return repeat(order, known);
    const updated: Order = {
      ...order,
      events: appendOrderEvent(order.events, event),
      updatedAt: new Date().toISOString(),
    };
    write(tx, updated);
    return {
      order: updated,
      outcome: wasApplied(event) ? 'applied' : 'not-applied',
      firstTime: true,
      statusChanged: false,
    };
  });
}

/**
 * Printful's answer about the order's fulfilment (a cancellation after a refund, a retried
 * placement), recorded with a history entry. A later Printful event wins over it by time.
 */
export async function recordFulfilmentChange(
  store: FullDocumentStore,
  orderId: string,
  change: {
    orderId: Fulfilment['orderId'];
    status: string;
    reason: string | null;
    event: OrderEvent;
    /** Printful's charge for the order, when the change tells it. */
    cost?: number | null;
    /** A new Printful order's external_id, when it is not the order id (placed again). */
    externalId?: string;
  },
): Promise<Order | null> {
  return store.transaction(async (tx) => {
    const order = await readOrder(tx, orderId);
    if (!order) return null;
    if (change.event.eventId && seen(order, change.event.source, change.event.eventId)) return order;
    const updated: Order = {
      ...order,
      fulfilment: {
        ...order.fulfilment,
        orderId: change.orderId ?? order.fulfilment.orderId,
        status: change.status,
        reason: change.reason,
        ...(change.cost != null ? { cost: change.cost } : {}),
        ...(change.externalId && change.externalId !== order.id ? { externalId: change.externalId } : {}),
      },
      events: appendOrderEvent(order.events, change.event),
      updatedAt: new Date().toISOString(),
    };
    write(tx, updated);
    return updated;
  });
}
