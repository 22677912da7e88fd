import { COLLECTIONS, type CollectionDoc } from '../collections/index.js';
import { ORDER_NUMBER_PREFIX } from '../../constants/index.js';
import type { FullDocumentStore } from '../store/index.js';

// Short order numbers shown to shoppers and in e-mails (docs/rules.md#money-at-checkout: e.g. CS-10042). Ids are
// long hashes meant for machines. Firestore sustains about one write a second on a document
// (docs/rules.md#production-for-real), so checkouts do not each bump one counter: each process reserves a block of
// numbers with one counter write and hands them out itself. Numbers stay short and unique, and
// increase in the order a process takes them; a process that stops leaves the rest of its block
// unused (a gap of at most ORDER_NUMBER_BLOCK), which a shopper never notices.

export const ORDER_COUNTER_ID = 'orders';
export { ORDER_NUMBER_PREFIX };
export const FIRST_ORDER_NUMBER = 10001;
/** Numbers one counter write reserves: at 130 checkouts a second, about one write every 1.5 s. */
export const ORDER_NUMBER_BLOCK = 200;

interface Block {
  next: number;
  end: number;
  refill: Promise<void> | null;
}

// One block per store a process holds (the API's and the worker's own; each test app its own).
const blocks = new WeakMap<FullDocumentStore, Block>();

async function reserveBlock(store: FullDocumentStore, block: Block, size: number): Promise<void> {
  const start = await store.transaction(async (tx) => {
    const counter = await tx.get<CollectionDoc<typeof COLLECTIONS.counters>>(COLLECTIONS.counters, ORDER_COUNTER_ID);
    const from = Math.max(FIRST_ORDER_NUMBER, Number(counter?.next) || FIRST_ORDER_NUMBER);
    tx.set(COLLECTIONS.counters, ORDER_COUNTER_ID, { next: from + size });
    return from;
  });
  block.next = start;
  block.end = start + size;
}

/**
 * The next order number of this process. Call it before (outside) the transaction that records the
 * order: the number is this process's alone, so a retried transaction keeps it.
 */
export async function takeOrderNumber(store: FullDocumentStore, blockSize = ORDER_NUMBER_BLOCK): Promise<string> {
  let block = blocks.get(store);
  if (!block) {
    block = { next: 0, end: 0, refill: null };
    blocks.set(store, block);
  }
  while (block.next >= block.end) {
    const current = block;
    current.refill ??= reserveBlock(store, current, blockSize).finally(() => (current.refill = null));
    await current.refill;
  }
  return `${ORDER_NUMBER_PREFIX}${block.next++}`;
}
