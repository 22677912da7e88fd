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

/** Deepest nesting Firestore stores: a value's field path may have at most this many segments after the first. */
export const FIRESTORE_MAX_DEPTH = 20;
/** Longest field name Firestore stores, in UTF-8 bytes. */
const MAX_FIELD_NAME_BYTES = 1500;

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function kindOf(value: unknown): string {
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'symbol') return 'a symbol';
  if (value instanceof Date) return 'an invalid Date';
  const name = (value as object).constructor?.name;
  return name ? `a ${name}` : 'an object that is not plain data';
}

/**
 * Refuses, as Firestore does on commit, a value it cannot store: an array directly inside an array,
 * an empty, over-long or reserved (__name__) field name, nesting deeper than 20 levels, or a value
 * that is not plain data (functions, Maps, class instances, invalid Dates). SQLite's JSON would
 * take them all, so without this check the default store keeps what production refuses.
 */
export function assertStorableValues(collection: string, id: string, data: DocData): void {
  const visit = (value: unknown, path: string[], inArray: boolean): void => {
    if (path.length - 1 > FIRESTORE_MAX_DEPTH) {
      throw new AppError(
        'invalid-argument',
        MESSAGES.documentTooDeep(collection, id, path.join('.'), FIRESTORE_MAX_DEPTH),
      );
    }
    if (value === undefined || value === null) return;
    const type = typeof value;
    if (type === 'string' || type === 'number' || type === 'boolean' || type === 'bigint') return;
    if (value instanceof Date) {
      if (Number.isNaN(value.getTime())) throw unsupported(path, value);
      return;
    }
    if (value instanceof Uint8Array) return;
    if (Array.isArray(value)) {
      if (inArray) throw new AppError('invalid-argument', MESSAGES.nestedArray(collection, id, path.join('.')));
      value.forEach((item, index) => visit(item, [...path, String(index)], true));
      return;
    }
    if (type !== 'object' || !isPlainObject(value as object)) throw unsupported(path, value);
    visitFields(value as Record<string, unknown>, path);
  };
  const unsupported = (path: string[], value: unknown) =>
    new AppError('invalid-argument', MESSAGES.unsupportedValue(collection, id, path.join('.'), kindOf(value)));
  const visitFields = (fields: Record<string, unknown>, path: string[]): void => {
    for (const [key, value] of Object.entries(fields)) {
      if (value === undefined) continue;
      if (key === '' || Buffer.byteLength(key, 'utf8') > MAX_FIELD_NAME_BYTES || /^__.*__$/.test(key)) {
        throw new AppError('invalid-argument', MESSAGES.invalidFieldName(collection, id, [...path, key].join('.')));
      }
      // An object inside an array starts a map of its own: arrays inside it are allowed again.
      visit(value, [...path, key], false);
    }
  };
  visitFields(data, []);
}

/**
 * The limits one write can be checked against on its own. An update's fields all end up in the
 * stored document, so fields alone over the limit already make it too large; the SQLite adapter
 * also checks the merged document, which Firestore checks on commit.
 */
export function assertWriteWithinLimits(op: WriteOp<string>): void {
  if (op.type === 'delete') return;
  assertStorableValues(op.collection, op.id, op.data);
  assertDocumentSize(op.collection, op.id, op.data);
}
