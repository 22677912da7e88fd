import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// Readiness follows Redis: this suite runs its own redis-server, so stopping it disturbs nobody.
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 10_000;
    const probe = () => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(child);
      });
      socket.once('error', () =>
        Date.now() > deadline ? reject(new Error('redis-server did not start')) : setTimeout(probe, 100),
      );
    };
    probe();
  });
}

async function eventually(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

let t: TestApp;
let redis: ChildProcess;
let port: number;

beforeAll(async () => {
  port = await freePort();
  redis = await startRedis(port);
  t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${port}` }, (app) => {
    app.post('/probe/echo', async (req) => req.body);
    app.get('/probe/crash', async () => {
      throw new Error('SELECT * FROM secrets failed at /srv/app/db.ts:42');
    });
  });
});
afterAll(async () => {
  await t?.close();
  redis?.kill('SIGKILL');
});

describe('health', () => {
  it('is live and ready with the store and Redis up', async () => {
    expect((await t.app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { store: 'ok', redis: 'ok' } });
  });

  it('reports Redis by name while it is down, stays live, and recovers by itself', async () => {
    redis.kill('SIGKILL');
    await new Promise((r) => redis.once('exit', r));
    const down = await t.app.inject({ url: '/api/health/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json().error.code).toBe('unavailable');
    expect(down.json().error.message).toMatch(/Redis/);
    expect(down.json().checks.store).toBe('ok');
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);

    redis = await startRedis(port);
    const recovered = await eventually(
      async () => (await t.app.inject({ url: '/api/health/ready' })).statusCode === 200,
    );
    expect(recovered).toBe(true);
  });
});

describe('error format', () => {
  it('answers an unknown API route with a JSON 404 in the error format', async () => {
    const res = await t.app.inject({ url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not-found', message: 'Route GET /api/nothing-here not found' } });
  });

  it('answers a malformed JSON body with 400 invalid-argument', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/probe/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid-argument');
  });

  it('never leaks internals from a 5xx', async () => {
    const res = await t.app.inject({ url: '/probe/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: 'internal', message: 'Internal server error' } });
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });
});
