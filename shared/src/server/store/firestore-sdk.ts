import {
  FieldPath,
  Timestamp,
  type DocumentReference,
  type Firestore,
  type Transaction as FirestoreSdkTransaction,
} from 'firebase-admin/firestore';
import { AppError, MESSAGES } from '../../errors/index.js';
import type { DocData, Transaction, WriteOp } from './document-store.js';
import { assertCollection, assertDocId, assertWrite, updateFields } from './store-input.js';
import { ReadsBeforeWrites } from './transaction-order.js';

// Between the port and the firebase-admin SDK: values read back (Timestamps as Dates), gRPC
// failures as AppErrors, writes staged on a batch or a transaction, and the transaction wrapper.
// firestore-store.ts holds the adapter itself.

const GRPC_NOT_FOUND = 5;
/** A commit or read that met another transaction's lock: the whole transaction may be tried again. */
export const GRPC_ABORTED = 10;
const GRPC_DEADLINE_EXCEEDED = 4;
const GRPC_UNAVAILABLE = 14;

export function fromFirestore(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toDate();
  if (Array.isArray(value)) return value.map(fromFirestore);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fromFirestore(v)]));
  }
  return value;
}

/** Top-level fields as (FieldPath, value) pairs, so a key containing a dot stays one field. */
export function updatePairs(data: DocData): [FieldPath, unknown, ...unknown[]] {
  return updateFields(data).flatMap(([key, value]) => [new FieldPath(key), value]) as [
    FieldPath,
    unknown,
    ...unknown[],
  ];
}

/** Maps the gRPC failures callers act on to AppErrors; anything else keeps its own message. */
export function storeError(error: unknown, notFoundMessage?: string): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (notFoundMessage && code === GRPC_NOT_FOUND) {
    return Object.assign(new AppError('not-found', notFoundMessage), { cause: error });
  }
  if (code === GRPC_UNAVAILABLE || code === GRPC_DEADLINE_EXCEEDED || code === GRPC_ABORTED) {
    return Object.assign(new AppError('unavailable', MESSAGES.storeUnavailable), { cause: error });
  }
  return error;
}

/** Awaits a Firestore call, translating its failure with storeError. */
export async function settle<T>(call: Promise<T>, notFoundMessage?: string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw storeError(error, notFoundMessage);
  }
}

export function docRef(db: Firestore, collection: string, id: string): DocumentReference {
  assertCollection(collection);
  assertDocId(id);
  return db.collection(collection).doc(id);
}

/** What a WriteBatch and a transaction have in common. */
interface Writer {
  set(ref: DocumentReference, data: DocData): unknown;
  update(ref: DocumentReference, field: FieldPath, value: unknown, ...more: unknown[]): unknown;
  delete(ref: DocumentReference): unknown;
}

export function stage(writer: Writer, db: Firestore, op: WriteOp<string>): void {
  const ref = docRef(db, op.collection, op.id);
  if (op.type === 'set') writer.set(ref, op.data);
  else if (op.type === 'update') writer.update(ref, ...updatePairs(op.data));
  else writer.delete(ref);
}

export class FirestoreTransaction implements Transaction<string> {
  private readonly order = new ReadsBeforeWrites();

  constructor(
    private readonly db: Firestore,
    private readonly tx: FirestoreSdkTransaction,
  ) {}

  async get<T extends DocData = DocData>(collection: string, id: string): Promise<T | null> {
    this.order.read();
    const snap = await this.tx.get(docRef(this.db, collection, id));
    return snap.exists ? (fromFirestore(snap.data()) as T) : null;
  }

  set(collection: string, id: string, data: DocData): void {
    this.write({ type: 'set', collection, id, data });
  }

  update(collection: string, id: string, data: DocData): void {
    this.write({ type: 'update', collection, id, data });
  }

  delete(collection: string, id: string): void {
    this.write({ type: 'delete', collection, id });
  }

  private write(op: WriteOp<string>): void {
    assertWrite(op);
    this.order.write();
    stage(this.tx, this.db, op);
  }
}
