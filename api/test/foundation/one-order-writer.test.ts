import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { COLLECTIONS, type AppCollection, type CollectionName } from '@shop/shared/server/collections';
import type { DocumentStore, FullDocumentStore, Transaction } from '@shop/shared/server/store';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { paidOrder } from '../../../tests/fixtures/paid-order.js';

// One writer of orders, held by the types (docs/architecture.md#one-writer-of-orders): the app's
// store takes every collection but `orders`, and cannot be widened back to one that does, so the
// only way to an order is the order module (`app.orderRecords`). `tsc -p api` (npm run typecheck)
// checks the @ts-expect-error lines: if the store took `orders` again, each would stop being an
// error and the typecheck would fail.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("the app's store", () => {
  it('does not take the orders collection, however it is named', async () => {
    const store = t.app.store;
    expectTypeOf(store).toEqualTypeOf<DocumentStore<AppCollection>>();
    expectTypeOf<Parameters<typeof store.get>[0]>().toEqualTypeOf<AppCollection>();
    const order = paidOrder();
    const refused = async () => {
      // @ts-expect-error the app's store does not read orders
      await store.get('orders', order.id);
      // @ts-expect-error nor write them
      await store.set('orders', order.id, order);
      const name = 'orders' as const;
      // @ts-expect-error nor through a constant
      await store.set(name, order.id, order);
      // @ts-expect-error nor through the registry's name
      await store.update(COLLECTIONS.orders, order.id, { status: 'paid' });
      // @ts-expect-error nor in a batch
      await store.batch([{ type: 'delete', collection: 'orders', id: order.id }]);
      await store.transaction(async (tx) => {
        // @ts-expect-error nor in a transaction
        tx.set('orders', order.id, order);
      });
    };
    expect(typeof refused).toBe('function');
  });

  it('cannot be passed where the full store is asked for', () => {
    // Members declared as function-typed properties are checked contravariantly: a store of fewer
    // collections is not a store of more (with method syntax, this assignment would compile).
    expectTypeOf<DocumentStore<AppCollection>>().not.toExtend<FullDocumentStore>();
    expectTypeOf<Transaction<AppCollection>>().not.toExtend<Transaction<CollectionName>>();
    expectTypeOf<DocumentStore<AppCollection>>().not.toExtend<DocumentStore<string>>();
    // @ts-expect-error widening the app's store back to the full one does not compile
    const widened: FullDocumentStore = t.app.store;
    expect(widened).toBe(t.app.store);
    // The full store still narrows: that is how the app is given its store.
    expectTypeOf<FullDocumentStore>().toExtend<DocumentStore<AppCollection>>();
  });

  it('is the same store the order module writes through, so an order it records is read by the routes', async () => {
    const order = paidOrder({ status: 'pending', paidAt: null });
    await t.app.orderRecords.recordPendingOrder(order);
    expect((await t.app.orders.read(order.id))?.id).toBe(order.id);
    expect(await t.store.get(COLLECTIONS.orders, order.id)).not.toBeNull();
  });
});

describe('team orders, the same way', () => {
  it("the app's store does not take the teamOrders collection; the team-order module does", async () => {
    const store = t.app.store;
    const refused = async () => {
      // @ts-expect-error the app's store does not read team orders
      await store.get('teamOrders', 't1');
      const name = 'teamOrders' as const;
      // @ts-expect-error nor write them, however the name is spelled
      await store.set(name, 't1', {});
      // @ts-expect-error nor through the registry's name
      await store.update(COLLECTIONS.teamOrders, 't1', { status: 'closed' });
    };
    expect(typeof refused).toBe('function');
    // What the module writes, the full store holds: one store, one writer.
    const { id } = await t.app.teamOrderRecords.createTeamOrder({
      leadUid: 'uid-ada',
      leadName: 'Ada',
      leadEmail: null,
      title: 'Studio shirts',
      products: [{ id: 'hoodie', title: 'Studio Hoodie' }],
      color: null,
      closesOn: '2099-12-04',
      closesAt: '2099-12-05T08:00:00.000Z',
      maxMembers: 20,
      linkToken: 'B'.repeat(32),
      status: 'open',
      closedAt: null,
      members: [],
      cartLines: null,
      cartFilledAt: null,
      orderId: null,
      shippedNoticesAt: null,
      createdAt: '2026-11-27T00:00:00.000Z',
      updatedAt: '2026-11-27T00:00:00.000Z',
    });
    expect(await t.app.teamOrderRecords.readTeamOrder(id)).toMatchObject({ title: 'Studio shirts' });
    expect(await t.store.get(COLLECTIONS.teamOrders, id)).toMatchObject({ leadName: 'Ada' });
  });
});
