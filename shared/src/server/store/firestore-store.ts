import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { cert, deleteApp, initializeApp } from 'firebase-admin/app';
import { FieldPath, getFirestore, type DocumentReference, type Firestore, type Query } from 'firebase-admin/firestore';
import { AppError, MESSAGES } from '../../errors/index.js';
import { COLLECTIONS } from '../collections/index.js';
import type {
  Doc,
  DocData,
  DocumentStore,
  FullDocumentStore,
  QueryOptions,
  QueryPage,
  Transaction,
  WriteOp,
} from './document-store.js';
import { decodeCursor, encodeCursor } from './query-cursor.js';
import { assertWriteCount } from './firestore-limits.js';
import { AsyncMutex } from './async-mutex.js';
import {
  FirestoreTransaction,
  GRPC_ABORTED,
  docRef,
  fromFirestore,
  settle,
  stage,
  storeError,
  updatePairs,
} from './firestore-sdk.js';
import { assertCollection, assertWrite, parseQuery } from './store-input.js';

// Production store: Cloud Firestore through firebase-admin. Collections map 1:1 to Firestore
// collections. Dates are written as Timestamps by the SDK and read back as Dates here.

/**
 * Contention on one document is bounded: a transaction that keeps colliding gives up after this
 * many attempts, or once TRANSACTION_BUDGET_MS have passed, with a clear "busy, try again" answer.
 * The SDK's own retries are not used: it waits a second and more between attempts, and Firestore's
 * emulator holds each collision for its lock timeout (about 2 s), so 25 of them outlast any request.
 */
export const FIRESTORE_TRANSACTION_ATTEMPTS = 10;
const TRANSACTION_BUDGET_MS = 10_000;
/** Jittered wait before a retry: up to 20 ms after the first collision, doubling to at most 500 ms. */
function retryDelayMs(attempt: number): number {
  return Math.random() * Math.min(20 * 2 ** (attempt - 1), 500);
}

export interface FirestoreStoreOptions {
  projectId: string;
  /** Service-account JSON file; without it, application default credentials are used. */
  credentialsPath?: string;
  /** host:port of a Firestore emulator (the FIRESTORE_EMULATOR_HOST variable, if set, wins). */
  emulatorHost?: string;
}

class FirestoreDocumentStore implements DocumentStore<string> {
  readonly backend = 'firestore' as const;
  private closed = false;
  private readonly retries = new AsyncMutex();

  constructor(
    private readonly db: Firestore,
    private readonly release: () => Promise<void>,
  ) {}

  async get<T extends DocData = DocData>(collection: string, id: string): Promise<T | null> {
    const ref = this.ref(collection, id);
    const snap = await settle(ref.get());
    return snap.exists ? (fromFirestore(snap.data()) as T) : null;
  }

  async getMany<T extends DocData = DocData>(collection: string, ids: string[]): Promise<Array<Doc<T>>> {
    const refs = [...new Set(ids)].map((id) => this.ref(collection, id));
    if (refs.length === 0) return [];
    const snaps = await settle(this.db.getAll(...refs));
    return snaps.filter((s) => s.exists).map((s) => ({ id: s.id, data: fromFirestore(s.data()) as T }));
  }

  async set(collection: string, id: string, data: DocData): Promise<void> {
    const ref = this.ref(collection, id);
    assertWrite({ type: 'set', collection, id, data });
    await settle(ref.set(data));
  }

  async update(collection: string, id: string, data: DocData): Promise<void> {
    const ref = this.ref(collection, id);
    assertWrite({ type: 'update', collection, id, data });
    await settle(ref.update(...updatePairs(data)), MESSAGES.documentNotFound(collection, id));
  }

  async delete(collection: string, id: string): Promise<void> {
    await settle(this.ref(collection, id).delete());
  }

