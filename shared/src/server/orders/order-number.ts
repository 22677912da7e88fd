import { COLLECTIONS, type CollectionDoc } from '../collections/index.js';
import type { Transaction } from '../store/index.js';

// Short order numbers shown to shoppers and in e-mails (DESIGN.md 12.1: e.g. CS-10042). Ids are
// long hashes meant for machines; the number comes from one counter document, bumped inside the
// transaction that records the order, so two checkouts never share a number.

export const ORDER_COUNTER_ID = 'orders';
export const ORDER_NUMBER_PREFIX = 'CS-';
export const FIRST_ORDER_NUMBER = 10001;

/** Takes the next number. Reads, so call it before the transaction's first write. */
export async function takeOrderNumber(tx: Transaction): Promise<{ number: string; commit: () => void }> {
  const counter = await tx.get<CollectionDoc<typeof COLLECTIONS.counters>>(COLLECTIONS.counters, ORDER_COUNTER_ID);
  const next = Math.max(FIRST_ORDER_NUMBER, Number(counter?.next) || FIRST_ORDER_NUMBER);
  return {
    number: `${ORDER_NUMBER_PREFIX}${next}`,
    commit: () => tx.set(COLLECTIONS.counters, ORDER_COUNTER_ID, { next: next + 1 }),
  };
}
