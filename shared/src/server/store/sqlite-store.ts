import path from 'node:path';
import { AppError, MESSAGES } from '../../errors/index.js';
import type {
  DocData,
  DocumentStore,
  Doc,
  FullDocumentStore,
  QueryOptions,
  QueryPage,
  Transaction,
  WriteOp,
} from './document-store.js';
import { decodeJson } from './json-codec.js';
import { decodeCursor, encodeCursor } from './query-cursor.js';
import { buildSqlQuery } from './sqlite-query.js';
import { SqliteConnection } from './sqlite-connection.js';
import { assertCollection, assertDocId, assertWrite, parseQuery } from './store-input.js';
import { assertWriteCount } from './firestore-limits.js';
import { ReadsBeforeWrites } from './transaction-order.js';

// The SQLite adapter of the document store port over one shared connection per file
// (sqlite-connection.ts holds the locking, retry and error story).

/** Open connections by absolute file path: every store on one file in a process shares one. */
const connections = new Map<string, SqliteConnection>();

class SqliteTransaction implements Transaction<string> {
  readonly ops: Array<WriteOp<string>> = [];
  private readonly order = new ReadsBeforeWrites();

  constructor(private readonly connection: SqliteConnection) {}

  async get<T extends DocData = DocData>(collection: string, id: string): Promise<T | null> {
    this.order.read();
    assertCollection(collection);
    assertDocId(id);
    return this.connection.read<T>(collection, id);
  }

  set(collection: string, id: string, data: DocData): void {
    this.add({ type: 'set', collection, id, data });
  }

  update(collection: string, id: string, data: DocData): void {
    this.add({ type: 'update', collection, id, data });
  }

  delete(collection: string, id: string): void {
    this.add({ type: 'delete', collection, id });
  }

  private add(op: WriteOp<string>): void {
    assertWrite(op);
    this.order.write();
    this.ops.push(op);
  }
}

class SqliteDocumentStore implements DocumentStore<string> {
  readonly backend = 'sqlite' as const;
  private closed = false;

  constructor(
    private readonly connection: SqliteConnection,
    private readonly release: () => Promise<void>,
  ) {}

  async get<T extends DocData = DocData>(collection: string, id: string): Promise<T | null> {
    this.assertOpen();
    assertCollection(collection);
    assertDocId(id);
    return this.connection.read<T>(collection, id);
  }

  async getMany<T extends DocData = DocData>(collection: string, ids: string[]): Promise<Array<Doc<T>>> {
    this.assertOpen();
    assertCollection(collection);
    ids.forEach(assertDocId);
    return ids.length === 0 ? [] : this.connection.readMany<T>(collection, [...new Set(ids)]);
  }

  set(collection: string, id: string, data: DocData): Promise<void> {
    return this.write([{ type: 'set', collection, id, data }]);
  }

  update(collection: string, id: string, data: DocData): Promise<void> {
    return this.write([{ type: 'update', collection, id, data }], MESSAGES.documentNotFound(collection, id));
  }

  delete(collection: string, id: string): Promise<void> {
    return this.write([{ type: 'delete', collection, id }]);
  }

  batch(ops: Array<WriteOp<string>>): Promise<void> {
    return this.write(ops);
  }

  async query<T extends DocData = DocData>(collection: string, options?: QueryOptions): Promise<QueryPage<T>> {
    this.assertOpen();
    assertCollection(collection);
    const query = parseQuery(options);
    const cursor = query.cursor ? decodeCursor(query.cursor, query.signature, query.orderBy.length) : null;
    if (cursor && !cursor.values.every((v) => v === null || typeof v === 'string' || typeof v === 'number')) {
      throw new AppError('invalid-argument', MESSAGES.invalidCursor);
    }
    const { sql, params, index } = buildSqlQuery(collection, query, cursor);
    if (index) await this.connection.ensureIndex(index);
    const rows = this.connection.queryRows(sql, params);
    let nextCursor: string | null = null;
    if (query.limit !== null && rows.length > query.limit) {
      rows.length = query.limit;
      const last = rows[rows.length - 1];
      nextCursor = encodeCursor(
        query.signature,
        query.orderBy.map((_, i) => last[`o${i}`]),
        last.id,
      );
    }
    return { docs: rows.map((r) => ({ id: r.id, data: decodeJson<T>(r.data) })), nextCursor };
  }

  async transaction<R>(fn: (tx: Transaction<string>) => Promise<R>): Promise<R> {
    this.assertOpen();
    return this.connection.exclusive(async () => {
      const tx = new SqliteTransaction(this.connection);
      const result = await fn(tx);
      return () => {
        this.applyAll(tx.ops, MESSAGES.writeTargetMissing);
        return result;
      };
    });
  }

  async ping(): Promise<void> {
    this.assertOpen();
    await this.connection.ping();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.release();
  }

  private async write(
    ops: Array<WriteOp<string>>,
    missingMessage: string = MESSAGES.writeTargetMissing,
  ): Promise<void> {
    this.assertOpen();
    assertWriteCount(ops.length);
    ops.forEach(assertWrite);
    if (ops.length === 0) return;
    await this.connection.exclusive(async () => () => this.applyAll(ops, missingMessage));
  }

  private applyAll(ops: Array<WriteOp<string>>, missingMessage: string): void {
    for (const op of ops) {
      if (!this.connection.apply(op)) throw new AppError('not-found', missingMessage);
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new AppError('unavailable', MESSAGES.storeUnavailable);
  }
}

/**
 * Opens (creating it and its directory on first run) the SQLite document store at `file`.
 * Stores opened on the same file in one process share a connection; close each one.
 */
export function openSqliteStore(file: string): FullDocumentStore {
  const key = file === ':memory:' ? null : path.resolve(file);
  let connection = key ? connections.get(key) : undefined;
  if (!connection) {
    connection = SqliteConnection.open(file);
    if (key) connections.set(key, connection);
  }
  const shared = connection;
  shared.users += 1;
  return new SqliteDocumentStore(shared, async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    if (key && connections.get(key) === shared) connections.delete(key);
    await shared.close();
  });
}
