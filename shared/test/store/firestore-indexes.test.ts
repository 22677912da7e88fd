import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CART_COLLECTIONS } from '../../src/domain/cart/index.js';
import {
  countOrdersWithCode,
  countOrdersWithStatus,
  findOrderByNumber,
  findOrderBySessionId,
  listOrders,
  listOrdersOfUser,
  openOrdersOfCart,
  orderIdOfSession,
  ordersPaidBetween,
  searchOrders,
} from '../../src/server/orders/index.js';
import {
  findTeamOrderByToken,
  listTeamOrders,
  listTeamOrdersOfLead,
  teamOrderOfOrder,
} from '../../src/server/team-orders/index.js';
import {
  FIRESTORE_INDEXES_FILE,
  MissingFirestoreIndexError,
  compositeIndexFor,
  openSqliteStore,
  queryShape,
  readFirestoreIndexes,
  withFirestoreIndexCheck,
  type QueryShape,
} from '../../src/server/store/index.js';

// docs/rules.md#production-for-real: every query the code issues must be one Firestore can answer with the indexes
// the repository declares. Today's /account and the admin's order list by status were not.

const ROOT = path.dirname(FIRESTORE_INDEXES_FILE);
const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-firestore-indexes-'));
const sqlite = openSqliteStore(path.join(dir, 'shop.db'));
afterAll(async () => {
  await sqlite.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("Firestore's index rules", () => {
  const need = (options: Parameters<typeof queryShape>[1]) => compositeIndexFor(queryShape('orders', options));

  it('need no composite index for equality filters alone, or for one order alone', () => {
    expect(need({ where: [['sessionId', '==', 'cs_1']], limit: 1 })).toBeNull();
    expect(
      need({
        where: [
          ['cart.collection', '==', 'carts'],
          ['cart.id', '==', 'u1'],
        ],
      }),
    ).toBeNull();
    expect(need({ orderBy: [{ field: 'startedAt', direction: 'desc' }] })).toBeNull();
    // An order on a field an equality fixes orders nothing.
    expect(need({ where: [['status', '==', 'paid']], orderBy: [{ field: 'status' }] })).toBeNull();
  });

  it('need one for an order on another field than the filters, or for two orders', () => {
    expect(need({ where: [['status', '==', 'paid']], orderBy: [{ field: 'createdAt', direction: 'desc' }] })).toEqual({
      collectionGroup: 'orders',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'status', order: 'ASCENDING' },
        { fieldPath: 'createdAt', order: 'DESCENDING' },
      ],
    });
    expect(need({ orderBy: [{ field: 'createdAt' }, { field: 'number', direction: 'desc' }] })?.fields).toHaveLength(2);
  });
});

describe('the repository', () => {
  it('declares its indexes, and rules that deny every client read and write, in the files firebase deploy reads', () => {
    const firebase = JSON.parse(readFileSync(path.join(ROOT, 'firebase.json'), 'utf8'));
    expect(firebase.firestore).toEqual({ rules: 'firestore.rules', indexes: 'firestore.indexes.json' });
    expect(readFirestoreIndexes().length).toBeGreaterThan(0);
    const rules = readFileSync(path.join(ROOT, 'firestore.rules'), 'utf8').replace(/\/\/.*$/gm, '');
    expect(rules).toMatch(/rules_version = '2'/);
    expect(rules).toMatch(/match \/\{document=\*\*\} \{\s*allow read, write: if false;\s*\}/);
    expect(rules).not.toMatch(/if true|if request/);
  });

  it("answers a shopper's orders and the admin's orders by status with the declared indexes", async () => {
    const seen: QueryShape[] = [];
    const store = withFirestoreIndexCheck(sqlite, readFirestoreIndexes(), (shape) => seen.push(shape));
    await expect(listOrdersOfUser(store, 'uid-1')).resolves.toEqual([]);
    await expect(listOrders(store, { status: 'paid', limit: 10 })).resolves.toEqual([]);
    await expect(listOrders(store, { limit: 10 })).resolves.toEqual([]);
    await expect(findOrderBySessionId(store, 'cs_1')).resolves.toBeNull();
    expect(seen.map((s) => s.collection)).toEqual(['orders', 'orders', 'orders', 'orders']);
  });

  it('answers every query the order module issues with the declared indexes, and records each shape', async () => {
    const seen: QueryShape[] = [];
    const store = withFirestoreIndexCheck(sqlite, readFirestoreIndexes(), (shape) => seen.push(shape));
    await findOrderBySessionId(store, 'cs_1');
    await orderIdOfSession(store, 'cs_1', undefined);
    await findOrderByNumber(store, 'CS-10001');
    await countOrdersWithStatus(store, 'paid');
    await countOrdersWithCode(store, 'TEAM5', ['paid']);
    await listOrdersOfUser(store, 'uid-1');
    await listOrders(store, { limit: 10 });
    await listOrders(store, { status: 'shipped', limit: 10 });
    await searchOrders(store, { q: 'ada', limit: 10 });
    await searchOrders(store, { status: 'paid', q: 'ada', limit: 10 });
    await ordersPaidBetween(store, '2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z');
    await openOrdersOfCart(store, { collection: CART_COLLECTIONS.user, id: 'uid-1' });
    const described = seen.map(
      (s) => `${s.equalities.join('+') || '-'} | ${s.orders.map((o) => `${o.field} ${o.direction}`).join(', ') || '-'}`,
    );
    expect(new Set(described)).toEqual(
      new Set([
        'sessionId | -',
        'number | -',
        'status | -',
        'discountCode | -',
        'owner.id+owner.kind | createdAt desc',
        '- | createdAt desc',
        'status | createdAt desc',
        '- | -',
        'cart.collection+cart.id | -',
      ]),
    );
  });

  it("answers a lead's team orders, the studio's list and a link's lookup with the declared indexes", async () => {
    const seen: QueryShape[] = [];
    const store = withFirestoreIndexCheck(sqlite, readFirestoreIndexes(), (shape) => seen.push(shape));
    await expect(listTeamOrdersOfLead(store, 'uid-1')).resolves.toEqual([]);
    await expect(listTeamOrders(store)).resolves.toEqual([]);
    await expect(findTeamOrderByToken(store, 'A'.repeat(32))).resolves.toBeNull();
    // The paid order's team order (its members' shipping e-mails): a single-field index.
    await expect(teamOrderOfOrder(withFirestoreIndexCheck(sqlite, []), 'order-1')).resolves.toBeNull();
    expect(seen.map((s) => s.collection)).toEqual(['teamOrders', 'teamOrders', 'teamOrders']);
    await expect(listTeamOrdersOfLead(withFirestoreIndexCheck(sqlite, []), 'uid-1')).rejects.toBeInstanceOf(
      MissingFirestoreIndexError,
    );
  });

  it('without the declared indexes those queries are refused, as Firestore refuses them', async () => {
    const bare = withFirestoreIndexCheck(sqlite, []);
    await expect(listOrdersOfUser(bare, 'uid-1')).rejects.toBeInstanceOf(MissingFirestoreIndexError);
    await expect(listOrders(bare, { status: 'paid', limit: 10 })).rejects.toThrow(/firestore\.indexes\.json/);
    // Served by single-field indexes: no declaration needed.
    await expect(listOrders(bare, { limit: 10 })).resolves.toEqual([]);
  });
});
