import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The store a shopper gets, for the browser benches (first tap, INP, Lighthouse): `npm start`'s
// own start script with its demo catalogue (the Printful sandbox's products and their images,
// seeded through a real sync job), the built and compressed SPA served by the API, on ports and
// a data folder of its own so it runs beside a developer's store. BENCH_STORE_URL names a store
// that is already running instead.

export interface StoreUnderTest {
  url: string;
  stop(): Promise<void>;
}

/** Ports for the bench's store, away from the defaults (3000, 3101, 3102, 3103, 9099, 6379). */
const BASE_PORT = Number(process.env.BENCH_STORE_PORT ?? 4360);

function waitForLine(child: ChildProcess, pattern: RegExp, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(
      () => reject(new Error(`the store did not start within ${timeoutMs} ms:\n${seen}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      seen = (seen + chunk.toString()).slice(-4000);
      if (pattern.test(seen)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the store exited with code ${code}:\n${seen}`));
    });
  });
}

export async function startStoreUnderTest(): Promise<StoreUnderTest> {
  const given = process.env.BENCH_STORE_URL;
  if (given) return { url: given.replace(/\/$/, ''), stop: async () => undefined };
  const root = path.resolve(new URL('..', import.meta.url).pathname);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-store-'));
  const url = `http://127.0.0.1:${BASE_PORT}`;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(BASE_PORT),
      PUBLIC_URL: url,
      PRINTFUL_API_URL: `http://127.0.0.1:${BASE_PORT + 1}`,
      STRIPE_API_URL: `http://127.0.0.1:${BASE_PORT + 2}`,
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${BASE_PORT + 3}`,
      REDIS_URL: process.env.REDIS_URL ?? `redis://127.0.0.1:${BASE_PORT + 4}`,
      CURRENCY_RATES_URL: `http://127.0.0.1:${BASE_PORT + 5}/v1/latest?base=USD`,
      // Every bench run is a fresh shopper with a new guest cart, all from this one address: more
      // than a stranger may start in ten minutes (docs/limits.md), which would empty the INP cart.
      GUEST_CARTS_PER_CLIENT: '1000',
      QUEUE_PREFIX: `bench-store-${process.pid}`,
      SHOP_DATA_DIR: dataDir,
      SQLITE_PATH: path.join(dataDir, 'shop.db'),
      OUTBOX_DIR: path.join(dataDir, 'outbox'),
      PICTURES_DIR: path.join(dataDir, 'pictures'),
      LOG_LEVEL: 'warn',
    },
  });
  // The first sync makes every product picture (docs/performance.md#product-pictures): minutes on a busy machine.
  await waitForLine(child, /Ctrl-C stops everything/, 600_000);
  return {
    url,
    stop: async () => {
      // The start script stops what it started on SIGTERM; it leads its own process group.
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        process.kill(child.pid!, 'SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The machine's load averages (1, 5, 15 minutes) as `uptime` shows them. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
}
