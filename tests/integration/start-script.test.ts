import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `npm start` as a user runs it (node scripts/start.mjs), on ports of its own and a temporary data
// folder so that it can run beside a real `npm start`: the store comes up with the demo catalogue,
// and one Ctrl-C (SIGINT) stops every process it started.
const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function until<T>(check: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('timed out');
}

let child: ChildProcess;
let output = '';
let port: number;
let others: number[] = [];
const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-start-'));

beforeAll(async () => {
  port = await freePort();
  const [auth, printful, stripe, rates] = [await freePort(), await freePort(), await freePort(), await freePort()];
  others = [auth, printful, stripe, rates];
  child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SHOP_DATA_DIR: dir,
      SQLITE_PATH: path.join(dir, 'shop.db'),
      QUEUE_PREFIX: `test-start-${process.pid}`,
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${auth}`,
      PRINTFUL_API_URL: `http://127.0.0.1:${printful}`,
      STRIPE_API_URL: `http://127.0.0.1:${stripe}`,
      CURRENCY_RATES_URL: `http://127.0.0.1:${rates}/v1/latest?base=USD`,
      OUTBOX_DIR: path.join(dir, 'outbox'),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d.toString()));
  child.stderr?.on('data', (d) => (output += d.toString()));
  await until(async () => (output.includes('Ctrl-C stops everything') ? true : undefined), 170_000);
}, 180_000);

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('serves the API, the SPA and the synced demo catalogue, and prints the admin login', async () => {
    expect(output).toContain(`http://localhost:${port}`);
    expect(output).toMatch(/Admin login: \S+@\S+ \/ \S+/);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    const page = await fetch(`http://127.0.0.1:${port}/store/cart`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const products = (await (await fetch(`http://127.0.0.1:${port}/api/products`)).json()) as { products: unknown[] };
    expect(products.products.length).toBeGreaterThanOrEqual(24);
  });

  it('refuses a second start on the same port with a clear message', async () => {
    const second = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    second.stderr?.on('data', (d) => (text += d.toString()));
    const code = await new Promise<number | null>((resolve) => second.on('exit', resolve));
    expect(code).toBe(1);
    expect(text).toContain(`Port ${port} is already taken`);
  });

  it('stops every process it started on Ctrl-C', async () => {
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    // The API, the Auth emulator and both sandboxes are gone.
    for (const p of [port, ...others]) {
      const refused = await fetch(`http://127.0.0.1:${p}/`).then(
        () => false,
        () => true,
      );
      expect(refused, `port ${p} still answers`).toBe(true);
    }
  });
});
