import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { AppError, MESSAGES } from '../../errors/index.js';
import { AsyncMutex } from './async-mutex.js';
import type { Doc, DocData, DocumentStore, QueryOptions, QueryPage, Transaction, WriteOp } from './document-store.js';
import { decodeJson, encodeJson } from './json-codec.js';
import { decodeCursor, encodeCursor } from './query-cursor.js';
import { buildSqlQuery, type SqlValue } from './sqlite-query.js';
import { assertCollection, assertDocId, assertWrite, parseQuery, updateFields } from './store-input.js';
import { ReadsBeforeWrites } from './transaction-order.js';

// The embedded default store: one SQLite file shared by the API and worker processes.
// Every write runs in BEGIN IMMEDIATE, so the write lock is taken up front (a deferred transaction
// upgraded later can fail with SQLITE_BUSY_SNAPSHOT without waiting); WAL lets readers carry on
// meanwhile. Within a process one connection per file serialises its writers with an async mutex,
// because an open transaction belongs to the connection, not to the caller that began it.

const BUSY_TIMEOUT_MS = 5000;
const BEGIN_ATTEMPTS = 4;
const QUERY_STATEMENT_LIMIT = 256;

type Statement = Database.Statement<unknown[], unknown>;
interface DocRow {
  id: string;
  data: string;
}
type QueryRow = DocRow & Record<`o${number}`, SqlValue>;

function isBusy(error: unknown): boolean {
  return error instanceof Database.SqliteError && error.code.startsWith('SQLITE_BUSY');
}

class SqliteConnection {
  private readonly writes = new AsyncMutex();
  private readonly transactionScope = new AsyncLocalStorage<true>();
  private readonly queryStatements = new Map<string, Statement>();
  private readonly knownIndexes = new Set<string>();
  private readonly statements: Record<
    'get' | 'getMany' | 'set' | 'delete' | 'begin' | 'commit' | 'rollback' | 'ping',
    Statement
  >;
  users = 0;

  constructor(private readonly db: Database.Database) {
    this.statements = {
      get: db.prepare('SELECT data FROM docs WHERE collection = ? AND id = ?').pluck(),
      getMany: db.prepare('SELECT id, data FROM docs WHERE collection = ? AND id IN (SELECT value FROM json_each(?))'),
      set: db.prepare(
        'INSERT INTO docs (collection, id, data) VALUES (?, ?, ?) ON CONFLICT (collection, id) DO UPDATE SET data = excluded.data',
      ),
      delete: db.prepare('DELETE FROM docs WHERE collection = ? AND id = ?'),
      begin: db.prepare('BEGIN IMMEDIATE'),
      commit: db.prepare('COMMIT'),
      rollback: db.prepare('ROLLBACK'),
      ping: db.prepare('SELECT 1 FROM docs LIMIT 1'),
    };
  }

  static open(file: string): SqliteConnection {
    if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const db = new Database(file, { timeout: BUSY_TIMEOUT_MS });
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec(
      'CREATE TABLE IF NOT EXISTS docs (collection TEXT NOT NULL, id TEXT NOT NULL, data TEXT NOT NULL, PRIMARY KEY (collection, id)) STRICT',
    );
    return new SqliteConnection(db);
  }

  read<T extends DocData>(collection: string, id: string): T | null {
    const text = this.statements.get.get(collection, id) as string | undefined;
    return text === undefined ? null : decodeJson<T>(text);
  }

  readMany<T extends DocData>(collection: string, ids: string[]): Array<Doc<T>> {
    const rows = this.statements.getMany.all(collection, JSON.stringify(ids)) as DocRow[];
    const byId = new Map(rows.map((r) => [r.id, r.data]));
    return ids.flatMap((id) => {
      const text = byId.get(id);
      return text === undefined ? [] : [{ id, data: decodeJson<T>(text) }];
    });
  }

