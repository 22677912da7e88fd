import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/errors/index.js';
import {
  FIRESTORE_MAX_DOCUMENT_BYTES,
  FIRESTORE_MAX_WRITES,
  type DocData,
  untypedStore,
  type DocumentStore,
  type FullDocumentStore,
  type QueryOptions,
  type QueryPage,
} from '../../src/server/store/index.js';

// The one contract both DocumentStore adapters pass (docs/architecture.md#real-parts-and-embedded-defaults). Each case works in
// collections of its own, so cases share one store without seeing each other's documents.

// The cases make up their own collections, so they hold the store through its untyped accessor.
type AnyStore = DocumentStore<string>;

interface CaseContext {
  store: AnyStore;
  /** A collection name unique to this case and run, starting with `base`. */
  collection(base: string): string;
  makeStore(): Promise<AnyStore>;
}
type Case = (ctx: CaseContext) => Promise<void>;

async function ids(store: AnyStore, collection: string, options?: QueryOptions): Promise<string[]> {
  return (await store.query(collection, options)).docs.map((d) => d.id);
}

async function setAll(store: AnyStore, collection: string, docs: Record<string, DocData>): Promise<void> {
  await store.batch(Object.entries(docs).map(([id, data]) => ({ type: 'set' as const, collection, id, data })));
}

