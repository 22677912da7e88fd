import { AppError, MESSAGES } from '../../errors/index.js';
import type { DocData, WriteOp } from './document-store.js';

// Firestore's hard limits (docs/providers.md#firestore), checked by both adapters before anything is
// written, so a write that Firestore would refuse fails the same way on the SQLite file in
// development and tests, and never reaches Firestore half-staged.

/** Most writes one batch or one transaction may commit. */
export const FIRESTORE_MAX_WRITES = 500;
/** Largest document Firestore stores: 1 MiB. */
export const FIRESTORE_MAX_DOCUMENT_BYTES = 1_048_576;

/** Firestore's "string size": UTF-8 bytes plus one. */
function stringSize(value: string): number {
  return Buffer.byteLength(value, 'utf8') + 1;
}

/** A field value's storage size by Firestore's rules (undefined fields are dropped, as configured). */
export function valueSize(value: unknown): number {
  if (value === null || typeof value === 'boolean') return 1;
  if (typeof value === 'number' || typeof value === 'bigint' || value instanceof Date) return 8;
  if (typeof value === 'string') return stringSize(value);
  if (value instanceof Uint8Array) return value.byteLength;
  if (Array.isArray(value)) return value.reduce<number>((sum, item) => sum + valueSize(item), 0);
  if (typeof value === 'object') return fieldsSize(value as Record<string, unknown>);
  return 0;
}

function fieldsSize(fields: Record<string, unknown>): number {
  let size = 0;
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) size += stringSize(key) + valueSize(value);
  }
  return size;
}

/**
 * A document's storage size: its name (each path segment as a string, plus 16), its fields'
 * names and values, plus 32 bytes (firebase.google.com/docs/firestore/storage-size).
 */
export function documentSize(collection: string, id: string, data: DocData): number {
  const name = stringSize(collection) + stringSize(id) + 16;
  return name + fieldsSize(data) + 32;
}

export function assertDocumentSize(collection: string, id: string, data: DocData): void {
  const size = documentSize(collection, id, data);
  if (size > FIRESTORE_MAX_DOCUMENT_BYTES) {
    throw new AppError(
      'invalid-argument',
      MESSAGES.documentTooLarge(collection, id, size, FIRESTORE_MAX_DOCUMENT_BYTES),
    );
  }
}

export function assertWriteCount(count: number): void {
  if (count > FIRESTORE_MAX_WRITES) {
    throw new AppError('invalid-argument', MESSAGES.tooManyWrites(count, FIRESTORE_MAX_WRITES));
  }
}

/**
 * The limits one write can be checked against on its own. An update's fields all end up in the
 * stored document, so fields alone over the limit already make it too large; the SQLite adapter
 * also checks the merged document, which Firestore checks on commit.
 */
export function assertWriteWithinLimits(op: WriteOp<string>): void {
  if (op.type !== 'delete') assertDocumentSize(op.collection, op.id, op.data);
}
