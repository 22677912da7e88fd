import {
  appendOrderEvent,
  cancelDecision,
  isDueForRelease,
  isHeldForGrace,
  type CancelDecision,
} from '../../domain/order/index.js';
import { randomBytes } from 'node:crypto';
import type { Order, OrderEvent } from '../../schemas/order.js';
import type { FullDocumentStore } from '../store/index.js';
import { readOrder, writeOrder } from './order-documents.js';

// The grace period's order writes (docs/after-payment.md#the-grace-period-before-production). The
// shopper's cancellation and the scheduled release meet on one order document, each in one store
// transaction that reads the order first: whichever commits first wins, so an order is never both
// cancelled and sent to print.

const event = (source: OrderEvent['source'], type: string, eventId: string, note: string | null): OrderEvent => ({
  at: new Date().toISOString(),
  source,
  type,
  eventId,
  note,
});

/** Records the hold of a paid order once; a repeat keeps the first end. Null when there is no such order. */
export async function startHold(store: FullDocumentStore, orderId: string, until: string): Promise<Order | null> {
  return store.transaction(async (tx) => {
    const order = await readOrder(tx, orderId);
    if (!order || order.hold || order.status !== 'paid') return order;
    const updated: Order = {
      ...order,
      hold: { until, releasedAt: null },
      // The confirmation e-mail's link opens the order with this key (24 random bytes, 32 characters).
      accessKey: order.accessKey ?? randomBytes(24).toString('base64url'),
      events: appendOrderEvent(order.events, event('studio', 'grace-hold', `grace-hold-${orderId}`, `Until ${until}`)),
      updatedAt: new Date().toISOString(),
    };
    writeOrder(tx, updated);
    return updated;
  });
}

export interface CancellationResult {
  order: Order;
  decision: CancelDecision;
}

/** The shopper's "cancel": a cancellation within the hold, a request to the studio after it, or a refusal. */
export async function requestCancellation(
  store: FullDocumentStore,
  orderId: string,
  now: Date = new Date(),
): Promise<CancellationResult | null> {
  return store.transaction(async (tx) => {
    const order = await readOrder(tx, orderId);
    if (!order) return null;
    const decision = cancelDecision(order, now);
    if (decision.kind === 'refused') return { order, decision };
    const kind = decision.kind === 'cancel' ? 'cancelled' : 'requested';
    const updated: Order = {
      ...order,
      cancellation: { kind, at: now.toISOString(), settledAt: null },
      events: appendOrderEvent(
        order.events,
        event(
          'shopper',
          kind === 'cancelled' ? 'grace-cancel' : 'cancel-request',
          `cancel-${orderId}`,
          kind === 'cancelled' ? 'Cancelled within the grace period' : 'Asked the studio to cancel',
        ),
      ),
      updatedAt: now.toISOString(),
    };
    writeOrder(tx, updated);
    return { order: updated, decision };
  });
}

export type ReleaseClaim = 'release' | 'released-before' | 'not-due' | 'not-held';

/**
 * The scheduled release's claim on the order: once it is recorded, the shopper can no longer
 * cancel it. A claim recorded by an earlier attempt (the job retried after a crash, before
 * Printful confirmed) is `released-before`, and the confirmation is tried again.
 */
export async function claimRelease(
  store: FullDocumentStore,
  orderId: string,
  now: Date = new Date(),
): Promise<{ claim: ReleaseClaim; order: Order | null }> {
  return store.transaction(async (tx) => {
    const order = await readOrder(tx, orderId);
    if (!order?.hold) return { claim: 'not-held', order };
    if (order.hold.releasedAt !== null) return { claim: 'released-before', order };
    if (!isDueForRelease(order, now)) return { claim: isHeldForGrace(order) ? 'not-due' : 'not-held', order };
    const updated: Order = {
      ...order,
      hold: { ...order.hold, releasedAt: now.toISOString() },
      events: appendOrderEvent(
        order.events,
        event('studio', 'grace-release', `grace-release-${orderId}`, 'Sent to Printful to be made'),
      ),
      updatedAt: now.toISOString(),
    };
    writeOrder(tx, updated);
    return { claim: 'release', order: updated };
  });
}

/**
 * The studio's "confirm now" (the hold ends now) and "extend hold" (a later end). Null when the
 * order is not held: already released, cancelled or never held.
 */
export async function changeHoldEnd(
  store: FullDocumentStore,
  orderId: string,
  until: string,
  by: string,
): Promise<Order | null> {
  return store.transaction(async (tx) => {
    const order = await readOrder(tx, orderId);
    if (!order?.hold || !isHeldForGrace(order)) return null;
    const updated: Order = {
      ...order,
      hold: { ...order.hold, until },
      events: appendOrderEvent(
        order.events,
        event('studio', 'grace-hold-changed', `grace-hold-${orderId}-${Date.parse(until)}`, `Until ${until} (${by})`),
      ),
      updatedAt: new Date().toISOString(),
    };
    writeOrder(tx, updated);
    return updated;
  });
}

/**
 * Printful's draft of a held order, recorded unless the shopper cancelled meanwhile (then the
 * caller deletes the draft it just made). Null when there is no such order.
 */
export async function recordHeldDraft(
  store: FullDocumentStore,
  orderId: string,
  draft: { orderId: number; status: string; cost: number | null },
): Promise<{ order: Order; cancelled: boolean } | null> {
  return store.transaction(async (tx) => {
    const order = await readOrder(tx, orderId);
    if (!order) return null;
    if (order.cancellation?.kind === 'cancelled' || order.status !== 'paid') return { order, cancelled: true };
    // A release that already confirmed it keeps Printful's newer status.
    if (order.fulfilment.status !== 'none' && order.fulfilment.status !== 'draft') return { order, cancelled: false };
    const updated: Order = {
      ...order,
      fulfilment: {
        ...order.fulfilment,
        orderId: draft.orderId,
        status: draft.status,
        cost: draft.cost ?? order.fulfilment.cost ?? null,
      },
      updatedAt: new Date().toISOString(),
    };
    writeOrder(tx, updated);
    return { order: updated, cancelled: false };
  });
}
