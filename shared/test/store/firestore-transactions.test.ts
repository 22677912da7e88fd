import { FieldPath, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/errors/index.js';
import { FIRESTORE_TRANSACTION_ATTEMPTS, firestoreStoreOn } from '../../src/server/store/firestore-store.js';
import { untypedStore, type DocData, type DocumentStore } from '../../src/server/store/index.js';

// The Firestore adapter's transaction and batch code against a stand-in for the Admin SDK that
// behaves as Firestore documents it (docs/providers.md#firestore): a transaction's reads come before
// its writes (the SDK throws otherwise), a commit that meets contention fails ABORTED and the SDK
// reruns the function up to maxAttempts times, a commit applies all its writes or none (an update
// of a missing document fails it NOT_FOUND). The Node emulator gets these wrong, so the contract
// suite leaves those cases out for it; here they are checked without any emulator.

const ABORTED = 10;
const NOT_FOUND = 5;
const grpcError = (code: number, text: string) => Object.assign(new Error(`${code} ${text}`), { code });

interface Ref {
  path: string;
  id: string;
  /** A read outside any transaction. */
  get(): Promise<ReturnType<FakeFirestore['snapshot']>>;
}
type Staged =
  | { kind: 'set'; path: string; data: DocData; options: unknown }
  | { kind: 'update'; path: string; fields: Array<[string[], unknown]> }
  | { kind: 'delete'; path: string };

/** Dates are stored as Timestamps, as the SDK does, so the adapter must turn them back. */
function toStored(value: unknown): unknown {
  if (value instanceof Date) return Timestamp.fromDate(value);
  if (Array.isArray(value)) return value.map(toStored);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toStored(v)]));
  }
  return value;
}

function stageUpdate(path: string, pairs: unknown[]): Staged {
  const fields: Array<[string[], unknown]> = [];
  for (let i = 0; i < pairs.length; i += 2) {
    const fieldPath = pairs[i];
    if (!(fieldPath instanceof FieldPath)) throw new Error('the adapter passes FieldPath objects');
    fields.push([(fieldPath as unknown as { segments: string[] }).segments, pairs[i + 1]]);
  }
  return { kind: 'update', path, fields };
}

class FakeTransaction {
  readonly writes: Staged[] = [];
  readonly readVersions = new Map<string, number>();
  constructor(private readonly db: FakeFirestore) {}

  async get(ref: Ref) {
    this.db.sdkReads += 1;
    if (this.writes.length > 0) {
      throw new Error('Firestore transactions require all reads to be executed before all writes.');
    }
    await Promise.resolve();
    this.readVersions.set(ref.path, this.db.version(ref.path));
    return this.db.snapshot(ref);
  }
  set(ref: Ref, data: DocData, options?: unknown) {
    this.writes.push({ kind: 'set', path: ref.path, data, options });
  }
  update(ref: Ref, ...pairs: unknown[]) {
    this.writes.push(stageUpdate(ref.path, pairs));
  }
  delete(ref: Ref) {
    this.writes.push({ kind: 'delete', path: ref.path });
  }
}

class FakeFirestore {
  docs = new Map<string, DocData>();
  versions = new Map<string, number>();
  commits: Staged[][] = [];
  batchesMade = 0;
  sdkReads = 0;
  attempts = 0;
  /** The next this-many commits fail ABORTED, as under contention. */
  contendedCommits = 0;
  maxAttempts: number | undefined;

  /** The query calls the adapter made, in order, with field paths as their segments. */
  queryCalls: unknown[][] = [];

  collection(name: string) {
    const doc = (id: string): Ref => ({ path: `${name}/${id}`, id, get: async () => this.snapshot(doc(id)) });
    const segments = (path: unknown) =>
      path instanceof FieldPath ? (path as unknown as { segments: string[] }).segments : path;
    const query = {
      doc,
      where: (path: unknown, op: string, value: unknown) => (
        this.queryCalls.push(['where', segments(path), op, value]),
        query
      ),
      orderBy: (path: unknown, direction: string) => (
        this.queryCalls.push(['orderBy', segments(path), direction]),
        query
      ),
      startAfter: (...values: unknown[]) => (this.queryCalls.push(['startAfter', ...values]), query),
      limit: (n: number) => (this.queryCalls.push(['limit', n]), query),
      // Answers every document of the collection in id order: the shape of the query is under test here.
      get: async () => ({
        docs: [...this.docs.entries()]
          .filter(([path]) => path.startsWith(`${name}/`))
          .map(([path, data]) => ({
            id: path.slice(name.length + 1),
            data: () => ({ ...data }),
            get: (field: FieldPath) =>
              (field as unknown as { segments: string[] }).segments.reduce<unknown>(
                (value, key) => (value as Record<string, unknown> | undefined)?.[key],
                data,
              ),
          })),
      }),
    };
    return query;
  }

