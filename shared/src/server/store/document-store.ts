// The one port for the whole document store (docs/architecture.md#real-parts-and-embedded-defaults). Repositories for catalogue,
// carts, orders, users and quotes are written once against it; the SQLite and Firestore adapters
// both pass the contract suite in shared/test/store/.
//
// Typed by collection: the store takes only the registry's names, so a misspelt or unregistered
// collection does not compile, and the app's store (`DocumentStore`, that is
// `DocumentStore<AppCollection>`) does not take `orders` at all: only the order module holds the
// full store (`FullDocumentStore`). The members are function-typed
// properties, not methods, so TypeScript checks their parameters contravariantly: a store of fewer
// collections is not assignable to one of more, and the app's store cannot be widened back by
// passing it where a full store is asked for. The adapters themselves accept any name
// (`DocumentStore<string>`), which the contract suite needs for its made-up collections.

import type { AppCollection, CollectionName } from '../collections/registry.js';

/** A stored document: plain JSON-like data. Date values round-trip as Date objects. */
export type DocData = Record<string, unknown>;

export interface Doc<T extends DocData = DocData> {
  id: string;
  data: T;
}

export type WhereOp = '==';
export interface QueryOptions {
  /** Equality filters on top-level or dotted nested fields. */
  where?: Array<[field: string, op: WhereOp, value: string | number | boolean | null]>;
  /**
   * As in Firestore: documents lacking an orderBy field are left out, nulls sort first, and the
   * document id breaks ties in the direction of the last term. Keep one value type per field.
   */
  orderBy?: Array<{ field: string; direction?: 'asc' | 'desc' }>;
  limit?: number;
  /** Opaque cursor from a previous page's nextCursor. */
  cursor?: string | null;
}
export interface QueryPage<T extends DocData = DocData> {
  docs: Doc<T>[];
  /** Present when there may be more documents after this page. */
  nextCursor: string | null;
}

export type WriteOp<C extends string = AppCollection> =
  | { type: 'set'; collection: C; id: string; data: DocData }
  | { type: 'update'; collection: C; id: string; data: DocData }
  | { type: 'delete'; collection: C; id: string };

/**
 * Reads first, then writes, as in Firestore. Everything commits atomically or not at all. At most
 * 500 writes, and no document over 1 MiB (both refused with invalid-argument, as Firestore would).
 */
export interface Transaction<C extends string = AppCollection> {
  get: <T extends DocData = DocData>(collection: C, id: string) => Promise<T | null>;
  set: (collection: C, id: string, data: DocData) => void;
  /** Shallow merge of top-level fields into an existing document; not-found if it is missing. */
  update: (collection: C, id: string, data: DocData) => void;
  delete: (collection: C, id: string) => void;
}

export interface DocumentStore<C extends string = AppCollection> {
  readonly backend: 'sqlite' | 'firestore';
  get: <T extends DocData = DocData>(collection: C, id: string) => Promise<T | null>;
  getMany: <T extends DocData = DocData>(collection: C, ids: string[]) => Promise<Array<Doc<T>>>;
  /** Create or replace. */
  set: (collection: C, id: string, data: DocData) => Promise<void>;
  /** Shallow merge into an existing document; throws AppError('not-found') if missing. */
  update: (collection: C, id: string, data: DocData) => Promise<void>;
  delete: (collection: C, id: string) => Promise<void>;
  query: <T extends DocData = DocData>(collection: C, options?: QueryOptions) => Promise<QueryPage<T>>;
  /**
   * Atomic batch of writes. At most 500 writes (Firestore's limit, refused by both adapters with
   * invalid-argument before anything is written): split larger work into batches of your own.
   */
  batch: (ops: Array<WriteOp<C>>) => Promise<void>;
  /**
   * Serializable read-modify-write; retried on contention by the adapter; never loses an update.
   * Write only through `tx` inside `fn` (SQLite refuses store writes there: they would deadlock),
   * and keep `fn` free of side effects: Firestore may run it more than once.
   */
  transaction: <R>(fn: (tx: Transaction<C>) => Promise<R>) => Promise<R>;
  /** Cheap liveness check used by /api/health/ready; throws when the store is unusable. */
  ping: () => Promise<void>;
  close: () => Promise<void>;
}

/** The store over every registered collection, `orders` included: the adapters open it, and only
 * the order module (`server/orders`) is given it; everything else holds a `DocumentStore`. */
export type FullDocumentStore = DocumentStore<CollectionName>;
/** A transaction over every registered collection, inside the order module. */
export type FullTransaction = Transaction<CollectionName>;
