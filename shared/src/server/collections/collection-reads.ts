import type { Doc, DocumentStore, QueryOptions, Transaction } from '../store/document-store.js';
import { scanCollection } from '../store/scan-collection.js';
import { COLLECTION_SCHEMAS, type CollectionDoc, type CollectionName } from './registry.js';

// Reads that come back parsed through the collection's schema, so a caller names the collection
// and gets its documents typed instead of parsing them itself. A list skips a document its schema
// refuses (one bad document must not take a whole list down); a single read throws on one.
// Each read takes any store or transaction that holds the collection named, so the app's store
// (which holds no `orders`) reads through them too, and only the order module reads orders.

export function parseDoc<N extends CollectionName>(collection: N, data: unknown): CollectionDoc<N> {
  return COLLECTION_SCHEMAS[collection].parse(data) as CollectionDoc<N>;
}

/** The document parsed through its collection's schema, or null when the schema refuses it. */
export function readableDoc<N extends CollectionName>(collection: N, data: unknown): CollectionDoc<N> | null {
  const parsed = COLLECTION_SCHEMAS[collection].safeParse(data);
  return parsed.success ? (parsed.data as CollectionDoc<N>) : null;
}

function parsedOrSkipped<N extends CollectionName>(collection: N, doc: Doc): Doc<CollectionDoc<N>> | null {
  const data = readableDoc(collection, doc.data);
  return data ? { id: doc.id, data } : null;
}

/** One document of the collection, parsed; null when there is none. */
export async function getDoc<N extends CollectionName>(
  reader: Pick<Transaction<N>, 'get'>,
  collection: N,
  id: string,
): Promise<CollectionDoc<N> | null> {
  const data = await reader.get(collection, id);
  return data ? parseDoc(collection, data) : null;
}

/** One document of the collection, parsed; null when there is none or its schema refuses it, for
 * a caller that treats an unreadable document as absent (a 404, a code that does not apply). */
export async function getReadableDoc<N extends CollectionName>(
  reader: Pick<Transaction<N>, 'get'>,
  collection: N,
  id: string,
): Promise<CollectionDoc<N> | null> {
  const data = await reader.get(collection, id);
  return data ? readableDoc(collection, data) : null;
}

/** One page of the collection, each document parsed; unreadable ones are left out. */
export async function queryDocs<N extends CollectionName>(
  store: Pick<DocumentStore<N>, 'query'>,
  collection: N,
  options?: QueryOptions,
): Promise<{ docs: Array<Doc<CollectionDoc<N>>>; nextCursor: string | null }> {
  const page = await store.query(collection, options);
  const docs = page.docs.map((doc) => parsedOrSkipped(collection, doc)).filter((doc) => doc !== null);
  return { docs, nextCursor: page.nextCursor };
}

/** scanCollection with each document parsed; unreadable ones are left out. */
export async function scanDocs<N extends CollectionName>(
  store: Pick<DocumentStore<N>, 'query'>,
  collection: N,
  visit: (doc: Doc<CollectionDoc<N>>) => void,
  options: Omit<QueryOptions, 'limit' | 'cursor'> = {},
): Promise<void> {
  await scanCollection(
    store,
    collection,
    (doc) => {
      const parsed = parsedOrSkipped(collection, doc);
      if (parsed) visit(parsed);
    },
    options,
  );
}