  version(path: string): number {
    return this.versions.get(path) ?? 0;
  }

  snapshot(ref: Ref) {
    const data = this.docs.get(ref.path);
    return { id: ref.id, exists: data !== undefined, data: () => (data ? { ...data } : undefined) };
  }

  batch() {
    this.batchesMade += 1;
    const writes: Staged[] = [];
    return {
      set: (ref: Ref, data: DocData, options?: unknown) => writes.push({ kind: 'set', path: ref.path, data, options }),
      update: (ref: Ref, ...pairs: unknown[]) => writes.push(stageUpdate(ref.path, pairs)),
      delete: (ref: Ref) => writes.push({ kind: 'delete', path: ref.path }),
      commit: async () => this.commit(writes),
    };
  }

  async runTransaction<R>(fn: (tx: FakeTransaction) => Promise<R>, options?: { maxAttempts?: number }): Promise<R> {
    this.maxAttempts = options?.maxAttempts;
    const max = options?.maxAttempts ?? 5;
    for (let attempt = 1; ; attempt++) {
      this.attempts += 1;
      const tx = new FakeTransaction(this);
      const result = await fn(tx);
      try {
        this.commit(tx.writes, tx.readVersions);
        return result;
      } catch (error) {
        if ((error as { code?: number }).code !== ABORTED || attempt >= max) throw error;
      }
    }
  }

  /** All writes or none; a document read by the transaction and changed since fails it ABORTED. */
  private commit(writes: Staged[], readVersions = new Map<string, number>()): void {
    if (this.contendedCommits > 0) {
      this.contendedCommits -= 1;
      throw grpcError(ABORTED, 'ABORTED: Transaction lock timeout.');
    }
    for (const [path, version] of readVersions) {
      if (this.version(path) !== version) throw grpcError(ABORTED, 'ABORTED: Too much contention on these documents.');
    }
    const next = new Map(this.docs);
    for (const w of writes) {
      if (w.kind === 'delete') next.delete(w.path);
      else if (w.kind === 'set') next.set(w.path, toStored(w.data) as DocData);
      else {
        const current = next.get(w.path);
        if (!current) throw grpcError(NOT_FOUND, `NOT_FOUND: No document to update: ${w.path}`);
        const merged = { ...current };
        for (const [segments, value] of w.fields) {
          if (segments.length !== 1) throw new Error('the adapter updates top-level fields only');
          merged[segments[0]] = toStored(value);
        }
        next.set(w.path, merged);
      }
    }
    this.docs = next;
    for (const w of writes) this.versions.set(w.path, this.version(w.path) + 1);
    this.commits.push(writes);
  }
}

function fakeStore(): { db: FakeFirestore; store: DocumentStore<string> } {
  const db = new FakeFirestore();
  return { db, store: untypedStore(firestoreStoreOn(db as unknown as Firestore, async () => {})) };
}

