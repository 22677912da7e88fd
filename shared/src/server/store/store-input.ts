import { z } from 'zod';
import { AppError, MESSAGES } from '../../errors/index.js';
import type { DocData, QueryOptions, WriteOp } from './document-store.js';
import { assertWriteWithinLimits } from './firestore-limits.js';

// Validation shared by both adapters, so that a bad collection, id, field path or query fails the
// same way (invalid-argument) on SQLite and on Firestore. The SQLite adapter also inlines field
// paths and collection names into SQL (expression and partial indexes only match literal text),
// which is safe because of the strict character sets below.

const NAME = /^[A-Za-z0-9_-]+$/;

export function assertCollection(collection: string): void {
  if (!NAME.test(collection)) throw new AppError('invalid-argument', MESSAGES.invalidCollectionName(collection));
}

/** Firestore's document id rules, enforced on SQLite too so data moves between backends. */
export function assertDocId(id: string): void {
  const valid =
    typeof id === 'string' &&
    id.length > 0 &&
    Buffer.byteLength(id) <= 1500 &&
    !id.includes('/') &&
    id !== '.' &&
    id !== '..' &&
    !/^__.*__$/.test(id);
  if (!valid) throw new AppError('invalid-argument', MESSAGES.invalidDocumentId(String(id)));
}

/** A dotted field path split into segments: `shipping.address.city` -> three segments. */
export function parseFieldPath(field: string): string[] {
  const segments = field.split('.');
  if (!segments.every((s) => NAME.test(s))) throw new AppError('invalid-argument', MESSAGES.invalidFieldPath(field));
  return segments;
}

/** The top-level fields an update writes: undefined values are ignored, as Firestore does. */
export function updateFields(data: DocData): Array<[string, unknown]> {
  const fields = Object.entries(data).filter(([, v]) => v !== undefined);
  if (fields.length === 0) throw new AppError('invalid-argument', MESSAGES.emptyUpdate);
  return fields;
}

/**
 * Validates a write before anything is written, so a bad op cannot leave a batch half done, and
 * refuses a document Firestore would refuse as too large.
 */
export function assertWrite(op: WriteOp<string>): void {
  assertCollection(op.collection);
  assertDocId(op.id);
  if (op.type === 'update') updateFields(op.data);
  assertWriteWithinLimits(op);
}

export type FilterValue = string | number | boolean | null;

export interface ParsedQuery {
  where: Array<{ path: string[]; value: FilterValue }>;
  /** Explicit orderBy terms; the document id always follows as the tie-break. */
  orderBy: Array<{ field: string; path: string[]; direction: 'asc' | 'desc' }>;
  /** Direction of the id tie-break: that of the last orderBy term, as in Firestore. */
  idDirection: 'asc' | 'desc';
  limit: number | null;
  cursor: string | null;
  /** Identifies the ordering a cursor was made for. */
  signature: string;
}

const queryOptionsSchema = z.object({
  where: z
    .array(z.tuple([z.string(), z.literal('=='), z.union([z.string(), z.number(), z.boolean(), z.null()])]))
    .optional(),
  orderBy: z.array(z.object({ field: z.string(), direction: z.enum(['asc', 'desc']).optional() })).optional(),
  limit: z.number().int().positive().optional(),
  cursor: z.string().nullable().optional(),
});

export function parseQuery(options: QueryOptions = {}): ParsedQuery {
  const parsed = queryOptionsSchema.safeParse(options);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.') || 'options'}: ${i.message}`).join('; ');
    throw new AppError('invalid-argument', MESSAGES.invalidQuery(detail));
  }
  const { where = [], orderBy = [], limit, cursor } = parsed.data;
  const order = orderBy.map((o) => ({
    field: o.field,
    path: parseFieldPath(o.field),
    direction: o.direction ?? 'asc',
  }));
  return {
    where: where.map(([field, , value]) => ({ path: parseFieldPath(field), value })),
    orderBy: order,
    idDirection: order.at(-1)?.direction ?? 'asc',
    limit: limit ?? null,
    cursor: cursor ?? null,
    signature: order.map((o) => `${o.field}:${o.direction}`).join(','),
  };
}
