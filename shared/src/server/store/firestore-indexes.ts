import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { DocumentStore, QueryOptions } from './document-store.js';

// Firestore answers a query only from an index (docs/providers.md#firestore): equality filters alone, or
// one order with no filter, are served by the automatic single-field indexes; an order on another
// field than the equality ones, or two or more orders, need a composite index declared in
// `firestore.indexes.json` (docs/rules.md#production-for-real), else the query fails with FAILED_PRECONDITION. The
// SQLite store answers any query, so outside production it is wrapped to refuse, as Firestore
// would, a query the file does not cover: the suites then fail where production would.

const indexFieldSchema = z.object({
  fieldPath: z.string().min(1),
  order: z.enum(['ASCENDING', 'DESCENDING']).optional(),
  arrayConfig: z.literal('CONTAINS').optional(),
});
const compositeIndexSchema = z.object({
  collectionGroup: z.string().min(1),
  queryScope: z.enum(['COLLECTION', 'COLLECTION_GROUP']),
  fields: z.array(indexFieldSchema).min(2),
});
export const firestoreIndexesFileSchema = z.object({
  indexes: z.array(compositeIndexSchema),
  fieldOverrides: z.array(z.unknown()).default([]),
});
export type CompositeIndex = z.infer<typeof compositeIndexSchema>;

/** The repository's `firestore.indexes.json` (beside the workspaces in a checkout and in the images). */
export const FIRESTORE_INDEXES_FILE = fileURLToPath(new URL('../../../../firestore.indexes.json', import.meta.url));

export function readFirestoreIndexes(file = FIRESTORE_INDEXES_FILE): CompositeIndex[] {
  return firestoreIndexesFileSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).indexes;
}

/** What a query asks of Firestore's indexes: its equality fields and its orders. */
export interface QueryShape {
  collection: string;
  equalities: string[];
  orders: Array<{ field: string; direction: 'asc' | 'desc' }>;
}

export function queryShape(collection: string, options: QueryOptions = {}): QueryShape {
  const equalities = [...new Set((options.where ?? []).map(([field]) => field))].sort();
  // An order on a field fixed by an equality filter orders nothing, and asks nothing of an index.
  const orders = (options.orderBy ?? [])
    .filter((o) => !equalities.includes(o.field))
    .map((o) => ({ field: o.field, direction: o.direction ?? ('asc' as const) }));
  return { collection, equalities, orders };
}

/** The composite index Firestore needs for this shape, or null when single-field indexes serve it. */
export function compositeIndexFor(shape: QueryShape): CompositeIndex | null {
  if (shape.orders.length === 0) return null;
  if (shape.equalities.length === 0 && shape.orders.length === 1) return null;
  return {
    collectionGroup: shape.collection,
    queryScope: 'COLLECTION',
    fields: [
      ...shape.equalities.map((fieldPath) => ({ fieldPath, order: 'ASCENDING' as const })),
      ...shape.orders.map((o) => ({
        fieldPath: o.field,
        order: o.direction === 'desc' ? ('DESCENDING' as const) : ('ASCENDING' as const),
      })),
    ],
  };
}

/** Whether a declared index serves the shape: its equality fields first (any order), then the orders exactly. */
export function indexServes(index: CompositeIndex, shape: QueryShape): boolean {
  if (index.collectionGroup !== shape.collection || index.queryScope !== 'COLLECTION') return false;
  const fields = index.fields.filter((f) => f.fieldPath !== '__name__');
  if (fields.length !== shape.equalities.length + shape.orders.length) return false;
  const leading = fields.slice(0, shape.equalities.length).map((f) => f.fieldPath);
  if ([...leading].sort().join('\n') !== shape.equalities.join('\n')) return false;
  return fields
    .slice(shape.equalities.length)
    .every(
      (f, i) =>
        f.fieldPath === shape.orders[i].field &&
        f.order === (shape.orders[i].direction === 'desc' ? 'DESCENDING' : 'ASCENDING'),
    );
}

/** The index a query would need and the file lacks, or null. */
export function missingIndex(shape: QueryShape, declared: CompositeIndex[]): CompositeIndex | null {
  const needed = compositeIndexFor(shape);
  if (!needed) return null;
  return declared.some((index) => indexServes(index, shape)) ? null : needed;
}

export class MissingFirestoreIndexError extends Error {
  constructor(
    readonly shape: QueryShape,
    readonly needed: CompositeIndex,
  ) {
    super(
      `Firestore would refuse this query on "${shape.collection}" (FAILED_PRECONDITION: it needs a composite index): add ${JSON.stringify(needed)} to firestore.indexes.json`,
    );
    this.name = 'MissingFirestoreIndexError';
  }
}

/**
 * The store, refusing every query that Firestore could not answer with the declared indexes.
 * `onShape` sees every query shape issued (tests record them).
 */
export function withFirestoreIndexCheck<C extends string>(
  store: DocumentStore<C>,
  declared: CompositeIndex[],
  onShape?: (shape: QueryShape) => void,
): DocumentStore<C> {
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property !== 'query') {
        const value: unknown = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      }
      const query: DocumentStore<C>['query'] = (collection, options) => {
        const shape = queryShape(collection, options);
        onShape?.(shape);
        const needed = missingIndex(shape, declared);
        if (needed) return Promise.reject(new MissingFirestoreIndexError(shape, needed));
        return target.query(collection, options);
      };
      return query;
    },
  });
}

/** Outside production, when the file is there: the SQLite store held to Firestore's index rules. */
export function checkedLikeFirestore<C extends string>(
  store: DocumentStore<C>,
  file = FIRESTORE_INDEXES_FILE,
): DocumentStore<C> {
  return existsSync(file) ? withFirestoreIndexCheck(store, readFirestoreIndexes(file)) : store;
}