describe('Firestore adapter transactions', () => {
  it('refuses a read after a write itself, before the SDK is asked, and commits nothing', async () => {
    const { db, store } = fakeStore();
    const failing = store.transaction(async (tx) => {
      tx.set('stock', 'a', { qty: 1 });
      return tx.get('stock', 'a');
    });
    await expect(failing).rejects.toMatchObject({ code: 'internal', message: MESSAGES.readAfterWrite });
    expect(db.sdkReads).toBe(0);
    expect(db.commits).toEqual([]);
  });

  it('reruns the function with a fresh transaction after contention, reads first again, and commits once', async () => {
    const { db, store } = fakeStore();
    db.docs.set('counters/c', { n: 0 });
    db.contendedCommits = 2;
    const seen: number[] = [];
    const result = await store.transaction(async (tx) => {
      const current = await tx.get<{ n: number }>('counters', 'c');
      seen.push(current!.n);
      tx.update('counters', 'c', { n: current!.n + 1 });
      return current!.n + 1;
    });
    expect(result).toBe(1);
    expect(seen).toEqual([0, 0, 0]);
    expect(db.commits).toHaveLength(1);
    expect(await store.get('counters', 'c')).toEqual({ n: 1 });
  });

  it('loses no update when ten increments contend for one document', async () => {
    const { db, store } = fakeStore();
    db.docs.set('counters/c', { n: 0 });
    await Promise.all(
      Array.from({ length: 10 }, () =>
        store.transaction(async (tx) => {
          const current = await tx.get<{ n: number }>('counters', 'c');
          tx.set('counters', 'c', { n: current!.n + 1 });
        }),
      ),
    );
    expect(await store.get('counters', 'c')).toEqual({ n: 10 });
    expect(db.commits).toHaveLength(10);
    expect(db.attempts).toBeGreaterThan(10);
  });

  it('gives up after a bounded number of attempts saying the store is busy (try again), not as an internal error', async () => {
    const { db, store } = fakeStore();
    db.docs.set('counters/c', { n: 0 });
    db.contendedCommits = Number.MAX_SAFE_INTEGER;
    const failing = store.transaction(async (tx) => {
      const current = await tx.get<{ n: number }>('counters', 'c');
      tx.set('counters', 'c', { n: current!.n + 1 });
    });
    await expect(failing).rejects.toMatchObject({ code: 'unavailable', message: MESSAGES.storeBusy });
    // The adapter does the retrying, one SDK attempt at a time (the SDK's own waits are long).
    expect(db.maxAttempts).toBe(1);
    expect(db.attempts).toBe(FIRESTORE_TRANSACTION_ATTEMPTS);
    expect(db.docs.get('counters/c')).toEqual({ n: 0 });
  });

  it('stages every write on the SDK transaction and commits them together, set replacing, update by top-level field', async () => {
    const { db, store } = fakeStore();
    db.docs.set('stock/a', { qty: 10, note: 'old' });
    db.docs.set('stock/gone', { qty: 1 });
    const when = new Date('2026-01-02T03:04:05.000Z');
    await store.transaction(async (tx) => {
      const a = await tx.get<{ qty: number }>('stock', 'a');
      tx.set('stock', 'b', { qty: 3, at: when });
      expect(db.docs.has('stock/b')).toBe(false);
      tx.update('stock', 'a', { qty: a!.qty - 3, 'size.m': 2 });
      tx.delete('stock', 'gone');
    });
    expect(db.commits).toHaveLength(1);
    const [set, update, del] = db.commits[0];
    expect(set).toMatchObject({ kind: 'set', path: 'stock/b', options: undefined });
    expect(update).toEqual({
      kind: 'update',
      path: 'stock/a',
      fields: [
        [['qty'], 7],
        [['size.m'], 2],
      ],
    });
    expect(del).toEqual({ kind: 'delete', path: 'stock/gone' });
    expect(await store.get('stock', 'b')).toEqual({ qty: 3, at: when });
    expect(await store.get('stock', 'a')).toEqual({ qty: 7, note: 'old', 'size.m': 2 });
    expect(await store.get('stock', 'gone')).toBeNull();
  });

  it('is not-found and writes nothing when it updates a missing document', async () => {
    const { db, store } = fakeStore();
    const failing = store.transaction(async (tx) => {
      tx.set('stock', 'a', { qty: 1 });
      tx.update('stock', 'missing', { qty: 2 });
    });
    await expect(failing).rejects.toMatchObject({ code: 'not-found', message: MESSAGES.writeTargetMissing });
    expect(db.docs.size).toBe(0);
  });

  it('commits nothing when its function throws, and passes the error on', async () => {
    const { db, store } = fakeStore();
    const failing = store.transaction(async (tx) => {
      tx.set('stock', 'a', { qty: 1 });
      throw new Error('payment declined');
    });
    await expect(failing).rejects.toThrow('payment declined');
    expect(db.commits).toEqual([]);
  });

  it('refuses a 501st write and an oversized document before staging them', async () => {
    const { db, store } = fakeStore();
    const tooMany = store.transaction(async (tx) => {
      for (let i = 0; i < 501; i++) tx.set('stock', `s${i}`, { i });
    });
    await expect(tooMany).rejects.toMatchObject({ code: 'invalid-argument' });
    const tooLarge = store.transaction(async (tx) => {
      tx.set('stock', 'big', { note: 'x'.repeat(1_048_576) });
    });
    await expect(tooLarge).rejects.toMatchObject({ code: 'invalid-argument' });
    expect(db.commits).toEqual([]);
  });
});