  queryRows(sql: string, params: SqlValue[]): QueryRow[] {
    let statement = this.queryStatements.get(sql);
    if (!statement) {
      if (this.queryStatements.size >= QUERY_STATEMENT_LIMIT) this.queryStatements.clear();
      statement = this.db.prepare(sql);
      this.queryStatements.set(sql, statement);
    }
    return statement.all(...params) as QueryRow[];
  }

  ping(): void {
    this.statements.ping.get();
  }

  /** Applies one write; only called inside `exclusive`. Returns false for an update of a missing doc. */
  apply(op: WriteOp): boolean {
    if (op.type === 'delete') {
      this.statements.delete.run(op.collection, op.id);
      return true;
    }
    if (op.type === 'set') {
      this.statements.set.run(op.collection, op.id, encodeJson(op.data));
      return true;
    }
    const current = this.read(op.collection, op.id);
    if (!current) return false;
    const merged = { ...current, ...Object.fromEntries(updateFields(op.data)) };
    this.statements.set.run(op.collection, op.id, encodeJson(merged));
    return true;
  }

  /**
   * Runs `prepare` (which may await, and reads through this connection) and then the write step it
   * returns, all inside one BEGIN IMMEDIATE ... COMMIT. The write step and COMMIT run in the same
   * tick, so no other code on this connection sees uncommitted rows.
   */
  exclusive<T>(prepare: () => Promise<() => T>): Promise<T> {
    if (this.transactionScope.getStore()) throw new AppError('internal', MESSAGES.writeInsideTransaction);
    return this.writes.run(async () => {
      try {
        await this.begin();
        const write = await this.transactionScope.run(true, prepare);
        const result = write();
        this.statements.commit.run();
        return result;
      } catch (error) {
        if (this.db.inTransaction) this.statements.rollback.run();
        throw isBusy(error)
          ? Object.assign(new AppError('unavailable', MESSAGES.storeUnavailable), { cause: error })
          : error;
      }
    });
  }

  /** Creates a query shape's index once; skipped inside a transaction, where it would deadlock. */
  async ensureIndex(index: { name: string; ddl: string }): Promise<void> {
    if (this.knownIndexes.has(index.name) || this.transactionScope.getStore()) return;
    await this.exclusive(async () => () => this.db.exec(index.ddl));
    this.knownIndexes.add(index.name);
  }

  async close(): Promise<void> {
    await this.writes.run(() => this.db.close());
  }

  private async begin(): Promise<void> {
    // busy_timeout already waited inside SQLite; a few more spaced tries ride out a long writer.
    for (let attempt = 1; ; attempt++) {
      try {
        this.statements.begin.run();
        return;
      } catch (error) {
        if (!isBusy(error) || attempt === BEGIN_ATTEMPTS) throw error;
        await delay(attempt * 25 + Math.random() * 25);
      }
    }
  }
}

/** Open connections by absolute file path: every store on one file in a process shares one. */
const connections = new Map<string, SqliteConnection>();

class SqliteTransaction implements Transaction {
  readonly ops: WriteOp[] = [];
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

  private add(op: WriteOp): void {
    assertWrite(op);
    this.order.write();
    this.ops.push(op);
  }
}

class SqliteDocumentStore implements DocumentStore {
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

  batch(ops: WriteOp[]): Promise<void> {
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

  async transaction<R>(fn: (tx: Transaction) => Promise<R>): Promise<R> {
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
    this.connection.ping();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.release();
  }

  private async write(ops: WriteOp[], missingMessage: string = MESSAGES.writeTargetMissing): Promise<void> {
    this.assertOpen();
    ops.forEach(assertWrite);
    if (ops.length === 0) return;
    await this.connection.exclusive(async () => () => this.applyAll(ops, missingMessage));
  }

  private applyAll(ops: WriteOp[], missingMessage: string): void {
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
export function openSqliteStore(file: string): DocumentStore {
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
