import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQueues, createRedis, enqueueProductSync, QUEUES } from '@shop/shared/server/queues';
// @ts-expect-error plain ESM helper shared with the start script (node built-ins only)
import { freePort } from '../../scripts/lib/services.mjs';
import { startFirestoreEmulator, type FirestoreEmulator } from '../fixtures/firestore-emulator.js';
import { startSmtpSink, type SmtpSink } from '../fixtures/smtp-sink.js';
import { startPrintfulSandbox, type PrintfulSandbox } from '../sandbox/printful/server.js';
import { startStripeSandbox, type StripeSandbox } from '../sandbox/stripe/server.js';
import { waitUntil } from './faults/helpers/wait.js';
import { noProviderUrl } from '../fixtures/test-run-env.js';

// No process of the store connects anywhere but where it is configured to (here, loopback only):
// the API and the worker run, each with a watcher preloaded that records every connection it opens
// and every name it asks DNS for, in production (a live-shaped configuration pointed at the local
// sandboxes, Firestore through its emulator, no key file) and in development (npm start's SQLite
// store and Auth emulator). The API answers readiness and a store page; the worker syncs the
// catalogue from Printful and the API lists it. Google's auth library probed the cloud metadata
// server (169.254.169.254, metadata.google.internal) at the first Firestore call, on any machine.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WATCH = fileURLToPath(new URL('../fixtures/connection-watch.mjs', import.meta.url));
// tsx by its address: the processes run in a folder of their own, away from the checkout's .env.
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const NEVER = '0 0 1 1 *';

interface Connection {
  pid: number;
  kind: 'tcp' | 'ipc' | 'dns';
  host?: string;
  port?: number;
  path?: string;
}

const isLoopback = (host: string) =>
  host === 'localhost' || /^127\.\d+\.\d+\.\d+$/.test(host) || host === '::1' || host === '::ffff:127.0.0.1';

let dir: string;
let firestoreHost: string;
let firestore: FirestoreEmulator | undefined;
let printful: PrintfulSandbox;
let stripe: StripeSandbox;
let smtp: SmtpSink;
const children: ChildProcess[] = [];

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<unknown>;
}

function start(entry: string, env: Record<string, string>): Started {
  // Only what is given here: no METADATA_SERVER_DETECTION, no credentials from the test run.
  const child = spawn(process.execPath, ['--import', TSX, '--import', WATCH, entry], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (c) => (output += String(c)));
  child.stderr!.on('data', (c) => (output += String(c)));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  return { child, output: () => output, exited };
}

/**
 * Runs the API and the worker on `env` (plus a port, a queue prefix and the watcher), asks the
 * API for readiness and a store page, has the worker sync the catalogue until the API lists it,
 * stops both, and returns what the watcher saw.
 */
async function watchStack(label: string, env: Record<string, string>): Promise<Connection[]> {
  const watchFile = path.join(dir, `${label}.jsonl`);
  writeFileSync(watchFile, '');
  const port: number = await freePort();
  const apiUrl = `http://127.0.0.1:${port}`;
  const full = {
    ...env,
    CONNECTION_WATCH_FILE: watchFile,
    PORT: String(port),
    HOST: '127.0.0.1',
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    QUEUE_PREFIX: `loopback-${randomUUID()}`,
    PRINTFUL_API_URL: printful.url,
    // No rates source answers: the worker's refresh keeps the last good rates (none here).
    CURRENCY_RATES_URL: noProviderUrl(),
    STRIPE_API_URL: stripe.url,
    WEB_DIST: path.join(ROOT, 'web', 'dist'),
    SYNC_SCHEDULE: NEVER,
    FULL_SYNC_SCHEDULE: NEVER,
    // Off: the cookie check names another origin for the browser to fetch, not the server.
    COOKIE_PROBE_ORIGIN: 'off',
    LOG_LEVEL: 'info',
  };
  const api = start(path.join(ROOT, 'api/src/server.ts'), full);
  const worker = start(path.join(ROOT, 'worker/src/index.ts'), full);
  await waitUntil(
    async () => (await fetch(`${apiUrl}/api/health/ready`).catch(() => null))?.ok === true,
    90_000,
    () => `the API to be ready:\n${api.output().slice(-2000)}`,
  );
  await waitUntil(
    () => worker.output().includes('worker ready'),
    90_000,
    () => `the worker:\n${worker.output()}`,
  );
  expect((await fetch(`${apiUrl}/store`)).status).toBe(200);

  // A full sync: the worker reads Printful's catalogue into the store; the API lists it.
  const redis = createRedis(full.REDIS_URL);
  try {
    const queues = createQueues(redis, full.QUEUE_PREFIX);
    await enqueueProductSync(queues[QUEUES.productSync], { fullSync: true });
    await waitUntil(
      async () => {
        const body = (await (await fetch(`${apiUrl}/api/products`)).json()) as { products?: unknown[] };
        return body.products?.length === printful.catalogue.list().length;
      },
      90_000,
      () => `the synced products to be listed:\n${worker.output().slice(-2000)}`,
    );
    await Promise.all(Object.values(queues).map((queue) => queue.close()));
  } finally {
    redis.disconnect();
  }
  api.child.kill('SIGTERM');
  worker.child.kill('SIGTERM');
  await Promise.all([api.exited, worker.exited]);

  const seen = readFileSync(watchFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Connection);
  expect(new Set(seen.map((c) => c.pid))).toEqual(new Set([api.child.pid, worker.child.pid]));
  // The watcher saw the connections the store is configured to make: Printful and Redis at least.
  const ports = new Set(seen.filter((c) => c.kind === 'tcp').map((c) => c.port));
  expect(ports).toContain(printful.port);
  expect(ports).toContain(Number(new URL(full.REDIS_URL).port));
  return seen;
}