describe('Firestore adapter batches', () => {
  it('commit every write in one atomic commit, in order', async () => {
    const { db, store } = fakeStore();
    db.docs.set('products/old', { title: 'Old' });
    db.docs.set('products/kept', { title: 'Kept', price: 1 });
    const ops = Array.from({ length: 498 }, (_, i) => ({
      type: 'set' as const,
      collection: 'products',
      id: `p${i}`,
      data: { i },
    }));
    await store.batch([
      ...ops,
      { type: 'update', collection: 'products', id: 'kept', data: { price: 2 } },
      { type: 'delete', collection: 'products', id: 'old' },
    ]);
    expect(db.batchesMade).toBe(1);
    expect(db.commits).toHaveLength(1);
    expect(db.commits[0]).toHaveLength(500);
    expect(db.commits[0].at(-1)).toEqual({ kind: 'delete', path: 'products/old' });
    expect(await store.get('products', 'kept')).toEqual({ title: 'Kept', price: 2 });
  });

  it('with an update of a missing document fail not-found and write nothing', async () => {
    const { db, store } = fakeStore();
    db.docs.set('products/a', { v: 1 });
    const batch = store.batch([
      { type: 'set', collection: 'products', id: 'b', data: { v: 1 } },
      { type: 'update', collection: 'products', id: 'a', data: { v: 2 } },
      { type: 'update', collection: 'products', id: 'missing', data: { v: 1 } },
    ]);
    await expect(batch).rejects.toMatchObject({ code: 'not-found', message: MESSAGES.writeTargetMissing });
    expect([...db.docs.keys()]).toEqual(['products/a']);
    expect(db.docs.get('products/a')).toEqual({ v: 1 });
  });

  it('of more than 500 writes, or with an invalid write, are refused without a batch being made', async () => {
    const { db, store } = fakeStore();
    const ops = Array.from({ length: 501 }, (_, i) => ({
      type: 'set' as const,
      collection: 'products',
      id: `p${i}`,
      data: { i },
    }));
    await expect(store.batch(ops)).rejects.toMatchObject({
      code: 'invalid-argument',
      message: MESSAGES.tooManyWrites(501, 500),
    });
    await expect(
      store.batch([
        { type: 'set', collection: 'products', id: 'ok', data: { v: 1 } },
        { type: 'set', collection: 'products', id: 'a/b', data: { v: 1 } },
      ]),
    ).rejects.toMatchObject({ code: 'invalid-argument' });
    expect(db.batchesMade).toBe(0);
  });
});

describe('Firestore adapter queries', () => {
  it('filter and order on nested fields by their segments, break ties by id in the last direction, and page with startAfter', async () => {
    const { db, store } = fakeStore();
    const at = (day: number) => new Date(Date.UTC(2026, 0, day));
    for (const [id, day] of [
      ['o1', 3],
      ['o2', 2],
      ['o3', 1],
    ] as const) {
      db.docs.set(`orders/${id}`, toStored({ shipping: { city: 'Oslo' }, createdAt: at(day) }) as DocData);
    }
    const options = {
      where: [['shipping.city', '==', 'Oslo']] as Array<[string, '==', string]>,
      orderBy: [{ field: 'createdAt', direction: 'desc' as const }],
      limit: 2,
    };
    const first = await store.query('orders', options);
    expect(db.queryCalls).toEqual([
      ['where', ['shipping', 'city'], '==', 'Oslo'],
      ['orderBy', ['createdAt'], 'desc'],
      ['orderBy', ['__name__'], 'desc'],
      ['limit', 3],
    ]);
    expect(first.docs.map((d) => d.id)).toEqual(['o1', 'o2']);
    expect(first.docs[0].data).toEqual({ shipping: { city: 'Oslo' }, createdAt: at(3) });
    expect(first.nextCursor).not.toBeNull();

    db.queryCalls = [];
    await store.query('orders', { ...options, cursor: first.nextCursor });
    const startAfter = db.queryCalls.find((call) => call[0] === 'startAfter')!;
    expect(startAfter.slice(1)).toEqual([at(2), 'o2']);
    await expect(
      store.query('orders', { orderBy: [{ field: 'total' }], cursor: first.nextCursor }),
    ).rejects.toMatchObject({ code: 'invalid-argument', message: MESSAGES.invalidCursor });
  });

  // Three contract cases the Node emulator gets wrong are Firestore's own evaluation (equality on
  // null matches null, not a missing field; integers and fractions order by value; a document
  // lacking the ordered field is left out). The adapter's part is to hand Firestore the null and
  // the numbers as they are, in the filter and in the cursor, which is checked here.
  it('hand null filters and integer or fractional cursor values to Firestore unchanged', async () => {
    const { db, store } = fakeStore();
    db.docs.set('orders/a', { refundedAt: null, total: 2 });
    db.docs.set('orders/b', { refundedAt: null, total: 2.5 });
    const options = {
      where: [['refundedAt', '==', null]] as Array<[string, '==', null]>,
      orderBy: [{ field: 'total' }],
      limit: 1,
    };
    const first = await store.query('orders', options);
    expect(db.queryCalls[0]).toEqual(['where', ['refundedAt'], '==', null]);
    expect(first.docs).toEqual([{ id: 'a', data: { refundedAt: null, total: 2 } }]);
    db.queryCalls = [];
    await store.query('orders', { ...options, cursor: first.nextCursor });
    expect(db.queryCalls.find((call) => call[0] === 'startAfter')).toEqual(['startAfter', 2, 'a']);

    db.docs.delete('orders/a');
    db.docs.set('orders/c', { refundedAt: null, total: 3 });
    const fractional = await store.query('orders', options);
    db.queryCalls = [];
    await store.query('orders', { ...options, cursor: fractional.nextCursor });
    expect(db.queryCalls.find((call) => call[0] === 'startAfter')).toEqual(['startAfter', 2.5, 'b']);
  });
});
