import { appendOrderEvent, changeRefusal, type ChangeRefusal } from '../../domain/order/index.js';
import type { Order, OrderChangeRecord, OrderItem, ShippingRecipient } from '../../schemas/order.js';
import type { FullDocumentStore } from '../store/index.js';
import { readOrder, writeOrder } from './order-documents.js';

// The shopper's changes within the grace period and the studio's answer to a request to cancel
// (docs/after-payment.md#changing-an-order-within-the-grace-period). A change is decided in one
// store transaction on the order document, like the cancellation and the scheduled release
// (order-grace.ts): whichever commits first wins. A release that claimed the order first leaves it
// no longer held, so the change is refused; a change that commits first is on the order the
// release then reads, and the release brings the Printful draft in line before confirming it.

export interface OrderEdit {
  items?: OrderItem[];
  shipping?: ShippingRecipient;
  record: Omit<OrderChangeRecord, 'at' | 'by'>;
}

export type ChangeResult =
  { kind: 'changed'; order: Order; changeNumber: number } | ({ kind: 'refused' } & ChangeRefusal);

/**
 * Applies one change when the order can still take it (held, within its hold, not cancelled, and
 * no other change since `basedOn`). Null when there is no such order.
 */
export async function recordOrderChange(
  store: FullDocumentStore,
  orderId: string,
  basedOn: number,
  edit: OrderEdit,
  now: Date = new Date(),
): Promise<ChangeResult | null> {
  return store.transaction(async (tx) => {
    const order = await readOrder(tx, orderId);
    if (!order) return null;
    const refusal = changeRefusal(order, basedOn, now);
    if (refusal) return { kind: 'refused' as const, ...refusal };
    const at = now.toISOString();
    const changes = [...(order.changes ?? []), { ...edit.record, at, by: 'shopper' as const }];
    const updated: Order = {
      ...order,
      ...(edit.items ? { items: edit.items } : {}),
      ...(edit.shipping ? { shipping: edit.shipping } : {}),
      changes,
      events: appendOrderEvent(order.events, {
        at,
        source: 'shopper',
        type: edit.record.kind === 'variant' ? 'grace-change-variant' : 'grace-change-address',
        eventId: `grace-change-${orderId}-${changes.length}`,
        note: `${edit.record.from} -> ${edit.record.to}`,
      }),
      updatedAt: at,
    };
    writeOrder(tx, updated);
    return { kind: 'changed' as const, order: updated, changeNumber: changes.length };
  });
}

/**
 * The studio's answer to a shopper's request to cancel after the grace period: recorded once.
 * Null when the order has no request waiting (none made, or answered already).
 */
export async function settleCancelRequest(
  store: FullDocumentStore,
  orderId: string,
  decision: 'accepted' | 'declined',
  by: string,
  now: Date = new Date(),
): Promise<Order | null> {
  return store.transaction(async (tx) => {
    const order = await readOrder(tx, orderId);
    if (order?.cancellation?.kind !== 'requested' || order.cancellation.settledAt) return null;
    const at = now.toISOString();
    const updated: Order = {
      ...order,
      cancellation: { ...order.cancellation, settledAt: at, decision, decidedBy: by },
      events: appendOrderEvent(order.events, {
        at,
        source: 'studio',
        type: decision === 'accepted' ? 'cancel-request-accepted' : 'cancel-request-declined',
        eventId: `cancel-request-${orderId}`,
        note: `${decision === 'accepted' ? 'Accepted' : 'Declined'} by ${by}`,
      }),
      updatedAt: at,
    };
    writeOrder(tx, updated);
    return updated;
  });
}
