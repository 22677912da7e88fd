import type { Order } from '../../schemas/order.js';
import { COLLECTIONS, getDoc, parseDoc } from '../collections/index.js';
import type { FullTransaction } from '../store/index.js';

// The `orders` documents as this module reads and writes them: the only code that names the
// collection for a write (lint refuses `COLLECTIONS.orders` anywhere else, see eslint.config.js).
// A whole order is validated before it is stored, so no writer can leave a document the readers
// cannot parse.

/** A store or a transaction: both read one document the same way. */
export type OrderReader = Pick<FullTransaction, 'get'>;

/** The stored order, parsed; null when there is none. */
export async function readOrder(reader: OrderReader, orderId: string): Promise<Order | null> {
  return getDoc(reader, COLLECTIONS.orders, orderId);
}

/** Whether a document is stored under this id, readable or not. */
export async function orderExists(reader: OrderReader, orderId: string): Promise<boolean> {
  return (await reader.get(COLLECTIONS.orders, orderId)) !== null;
}

/** Stores the whole order (create or replace) inside the caller's transaction. */
export function writeOrder(tx: FullTransaction, order: Order): void {
  tx.set(COLLECTIONS.orders, order.id, parseDoc(COLLECTIONS.orders, order));
}

/** Merges these top-level fields into the stored order inside the caller's transaction. */
export function updateOrder(tx: FullTransaction, orderId: string, fields: Partial<Omit<Order, 'id'>>): void {
  tx.update(COLLECTIONS.orders, orderId, fields);
}
