import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { AppError, MESSAGES } from '../../errors/index.js';
import { AsyncMutex } from './async-mutex.js';
import type { Doc, DocData, WriteOp } from './document-store.js';
import { decodeJson, encodeJson } from './json-codec.js';
import { type SqlValue } from './sqlite-query.js';
import { updateFields } from './store-input.js';
import { assertDocumentSize } from './firestore-limits.js';

// The embedded default store: one SQLite file shared by the API and worker processes.
// Every write runs in BEGIN IMMEDIATE, so the write lock is taken up front (a deferred transaction
// upgraded later can fail with SQLITE_BUSY_SNAPSHOT without waiting); WAL lets readers carry on
// meanwhile. Within a process one connection per file serialises its writers with an async mutex,
// because an open transaction belongs to the connection, not to the caller that began it.
// Waiting for another process's write lock happens between event-loop turns only: SQLite's own
// busy wait sleeps inside the call and so blocks the whole process (under load, a few ms at a time
// for every request in flight). A write gives up BUSY_TIMEOUT_MS after it was asked for, queue
// included, so a lock held elsewhere means fast 503s, not a frozen process. In WAL mode reads never
// wait for a writer, so only taking the write lock ever meets SQLITE_BUSY.

const BUSY_TIMEOUT_MS = 5000;
/** However long a write queued here, it still rides out a moment's lock by the other process. */
const MIN_BUSY_WAIT_MS = 250;
/** A ping waits less for the write lock than a write does: the readiness probe allows 1.5 s. */
const PING_LOCK_TIMEOUT_MS = 1000;
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

/** Result codes (and their extended forms) that mean the file cannot be used now, not a bad request. */
const UNAVAILABLE_CODES = [
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_READONLY',
  'SQLITE_IOERR',
  'SQLITE_CANTOPEN',
  'SQLITE_FULL',
];

/** A locked, read-only, full or failing file surfaces as 503 unavailable rather than a 500. */
function storeError(error: unknown): unknown {
  if (error instanceof Database.SqliteError && UNAVAILABLE_CODES.some((code) => error.code.startsWith(code))) {
    return Object.assign(new AppError('unavailable', MESSAGES.storeUnavailable), { cause: error });
  }
  return error;
}

/**
 * Jittered retries that start at about a millisecond (the other process's writes take tens of
 * microseconds) and double up to about 100 ms (a lock held for long).
 */
function busyBackoffMs(attempt: number): number {
  return Math.min(2 ** attempt, 100) * (0.5 + Math.random());
}

function reading<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw storeError(error);
  }
}

export class SqliteConnection {
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
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec(
      'CREATE TABLE IF NOT EXISTS docs (collection TEXT NOT NULL, id TEXT NOT NULL, data TEXT NOT NULL, PRIMARY KEY (collection, id)) STRICT',
    );
    // No blocking wait from here on: begin() and ping() retry between event-loop turns instead.
    db.pragma('busy_timeout = 0');
    return new SqliteConnection(db);
  }

  read<T extends DocData>(collection: string, id: string): T | null {
    const text = reading(() => this.statements.get.get(collection, id)) as string | undefined;
    return text === undefined ? null : decodeJson<T>(text);
  }

  readMany<T extends DocData>(collection: string, ids: string[]): Array<Doc<T>> {
    const rows = reading(() => this.statements.getMany.all(collection, JSON.stringify(ids))) as DocRow[];
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
      statement = reading(() => this.db.prepare(sql));
      this.queryStatements.set(sql, statement);
    }
    const prepared = statement;
    return reading(() => prepared.all(...params)) as QueryRow[];
  }

  /** Readable, and writable: a write lock held elsewhere fails every write, so the store is not ready. */
  async ping(): Promise<void> {
    reading(() => this.statements.ping.get());
    const deadline = Date.now() + PING_LOCK_TIMEOUT_MS;
    for (let attempt = 1; ; attempt++) {
      // While one of this connection's own transactions is open, it holds the write lock.
      if (this.db.inTransaction) return;
      try {
        this.statements.begin.run();
        this.statements.rollback.run();
        return;
      } catch (error) {
        if (!isBusy(error) || Date.now() >= deadline) throw storeError(error);
        await delay(busyBackoffMs(attempt));
      }
    }
  }

  /** Applies one write; only called inside `exclusive`. Returns false for an update of a missing doc. */
  apply(op: WriteOp<string>): boolean {
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
    // Firestore checks the merged document's size on commit; the whole write then rolls back.
    assertDocumentSize(op.collection, op.id, merged);
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
    const deadline = Date.now() + BUSY_TIMEOUT_MS;
    return this.writes.run(async () => {
      try {
        await this.begin(Math.max(deadline, Date.now() + MIN_BUSY_WAIT_MS));
        const write = await this.transactionScope.run(true, prepare);
        const result = write();
        this.statements.commit.run();
        return result;
      } catch (error) {
        if (this.db.inTransaction) this.statements.rollback.run();
        throw storeError(error);
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

  /** Takes the write lock, trying again between event-loop turns until `deadline`. */
  private async begin(deadline: number): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        this.statements.begin.run();
        return;
      } catch (error) {
        if (!isBusy(error) || Date.now() >= deadline) throw error;
        await delay(busyBackoffMs(attempt));
      }
    }
  }
}