const elsewhere = (seen: Connection[]) =>
  seen.filter((c) => (c.kind === 'tcp' || c.kind === 'dns') && !isLoopback(c.host ?? ''));

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'shop-loopback-'));
  // Google's emulator when the test run started one, else the Node emulator.
  firestoreHost = process.env.FIRESTORE_EMULATOR_HOST ?? (firestore = await startFirestoreEmulator()).host;
  printful = await startPrintfulSandbox({ products: 2 });
  // Nothing here pays: the webhook address is never called.
  stripe = await startStripeSandbox({
    webhookUrl: 'http://127.0.0.1:9/api/webhooks/stripe',
    webhookSecret: `whsec_${randomUUID().replaceAll('-', '')}`,
    acceptLiveKeys: true,
  });
  smtp = await startSmtpSink();
}, 120_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await stripe?.close();
  await printful?.close();
  await smtp?.close();
  firestore?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('outgoing connections', () => {
  it('the API and the worker, in production on Firestore with no key file, connect to loopback only', async () => {
    const seen = await watchStack('production', {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://shop.example.test',
      TRUST_PROXY: '1',
      DATA_BACKEND: 'firestore',
      FIRESTORE_EMULATOR_HOST: firestoreHost,
      // A project of its own in the emulator: this test's catalogue is the only one there.
      FIREBASE_PROJECT_ID: `demo-loopback-${randomUUID().slice(0, 8)}`,
      FIREBASE_WEB_API_KEY: 'AIzaSyLoopbackOnlyTestKey',
      STRIPE_SECRET_KEY: `sk_live_${randomUUID().replaceAll('-', '')}`,
      STRIPE_WEBHOOK_SECRET: `whsec_${randomUUID().replaceAll('-', '')}`,
      UNSAFE_SANDBOX_PROVIDERS: 'true',
      PRINTFUL_API_KEY: `pf-live-${randomUUID()}`,
      PRINTFUL_WEBHOOK_TOKEN: `${randomUUID()}${randomUUID()}`,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Studio Shop <shop@example.test>',
    });
    expect(seen.filter((c) => c.kind === 'tcp').map((c) => c.port)).toContain(Number(firestoreHost.split(':').at(-1)));
    expect(elsewhere(seen)).toEqual([]);
  }, 300_000);

  it("the API and the worker, in development on npm start's SQLite store and Auth emulator, connect to loopback only", async () => {
    const seen = await watchStack('development', {
      NODE_ENV: 'development',
      DATA_BACKEND: 'sqlite',
      SQLITE_PATH: path.join(dir, 'shop.db'),
      FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9',
      FIREBASE_PROJECT_ID: 'demo-studio-shop',
      OUTBOX_DIR: path.join(dir, 'outbox'),
    });
    expect(elsewhere(seen)).toEqual([]);
  }, 300_000);
});