const cases = {
  'get returns what set stored, and null for a missing id': async ({ store, collection }) => {
    const products = collection('products');
    await store.set(products, 'p1', { title: 'Tee', price: 25, tags: ['cotton'] });
    expect(await store.get(products, 'p1')).toEqual({ title: 'Tee', price: 25, tags: ['cotton'] });
    expect(await store.get(products, 'p2')).toBeNull();
  },

  'set replaces the whole document': async ({ store, collection }) => {
    const products = collection('products');
    await store.set(products, 'p1', { title: 'Tee', price: 25 });
    await store.set(products, 'p1', { title: 'Mug' });
    expect(await store.get(products, 'p1')).toEqual({ title: 'Mug' });
  },

  'update merges top-level fields and replaces nested objects whole': async ({ store, collection }) => {
    const carts = collection('user-carts');
    await store.set(carts, 'u1', { itemCount: 1, totals: { items: 1, price: 10 }, userId: 'u1' });
    await store.update(carts, 'u1', { itemCount: 2, totals: { items: 2 } });
    expect(await store.get(carts, 'u1')).toEqual({ itemCount: 2, totals: { items: 2 }, userId: 'u1' });
  },

  'update of a missing document is not-found and creates nothing': async ({ store, collection }) => {
    const carts = collection('user-carts');
    await expect(store.update(carts, 'ghost', { itemCount: 1 })).rejects.toMatchObject({ code: 'not-found' });
    expect(await store.get(carts, 'ghost')).toBeNull();
  },

  'update with no fields is invalid-argument': async ({ store, collection }) => {
    const carts = collection('user-carts');
    await store.set(carts, 'u1', { itemCount: 1 });
    await expect(store.update(carts, 'u1', {})).rejects.toMatchObject({ code: 'invalid-argument' });
  },

  'delete removes a document and is a no-op for a missing one': async ({ store, collection }) => {
    const quotes = collection('quotes');
    await store.set(quotes, 'q1', { name: 'Ada' });
    await store.delete(quotes, 'q1');
    await store.delete(quotes, 'never-existed');
    expect(await store.get(quotes, 'q1')).toBeNull();
  },

  'collections are separate namespaces, hyphenated names included': async ({ store, collection }) => {
    const userCarts = collection('user-carts');
    const guestCarts = collection('guest-carts');
    await store.set(userCarts, 'same-id', { owner: 'user' });
    await store.set(guestCarts, 'same-id', { owner: 'guest' });
    expect(await store.get(userCarts, 'same-id')).toEqual({ owner: 'user' });
    expect(await store.get(guestCarts, 'same-id')).toEqual({ owner: 'guest' });
    expect((await store.query(guestCarts)).docs).toEqual([{ id: 'same-id', data: { owner: 'guest' } }]);
  },

  'getMany returns existing documents in the order asked, without missing or repeated ids': async ({
    store,
    collection,
  }) => {
    const products = collection('products');
    await setAll(store, products, { a: { n: 1 }, b: { n: 2 }, c: { n: 3 } });
    const docs = await store.getMany(products, ['c', 'missing', 'a', 'c']);
    expect(docs).toEqual([
      { id: 'c', data: { n: 3 } },
      { id: 'a', data: { n: 1 } },
    ]);
    expect(await store.getMany(products, [])).toEqual([]);
  },

  'equality filters on string and number fields, combined with AND': async ({ store, collection }) => {
    const products = collection('products');
    await setAll(store, products, {
      a: { category: 'tee', price: 20 },
      b: { category: 'tee', price: 25 },
      c: { category: 'mug', price: 20 },
      d: { category: 'tee', price: '20' },
    });
    expect((await ids(store, products, { where: [['category', '==', 'tee']] })).sort()).toEqual(['a', 'b', 'd']);
    expect((await ids(store, products, { where: [['price', '==', 20]] })).sort()).toEqual(['a', 'c']);
    const both = await ids(store, products, {
      where: [
        ['category', '==', 'tee'],
        ['price', '==', 20],
      ],
    });
    expect(both).toEqual(['a']);
  },

  'equality on a boolean matches only that boolean': async ({ store, collection }) => {
    const users = collection('users');
    await setAll(store, users, {
      yes: { isAdmin: true },
      no: { isAdmin: false },
      one: { isAdmin: 1 },
      text: { isAdmin: 'true' },
    });
    expect(await ids(store, users, { where: [['isAdmin', '==', true]] })).toEqual(['yes']);
    expect(await ids(store, users, { where: [['isAdmin', '==', false]] })).toEqual(['no']);
  },

  'equality on null matches null values but not missing fields': async ({ store, collection }) => {
    const orders = collection('orders');
    await setAll(store, orders, { nulled: { tracking: null }, set: { tracking: 'TRK1' }, absent: { status: 'paid' } });
    expect(await ids(store, orders, { where: [['tracking', '==', null]] })).toEqual(['nulled']);
  },

  'equality and orderBy on nested dotted fields': async ({ store, collection }) => {
    const orders = collection('orders');
    await setAll(store, orders, {
      o1: { fulfilment: { provider: 'printful', status: 'shipped' }, totals: { price: 30 } },
      o2: { fulfilment: { provider: 'printful', status: 'pending' }, totals: { price: 10 } },
      o3: { fulfilment: { provider: 'manual', status: 'shipped' }, totals: { price: 20 } },
      o4: { fulfilment: 'printful', totals: { price: 5 } },
    });
    expect(
      await ids(store, orders, {
        where: [['fulfilment.status', '==', 'shipped']],
        orderBy: [{ field: 'totals.price' }],
      }),
    ).toEqual(['o3', 'o1']);
    expect(
      await ids(store, orders, {
        where: [['fulfilment.provider', '==', 'printful']],
        orderBy: [{ field: 'totals.price', direction: 'desc' }],
      }),
    ).toEqual(['o1', 'o2']);
  },

  'orderBy ascending and descending': async ({ store, collection }) => {
    const products = collection('products');
    await setAll(store, products, {
      b: { title: 'Beanie', price: 18 },
      d: { title: 'Cap', price: 22 },
      a: { title: 'Apron', price: 35 },
      c: { title: 'Tee', price: 20 },
    });
    expect(await ids(store, products, { orderBy: [{ field: 'price' }] })).toEqual(['b', 'c', 'd', 'a']);
    expect(await ids(store, products, { orderBy: [{ field: 'price', direction: 'desc' }] })).toEqual([
      'a',
      'd',
      'c',
      'b',
    ]);
    expect(await ids(store, products, { orderBy: [{ field: 'title', direction: 'asc' }] })).toEqual([
      'a',
      'b',
      'd',
      'c',
    ]);
  },

  'orderBy compares integers and fractional numbers by value': async ({ store, collection }) => {
    const products = collection('products');
    await setAll(store, products, { a: { price: 20 }, b: { price: 19.99 }, c: { price: 20.5 }, d: { price: 3 } });
    expect(await ids(store, products, { orderBy: [{ field: 'price' }] })).toEqual(['d', 'b', 'a', 'c']);
  },

  'orderBy ties are broken by id in the direction of the last orderBy': async ({ store, collection }) => {
    const products = collection('products');
    // Written out of id order so that insertion order cannot pass for id order.
    await setAll(store, products, {
      p3: { group: 1, rank: 1 },
      p1: { group: 1, rank: 1 },
      p4: { group: 2, rank: 1 },
      p2: { group: 1, rank: 2 },
      p5: { group: 1, rank: 1 },
    });
    expect(await ids(store, products, { orderBy: [{ field: 'group' }] })).toEqual(['p1', 'p2', 'p3', 'p5', 'p4']);
    expect(await ids(store, products, { orderBy: [{ field: 'group', direction: 'desc' }] })).toEqual([
      'p4',
      'p5',
      'p3',
      'p2',
      'p1',
    ]);
    const mixed = await ids(store, products, {
      orderBy: [{ field: 'group' }, { field: 'rank', direction: 'desc' }],
    });
    expect(mixed).toEqual(['p2', 'p5', 'p3', 'p1', 'p4']);
  },

  'orderBy leaves out documents that lack the field': async ({ store, collection }) => {
    const products = collection('products');
    await setAll(store, products, { a: { rank: 2 }, b: { title: 'no rank' }, c: { rank: null }, d: { rank: 1 } });
    expect(await ids(store, products, { orderBy: [{ field: 'rank' }] })).toEqual(['c', 'd', 'a']);
  },

  'limit returns the first documents and a cursor only when more follow': async ({ store, collection }) => {
    const products = collection('products');
    await setAll(store, products, { a: { n: 1 }, b: { n: 2 }, c: { n: 3 }, d: { n: 4 }, e: { n: 5 } });
    const first = await store.query(products, { orderBy: [{ field: 'n' }], limit: 2 });
    expect(first.docs.map((d) => d.id)).toEqual(['a', 'b']);
    expect(first.nextCursor).toEqual(expect.any(String));
    for (const limit of [5, 10]) {
      const all = await store.query(products, { orderBy: [{ field: 'n' }], limit });
      expect(all.docs.map((d) => d.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
      expect(all.nextCursor).toBeNull();
    }
    expect((await store.query(products)).nextCursor).toBeNull();
  },

  'cursor paging through 25 documents in pages of 10 returns each once, in order': async ({ store, collection }) => {
    const products = collection('products');
    const docs: Record<string, DocData> = {};
    for (let i = 0; i < 25; i++) {
      const id = `p${String((i * 7) % 25).padStart(2, '0')}`;
      // Groups repeat (ties broken by id) and two are null, which sort first.
      docs[id] = {
        kind: 'tee',
        group: i % 5 === 4 && i < 10 ? null : i % 3,
        createdAt: new Date(Date.UTC(2025, 0, 1 + i)),
      };
    }
    for (let i = 0; i < 5; i++)
      docs[`m${i}`] = { kind: 'mug', group: 1, createdAt: new Date(Date.UTC(2024, 0, 1 + i)) };
    await setAll(store, products, docs);

    const tees = Object.entries(docs).filter(([, d]) => d.kind === 'tee');
    const byGroupDesc = [...tees].sort(([aId, a], [bId, b]) => {
      const ga = (a.group as number | null) ?? -1;
      const gb = (b.group as number | null) ?? -1;
      return gb - ga || (aId < bId ? 1 : -1);
    });
    const byCreatedAsc = [...tees].sort(
      ([, a], [, b]) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime(),
    );

    const orderings: Array<[QueryOptions['orderBy'], string[]]> = [
      [[{ field: 'group', direction: 'desc' }], byGroupDesc.map(([id]) => id)],
      [[{ field: 'createdAt' }], byCreatedAsc.map(([id]) => id)],
    ];
    for (const [orderBy, expected] of orderings) {
      const pages: string[][] = [];
      let cursor: string | null = null;
      do {
        const page: QueryPage = await store.query(products, {
          where: [['kind', '==', 'tee']],
          orderBy,
          limit: 10,
          cursor,
        });
        pages.push(page.docs.map((d) => d.id));
        cursor = page.nextCursor;
      } while (cursor && pages.length < 5);
      expect(pages.map((p) => p.length)).toEqual([10, 10, 5]);
      expect(pages.flat()).toEqual(expected);
    }
  },

  'a cursor from a differently ordered query is invalid-argument': async ({ store, collection }) => {
    const products = collection('products');
    await setAll(store, products, { a: { n: 1, m: 1 }, b: { n: 2, m: 2 } });
    const page = await store.query(products, { orderBy: [{ field: 'n' }], limit: 1 });
    expect(page.nextCursor).not.toBeNull();
    await expect(
      store.query(products, { orderBy: [{ field: 'm' }], limit: 1, cursor: page.nextCursor }),
    ).rejects.toMatchObject({
      code: 'invalid-argument',
    });
    await expect(store.query(products, { limit: 1, cursor: 'not a cursor' })).rejects.toMatchObject({
      code: 'invalid-argument',
    });
  },

  'a batch applies all its writes': async ({ store, collection }) => {
    const products = collection('products');
    await store.set(products, 'old', { title: 'Old' });
    await store.set(products, 'kept', { title: 'Kept', price: 1 });
    await store.batch([
      { type: 'set', collection: products, id: 'new', data: { title: 'New' } },
      { type: 'update', collection: products, id: 'kept', data: { price: 2 } },
      { type: 'delete', collection: products, id: 'old' },
    ]);
    expect((await store.query(products)).docs).toEqual([
      { id: 'kept', data: { title: 'Kept', price: 2 } },
      { id: 'new', data: { title: 'New' } },
    ]);
  },

  'a batch with an update of a missing document fails and writes nothing': async ({ store, collection }) => {
    const products = collection('products');
    await store.set(products, 'a', { v: 1 });
    const batch = store.batch([
      { type: 'set', collection: products, id: 'b', data: { v: 1 } },
      { type: 'update', collection: products, id: 'a', data: { v: 2 } },
      { type: 'update', collection: products, id: 'missing', data: { v: 1 } },
    ]);
    await expect(batch).rejects.toMatchObject({ code: 'not-found' });
    expect(await store.get(products, 'a')).toEqual({ v: 1 });
    expect(await store.get(products, 'b')).toBeNull();
  },

  'a batch of more than 500 writes is refused and writes nothing': async ({ store, collection }) => {
    const products = collection('products');
    const ops = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ type: 'set' as const, collection: products, id: `p${i}`, data: { i } }));
    await expect(store.batch(ops(501))).rejects.toMatchObject({
      code: 'invalid-argument',
      message: MESSAGES.tooManyWrites(501, FIRESTORE_MAX_WRITES),
    });
    expect((await store.query(products, { limit: 1 })).docs).toEqual([]);
    await store.batch(ops(500));
    expect(await store.get(products, 'p499')).toEqual({ i: 499 });
  },

  'a transaction of more than 500 writes is refused and writes nothing': async ({ store, collection }) => {
    const stock = collection('stock');
    const failing = store.transaction(async (tx) => {
      for (let i = 0; i < 501; i++) tx.set(stock, `s${i}`, { qty: i });
    });
    await expect(failing).rejects.toMatchObject({ code: 'invalid-argument' });
    expect((await store.query(stock, { limit: 1 })).docs).toEqual([]);
  },

  'a document over 1 MiB is refused before anything is written': async ({ store, collection }) => {
    const orders = collection('orders');
    // Just under the limit by Firestore's size rules: name, field name and string sizes, 32 bytes.
    const fits = { note: 'x'.repeat(FIRESTORE_MAX_DOCUMENT_BYTES - 200) };
    await store.set(orders, 'fits', fits);
    expect((await store.get<typeof fits>(orders, 'fits'))!.note.length).toBe(fits.note.length);
    const tooLarge = { note: 'é'.repeat(FIRESTORE_MAX_DOCUMENT_BYTES / 2) };
    const refused = { code: 'invalid-argument' };
    await expect(store.set(orders, 'big', tooLarge)).rejects.toMatchObject(refused);
    await expect(store.update(orders, 'fits', tooLarge)).rejects.toMatchObject(refused);
    await expect(
      store.batch([
        { type: 'set', collection: orders, id: 'small', data: { v: 1 } },
        { type: 'set', collection: orders, id: 'big', data: tooLarge },
      ]),
    ).rejects.toMatchObject(refused);
    const inTransaction = store.transaction(async (tx) => {
      tx.set(orders, 'small', { v: 1 });
      tx.set(orders, 'big', tooLarge);
    });
    await expect(inTransaction).rejects.toMatchObject(refused);
    expect(await store.getMany(orders, ['small', 'big'])).toEqual([]);
    expect((await store.get<typeof fits>(orders, 'fits'))!.note).toBe(fits.note);
  },

  'a transaction reads, modifies and writes, and returns the function result': async ({ store, collection }) => {
    const stock = collection('stock');
    await setAll(store, stock, { a: { qty: 10 }, b: { qty: 0 } });
    const moved = await store.transaction(async (tx) => {
      const a = await tx.get<{ qty: number }>(stock, 'a');
      const b = await tx.get<{ qty: number }>(stock, 'b');
      tx.update(stock, 'a', { qty: a!.qty - 3 });
      tx.set(stock, 'b', { qty: b!.qty + 3 });
      return 3;
    });
    expect(moved).toBe(3);
    expect(await store.getMany(stock, ['a', 'b'])).toEqual([
      { id: 'a', data: { qty: 7 } },
      { id: 'b', data: { qty: 3 } },
    ]);
  },

  'a transaction whose function throws writes nothing': async ({ store, collection }) => {
    const stock = collection('stock');
    const failing = store.transaction(async (tx) => {
      tx.set(stock, 'a', { qty: 1 });
      throw new Error('payment declined');
    });
    await expect(failing).rejects.toThrow('payment declined');
    expect(await store.get(stock, 'a')).toBeNull();
  },

  'a transaction updating a missing document is not-found and writes nothing': async ({ store, collection }) => {
    const stock = collection('stock');
    const failing = store.transaction(async (tx) => {
      tx.set(stock, 'a', { qty: 1 });
      tx.update(stock, 'missing', { qty: 2 });
    });
    await expect(failing).rejects.toMatchObject({ code: 'not-found' });
    expect(await store.get(stock, 'a')).toBeNull();
  },

  'a transaction read after a write is refused': async ({ store, collection }) => {
    const stock = collection('stock');
    const failing = store.transaction(async (tx) => {
      tx.set(stock, 'a', { qty: 1 });
      return tx.get(stock, 'a');
    });
    await expect(failing).rejects.toMatchObject({ code: 'internal' });
    expect(await store.get(stock, 'a')).toBeNull();
  },

  // Contention on one document: every increment either lands or fails saying the store is busy
  // (Firestore bounds its retries; SQLite queues them), and none is lost or half written.
  '50 parallel transactional increments lose no update, and any that gives up says the store is busy': async ({
    store,
    collection,
  }) => {
    const counters = collection('counters');
    await store.set(counters, 'c', { n: 0 });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        store.transaction(async (tx) => {
          const current = await tx.get<{ n: number }>(counters, 'c');
          tx.set(counters, 'c', { n: current!.n + 1 });
        }),
      ),
    );
    const landed = results.filter((r) => r.status === 'fulfilled').length;
    const refusals = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    for (const refusal of refusals) {
      expect(refusal).toMatchObject({ code: 'unavailable', message: MESSAGES.storeBusy });
    }
    expect(landed).toBeGreaterThan(0);
    expect(await store.get(counters, 'c')).toEqual({ n: landed });
  },

  'values Firestore cannot store are invalid-argument, and nothing is written': async ({ store, collection }) => {
    const orders = collection('orders');
    await store.set(orders, 'kept', { v: 1 });
    const refused = { code: 'invalid-argument' };
    const nested = { lines: [['sku-1', 2]] };
    await expect(store.set(orders, 'nested', nested)).rejects.toMatchObject({
      ...refused,
      message: MESSAGES.nestedArray(orders, 'nested', 'lines.0'),
    });
    await expect(store.update(orders, 'kept', { deep: [{ inner: [[1]] }] })).rejects.toMatchObject(refused);
    await expect(
      store.batch([
        { type: 'set', collection: orders, id: 'small', data: { v: 1 } },
        { type: 'set', collection: orders, id: 'nested', data: nested },
      ]),
    ).rejects.toMatchObject(refused);
    const inTransaction = store.transaction(async (tx) => {
      const kept = await tx.get<{ v: number }>(orders, 'kept');
      tx.set(orders, 'small', { v: kept!.v });
      tx.update(orders, 'kept', nested);
    });
    await expect(inTransaction).rejects.toMatchObject(refused);

    let tooDeep: DocData = { leaf: 1 };
    for (let i = 0; i < 21; i++) tooDeep = { down: tooDeep };
    for (const data of [
      { '': 1 },
      { meta: { __reserved__: 1 } },
      tooDeep,
      { when: new Date(Number.NaN) },
      { lookup: new Map([['a', 1]]) },
    ]) {
      await expect(store.set(orders, 'odd', data)).rejects.toMatchObject(refused);
    }
    expect(await store.getMany(orders, ['nested', 'small', 'odd'])).toEqual([]);
    expect(await store.get(orders, 'kept')).toEqual({ v: 1 });

    // What Firestore does store: an array inside an object inside an array, 20 levels of nesting.
    let deepest: DocData = { leaf: 1 };
    for (let i = 0; i < 19; i++) deepest = { down: deepest };
    const fine = { lines: [{ sku: 'sku-1', options: ['a', 'b'] }], deepest };
    await store.set(orders, 'fine', fine);
    expect(await store.get(orders, 'fine')).toEqual(fine);
  },

  'nested objects, arrays, Dates and unicode round-trip': async ({ store, collection }) => {
    const products = collection('products');
    const title = 'Tシャツ 👕 中文 مرحبا שלום';
    const data = {
      title,
      'ключ-键': 'значение',
      createdAt: new Date('2025-03-04T05:06:07.089Z'),
      variants: [
        {
          size: 'M',
          color: 'Ночь',
          price: 19.99,
          tags: ['a', { more: ['b'] }],
          restockAt: new Date('2026-01-01T00:00:00.000Z'),
        },
        { size: 'L', color: null, price: 0, tags: [], restockAt: null },
      ],
      meta: { deep: { flag: false, count: -3, note: '' }, empty: {} },
    };
    await store.set(products, 'u1', data);
    const read = await store.get<typeof data>(products, 'u1');
    expect(read).toEqual(data);
    expect(read!.createdAt).toBeInstanceOf(Date);
    expect(read!.variants[0].restockAt).toBeInstanceOf(Date);
    const found = await store.query(products, { where: [['title', '==', title]] });
    expect(found.docs).toEqual([{ id: 'u1', data }]);
  },

  'invalid collection names, ids and field paths are invalid-argument': async ({ store, collection }) => {
    const products = collection('products');
    const invalid = { code: 'invalid-argument' };
    await expect(store.get('no/slashes', 'a')).rejects.toMatchObject(invalid);
    await expect(store.set(products, 'a/b', { v: 1 })).rejects.toMatchObject(invalid);
    await expect(store.get(products, '')).rejects.toMatchObject(invalid);
    await expect(store.query(products, { where: [['a..b', '==', 1]] })).rejects.toMatchObject(invalid);
    await expect(store.query(products, { orderBy: [{ field: "n'; DROP TABLE docs; --" }] })).rejects.toMatchObject(
      invalid,
    );
    await expect(store.query(products, { limit: 0 })).rejects.toMatchObject(invalid);
  },

  'ping resolves while the store is open and rejects after close': async ({ store, makeStore }) => {
    await expect(store.ping()).resolves.toBeUndefined();
    const other = await makeStore();
    await other.ping();
    await other.close();
    await expect(other.ping()).rejects.toThrow();
    await expect(store.ping()).resolves.toBeUndefined();
  },
} satisfies Record<string, Case>;

export type ContractCase = keyof typeof cases;
/** Cases left unregistered for a backend, each with the reason (printed by the caller). */
export type ContractExclusions = Partial<Record<ContractCase, string>>;

export function runStoreContract(
  name: string,
  makeStore: () => FullDocumentStore | Promise<FullDocumentStore>,
  options: { exclude?: ContractExclusions } = {},
): void {
  describe(`${name}: DocumentStore contract`, { timeout: 30_000 }, () => {
    let store: AnyStore;
    const run = randomBytes(4).toString('hex');
    let next = 0;

    beforeAll(async () => {
      store = untypedStore(await makeStore());
    });
    afterAll(async () => {
      await store?.close();
    });

    for (const [caseName, body] of Object.entries(cases) as Array<[ContractCase, Case]>) {
      if (options.exclude?.[caseName] !== undefined) continue;
      it(caseName, () => {
        const prefix = `${run}-${++next}`;
        return body({
          store,
          collection: (base) => `${base}-${prefix}`,
          makeStore: async () => untypedStore(await makeStore()),
        });
      });
    }
  });
}
