import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { paidOrder } from '../../../tests/fixtures/paid-order.js';
import { ORDER_EVENTS_MAX } from '../../src/constants/index.js';
import { appendOrderEvent, NOT_APPLIED } from '../../src/domain/order/index.js';
import type { Order, OrderEvent } from '../../src/schemas/order.js';
import { COLLECTIONS } from '../../src/server/collections/index.js';
import { applyPrintfulEvent, recordOrderEvent } from '../../src/server/orders/order-transitions.js';
import { openSqliteStore } from '../../src/server/store/index.js';

// An order's history is what the studio reads on the order page; it must stay bounded so the
// order document stays far below Firestore's 1 MiB however often a provider repeats itself.

const dir = mkdtempSync(path.join(os.tmpdir(), 'order-history-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
const studioNote = (i: number): OrderEvent => ({
  at: at(i),
  source: 'studio',
  type: 'note',
  eventId: `note-${i}`,
  note: `Note ${i}`,
});

describe("an order's event history", () => {
  it('keeps the newest events once it holds the most it may', () => {
    let events: OrderEvent[] = [];
    for (let i = 0; i < ORDER_EVENTS_MAX + 20; i++) events = appendOrderEvent(events, studioNote(i));
    expect(events).toHaveLength(ORDER_EVENTS_MAX);
    expect(events[0].eventId).toBe('note-20');
    expect(events.at(-1)!.eventId).toBe(`note-${ORDER_EVENTS_MAX + 19}`);
  });

  it('keeps the last Printful event that changed the fulfilment, however many events follow it', () => {
    const shipped: OrderEvent = { at: at(0), source: 'printful', type: 'package_shipped', eventId: 'pf-1', note: null };
    const refused: OrderEvent = { ...shipped, eventId: 'pf-0', note: `${NOT_APPLIED}older` };
    let events: OrderEvent[] = [refused, shipped];
    for (let i = 1; i <= ORDER_EVENTS_MAX; i++) events = appendOrderEvent(events, studioNote(i));
    expect(events).toHaveLength(ORDER_EVENTS_MAX);
    expect(events[0]).toEqual(shipped);
    expect(events.map((e) => e.eventId)).not.toContain('pf-0');
  });

  it('stays bounded in the stored order, and a late Printful event is still judged against the kept one', async () => {
    const store = openSqliteStore(path.join(dir, 'orders.db'));
    const order: Order = paidOrder({ fulfilment: { provider: 'printful', orderId: 7, status: 'pending' } });
    await store.set(COLLECTIONS.orders, order.id, order);
    const base = { externalId: order.id, printfulOrderId: 7, printfulStatus: null, reason: null, shipment: null };
    expect(order.status).toBe('paid');
    const fulfilled = await applyPrintfulEvent(
      store,
      {
        ...base,
        type: 'package_shipped',
        deliveryId: 'pf-new',
        created: Date.UTC(2026, 0, 2) / 1000,
        shipment: { carrier: 'UPS', number: '1Z', url: null, shippedAt: null },
      },
      null,
    );
    expect(fulfilled.outcome).toBe('applied');
    for (let i = 0; i < ORDER_EVENTS_MAX + 5; i++) await recordOrderEvent(store, order.id, studioNote(i));

    const stored = (await store.get<Order>(COLLECTIONS.orders, order.id))!;
    expect(stored.events).toHaveLength(ORDER_EVENTS_MAX);
    expect(stored.events!.at(-1)!.eventId).toBe(`note-${ORDER_EVENTS_MAX + 4}`);
    const late = await applyPrintfulEvent(
      store,
      {
        ...base,
        type: 'order_put_hold',
        deliveryId: 'pf-old',
        created: Date.UTC(2026, 0, 1) / 1000,
      },
      null,
    );
    expect(late.outcome).toBe('not-applied');
    expect(late.order!.status).toBe('shipped');
    await store.close();
  });
});
