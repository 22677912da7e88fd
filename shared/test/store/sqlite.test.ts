import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/errors/index.js';
import { parseConfig } from '../../src/server/config/index.js';
import {
  createStore,
  FIRESTORE_MAX_DOCUMENT_BYTES,
  openSqliteStore,
  untypedStore,
} from '../../src/server/store/index.js';
import { runStoreContract } from './contract.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'store-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The adapter itself: the contract tries query shapes beyond the ones the code issues, which
// createStore's development store refuses as Firestore would (firestore-indexes.test.ts).
runStoreContract('sqlite', () => {
  const store = createStore(
    parseConfig({ NODE_ENV: 'production', DATA_BACKEND: 'sqlite', SQLITE_PATH: path.join(dir, 'contract.db') }),
  );
  expect(store.backend).toBe('sqlite');
  return store;
});

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const incrementScript = fileURLToPath(new URL('./increment-process.ts', import.meta.url));

interface ChildRun {
  ready: Promise<void>;
  go(): void;
  exit: Promise<{ code: number | null; stdout: string; stderr: string }>;
}

function startIncrementer(file: string, count: number): ChildRun {
  const child = spawn(process.execPath, ['--import', 'tsx', incrementScript, file, String(count)], { cwd: repoRoot });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      if (stdout.includes('ready\n')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`incrementer exited (${code}) before ready: ${stderr}`)));
  });
  const exit = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, stdout, stderr })),
  );
  return { ready, go: () => child.stdin.end('go\n'), exit };
}

describe('sqlite store file', { timeout: 60_000 }, () => {
  it('creates missing parent directories and opens the file in WAL mode', async () => {
    const file = path.join(dir, 'first-run', 'nested', 'shop.db');
    const store = openSqliteStore(file);
    await store.set('products', 'p1', { title: 'Tee' });
    expect(existsSync(file)).toBe(true);
    const probe = new Database(file, { readonly: true });
    expect(probe.pragma('journal_mode', { simple: true })).toBe('wal');
    probe.close();
    await store.close();
  });

  it('keeps documents after the store is closed and reopened', async () => {
    const file = path.join(dir, 'reopen.db');
    const first = openSqliteStore(file);
    await first.set('orders', 'o1', { status: 'paid', paidAt: new Date('2025-05-05T10:00:00.000Z') });
    await first.close();
    const second = openSqliteStore(file);
    expect(await second.get('orders', 'o1')).toEqual({ status: 'paid', paidAt: new Date('2025-05-05T10:00:00.000Z') });
    await second.close();
  });

  it('two stores on one file in one process lose no increments, and closing one keeps the other open', async () => {
    const file = path.join(dir, 'same-process.db');
    const a = openSqliteStore(file);
    const b = openSqliteStore(file);
    await a.set('counters', 'c', { n: 0 });
    const increment = (store: typeof a) =>
      store.transaction(async (tx) => {
        const current = await tx.get<{ n: number }>('counters', 'c');
        tx.set('counters', 'c', { n: current!.n + 1 });
      });
    await Promise.all(Array.from({ length: 50 }, (_, i) => increment(i % 2 === 0 ? a : b)));
    await a.close();
    expect(await b.get('counters', 'c')).toEqual({ n: 50 });
    await b.close();
  });

  it('refuses a store write inside a transaction instead of deadlocking on it', async () => {
    const store = untypedStore(openSqliteStore(path.join(dir, 'nested-write.db')));
    const nested = store.transaction(async (tx) => {
      tx.set('carts', 'a', { n: 1 });
      await store.set('carts', 'b', { n: 1 });
    });
    await expect(nested).rejects.toMatchObject({ code: 'internal', message: MESSAGES.writeInsideTransaction });
    expect(await store.getMany('carts', ['a', 'b'])).toEqual([]);
    await store.set('carts', 'c', { n: 1 });
    expect(await store.get('carts', 'c')).toEqual({ n: 1 });
    await store.close();
  });

  it('two processes doing 50 transactional increments each on one file end at exactly 100', async () => {
    const file = path.join(dir, 'two-processes.db');
    const store = openSqliteStore(file);
    await store.set('counters', 'shared', { n: 0 });
    const children = [startIncrementer(file, 50), startIncrementer(file, 50)];
    await Promise.all(children.map((c) => c.ready));
    children.forEach((c) => c.go());
    const results = await Promise.all(children.map((c) => c.exit));
    for (const result of results) {
      expect(result.stderr).not.toMatch(/SQLITE_BUSY|Error/);
      expect(result).toMatchObject({ code: 0, stdout: 'ready\ndone\n' });
    }
    expect(await store.get('counters', 'shared')).toEqual({ n: 100 });
    await store.close();
  });

  it('refuses an update that would grow a document past 1 MiB, as a Firestore commit does, and keeps the batch unwritten', async () => {
    const store = openSqliteStore(path.join(dir, 'merged-size.db'));
    const half = 'x'.repeat(FIRESTORE_MAX_DOCUMENT_BYTES / 2);
    await store.set('orders', 'o1', { a: half });
    const growing = store.batch([
      { type: 'set', collection: 'orders', id: 'o2', data: { v: 1 } },
      { type: 'update', collection: 'orders', id: 'o1', data: { b: half } },
    ]);
    await expect(growing).rejects.toMatchObject({ code: 'invalid-argument' });
    expect(await store.get('orders', 'o2')).toBeNull();
    expect(await store.get('orders', 'o1')).toEqual({ a: half });
    await store.update('orders', 'o1', { a: 'short', b: half });
    expect(await store.get('orders', 'o1')).toEqual({ a: 'short', b: half });
    await store.close();
  });
});
