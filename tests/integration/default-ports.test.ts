import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `npm test` runs beside a running `npm start`, which holds the default addresses: the store on
// 3000, the Printful sandbox on 3101, the Stripe sandbox on 3102, the Auth emulator on 9099, and
// queues under the Redis prefix `shop`. Here those ports are taken by stand-ins that answer every
// request wrongly and note it, and the suites that once asked them (checkout sessions, access
// control, development origins, provider errors) run in a vitest of their own: they must pass,
// and no stand-in may have been asked anything. A port something else already holds (a running
// `npm start`) cannot be watched, but the suites must pass beside it all the same.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DEFAULT_PORTS = [3000, 3101, 3102, 9099] as const;
const SUITES = [
  'api/test/checkout/checkout-sessions.test.ts',
  'api/test/security/access-control.test.ts',
  'api/test/security/dev-origins.test.ts',
  'api/test/security/provider-errors.test.ts',
];

interface Stand {
  port: number;
  server: http.Server | null;
  asked: string[];
}

/** A server on `port` answering 418 with a wrong body to anything, or null when the port is taken. */
function standIn(port: number): Promise<Stand> {
  const stand: Stand = { port, server: null, asked: [] };
  const server = http.createServer((req, res) => {
    stand.asked.push(`${req.method} ${req.url}`);
    res.writeHead(418, { 'content-type': 'application/json' });
    res.end('{"error":{"code":"internal","message":"a default address was asked"}}');
  });
  return new Promise((resolve) => {
    server.once('error', () => resolve(stand));
    server.listen(port, '127.0.0.1', () => {
      stand.server = server;
      resolve(stand);
    });
  });
}

function runSuites(): Promise<{ code: number | null; output: string }> {
  const vitest = path.join(ROOT, 'node_modules', '.bin', 'vitest');
  const child = spawn(vitest, ['run', '--project', 'api', '--reporter=dot', ...SUITES], {
    cwd: ROOT,
    // This run's Redis, Auth emulator and provider stand-in, as the global setup found them.
    env: { ...process.env, DATA_BACKEND: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output = (output + d.toString()).slice(-20_000)));
  child.stderr.on('data', (d) => (output = (output + d.toString()).slice(-20_000)));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

async function shopKeys(redis: Redis): Promise<string[]> {
  return (await redis.keys('shop:*')).sort();
}

let stands: Stand[] = [];
let redis: Redis;

beforeAll(async () => {
  stands = await Promise.all(DEFAULT_PORTS.map(standIn));
  redis = new Redis(process.env.REDIS_URL!, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
});

afterAll(async () => {
  await Promise.all(stands.map((s) => new Promise((resolve) => (s.server ? s.server.close(resolve) : resolve(null)))));
  redis?.disconnect();
});

describe('suites beside the default addresses', () => {
  it('pass while the default ports answer wrongly, and never ask them nor write under the prefix shop', async () => {
    const watched = stands.filter((s) => s.server).map((s) => s.port);
    if (watched.length < DEFAULT_PORTS.length) {
      console.warn(`default ports already taken (not watched): ${DEFAULT_PORTS.filter((p) => !watched.includes(p))}`);
    }
    const before = await shopKeys(redis);
    const run = await runSuites();
    expect(run.code, run.output).toBe(0);
    expect(Object.fromEntries(stands.map((s) => [s.port, s.asked]))).toEqual(
      Object.fromEntries(DEFAULT_PORTS.map((p) => [p, []])),
    );
    // Another store on this Redis (a running `npm start`) writes under `shop` itself.
    if (watched.length === DEFAULT_PORTS.length) expect(await shopKeys(redis)).toEqual(before);
  }, 600_000);
});