  async query<T extends DocData = DocData>(collection: string, options?: QueryOptions): Promise<QueryPage<T>> {
    this.assertOpen();
    assertCollection(collection);
    const query = parseQuery(options);
    const cursor = query.cursor ? decodeCursor(query.cursor, query.signature, query.orderBy.length) : null;
    let q: Query = this.db.collection(collection);
    for (const { path, value } of query.where) q = q.where(new FieldPath(...path), '==', value);
    for (const { path, direction } of query.orderBy) q = q.orderBy(new FieldPath(...path), direction);
    // Explicit, so the cursor can name the id it stopped at.
    q = q.orderBy(FieldPath.documentId(), query.idDirection);
    if (cursor) q = q.startAfter(...cursor.values, cursor.id);
    if (query.limit !== null) q = q.limit(query.limit + 1);
    const snap = await settle(q.get());

    let docs = snap.docs;
    let nextCursor: string | null = null;
    if (query.limit !== null && docs.length > query.limit) {
      docs = docs.slice(0, query.limit);
      const last = docs[docs.length - 1];
      const values = query.orderBy.map((o) => fromFirestore(last.get(new FieldPath(...o.path))));
      nextCursor = encodeCursor(query.signature, values, last.id);
    }
    return { docs: docs.map((d) => ({ id: d.id, data: fromFirestore(d.data()) as T })), nextCursor };
  }

  /** One atomic commit, as the port promises: more writes than Firestore commits at once are refused. */
  async batch(ops: Array<WriteOp<string>>): Promise<void> {
    this.assertOpen();
    assertWriteCount(ops.length);
    ops.forEach(assertWrite);
    if (ops.length === 0) return;
    const batch = this.db.batch();
    for (const op of ops) stage(batch, this.db, op);
    await settle(batch.commit(), MESSAGES.writeTargetMissing);
  }

  async transaction<R>(fn: (tx: Transaction<string>) => Promise<R>): Promise<R> {
    this.assertOpen();
    const started = Date.now();
    const busy = (cause: unknown) => Object.assign(new AppError('unavailable', MESSAGES.storeBusy), { cause });
    // A fresh wrapper per attempt, as fn runs again after contention.
    const attempt = () => this.db.runTransaction((tx) => fn(new FirestoreTransaction(this.db, tx)), { maxAttempts: 1 });
    let lastContention: unknown = null;
    for (let n = 1; ; n++) {
      try {
        // First attempts run side by side. A retry waits for this process's other retries, so the
        // transactions that just collided here take turns instead of colliding again; one whose
        // time ran out while it waited gives up without another attempt.
        return await (n === 1
          ? attempt()
          : this.retries.run(() => {
              if (Date.now() - started >= TRANSACTION_BUDGET_MS) throw busy(lastContention);
              return attempt();
            }));
      } catch (error) {
        if (error instanceof AppError) throw error;
        if ((error as { code?: unknown } | null)?.code !== GRPC_ABORTED) {
          throw storeError(error, MESSAGES.writeTargetMissing);
        }
        lastContention = error;
        if (n >= FIRESTORE_TRANSACTION_ATTEMPTS || Date.now() - started >= TRANSACTION_BUDGET_MS) throw busy(error);
        await delay(retryDelayMs(n));
      }
    }
  }

  async ping(): Promise<void> {
    this.assertOpen();
    await settle(this.db.collection(COLLECTIONS.health).limit(1).get());
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.release();
  }

  private ref(collection: string, id: string): DocumentReference {
    this.assertOpen();
    return docRef(this.db, collection, id);
  }

  private assertOpen(): void {
    if (this.closed) throw new AppError('unavailable', MESSAGES.storeUnavailable);
  }
}

/** Opens the Firestore document store on its own firebase-admin app, released by close(). */
export function openFirestoreStore({
  projectId,
  credentialsPath,
  emulatorHost,
}: FirestoreStoreOptions): FullDocumentStore {
  const app = initializeApp(
    { projectId, ...(credentialsPath ? { credential: cert(credentialsPath) } : {}) },
    `document-store-${randomUUID()}`,
  );
  const db = getFirestore(app);
  db.settings({
    // Firestore rejects undefined fields; the SQLite adapter drops them (JSON), so drop them here too.
    ignoreUndefinedProperties: true,
    ...(emulatorHost ? { host: emulatorHost, ssl: false } : {}),
  });
  return firestoreStoreOn(db, () => deleteApp(app));
}

/**
 * The adapter over an already configured Firestore client; `release` runs once on close. Unit
 * tests hand it a recording stand-in to check the transaction and batch code against the SDK's
 * documented behaviour without an emulator.
 */
export function firestoreStoreOn(db: Firestore, release: () => Promise<void>): FullDocumentStore {
  return new FirestoreDocumentStore(db, release);
}
