import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../src/server/collections/index.js';
import { FIRST_ORDER_NUMBER, ORDER_COUNTER_ID, takeOrderNumber } from '../../src/server/orders/index.js';
import { openSqliteStore, type FullDocumentStore, type FullTransaction } from '../../src/server/store/index.js';

// docs/rules.md#production-for-real: no document is written by every checkout (Firestore sustains about one write a
// second on one), and order numbers stay short, unique and increasing for a human.

const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-order-number-'));
const opened: FullDocumentStore[] = [];
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
  rmSync(dir, { recursive: true, force: true });
});

/** The store as one process sees it (its own connection to the file), counting counter writes. */
function processStore(file: string) {
  const store = openSqliteStore(path.join(dir, file));
  opened.push(store);
  let counterWrites = 0;
  const counted: FullDocumentStore = {
    ...store,
    backend: store.backend,
    get: store.get.bind(store),
    transaction: (fn) =>
      store.transaction((tx) => {
        const watched: FullTransaction = {
          get: tx.get.bind(tx),
          update: tx.update.bind(tx),
          delete: tx.delete.bind(tx),
          set: (collection, id, data) => {
            if (collection === COLLECTIONS.counters && id === ORDER_COUNTER_ID) counterWrites++;
            tx.set(collection, id, data);
          },
        };
        return fn(watched);
      }),
  };
  return { store: counted, counterWrites: () => counterWrites };
}

describe('order numbers', () => {
  it('start at CS-10001 and follow each other within a process, with one counter write per block', async () => {
    const { store, counterWrites } = processStore('one.db');
    const numbers: string[] = [];
    for (let i = 0; i < 450; i++) numbers.push(await takeOrderNumber(store, 200));
    expect(numbers[0]).toBe(`CS-${FIRST_ORDER_NUMBER}`);
    expect(numbers.every((n, i) => n === `CS-${FIRST_ORDER_NUMBER + i}`)).toBe(true);
    expect(counterWrites()).toBe(3);
  });

  it('are unique and short across processes taking them at once, with a counter write per block', async () => {
    const a = processStore('shared.db');
    const b = processStore('shared.db');
    const taken = await Promise.all(
      Array.from({ length: 300 }, (_, i) => takeOrderNumber(i % 2 === 0 ? a.store : b.store, 50)),
    );
    expect(new Set(taken).size).toBe(300);
    expect(taken.every((n) => /^CS-\d{5}$/.test(n))).toBe(true);
    // 300 numbers in blocks of 50: six counter writes between the two processes, not 300.
    expect(a.counterWrites() + b.counterWrites()).toBe(6);
  });
});
