import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// A client that declares a body and never sends it is answered and let go (it held a connection
// for more than 400 s), and X-Forwarded-For only counts when TRUST_PROXY says who may send it.

describe('a stalled request body', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t?.close());

  it('is answered 408 and the connection closed, not held open', async () => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += String(chunk)));
    socket.write(
      'POST /api/quotes HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":',
    );
    await new Promise((resolve) => socket.on('close', resolve));
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  }, 20_000);
});

describe('the client address behind proxies', () => {
  const LIMIT = 3;
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((a) => a.close())));

  async function app(env: Record<string, string>) {
    const t = await createTestApp({ RATE_LIMIT_PER_MIN: String(LIMIT), ...env });
    apps.push(t);
    return t;
  }
  const get = (t: TestApp, forwardedFor: string) =>
    t.app.inject({ method: 'GET', url: '/api/config/public', headers: { 'x-forwarded-for': forwardedFor } });

  it('in production without TRUST_PROXY, a forged X-Forwarded-For does not buy a fresh rate limit', async () => {
    const t = await app({ NODE_ENV: 'production' });
    const statuses = [];
    for (let i = 0; i < LIMIT + 2; i++) statuses.push((await get(t, `203.0.113.${i + 1}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const limited = await get(t, '198.51.100.7');
    expect(limited.json()).toMatchObject({ error: { code: 'resource-exhausted' } });
    expect(limited.json().error.message).toContain(MESSAGES.rateLimited);
  });

  it('with TRUST_PROXY=1 the address the proxy names is the one limited', async () => {
    const t = await app({ TRUST_PROXY: '1' });
    for (let i = 0; i < LIMIT; i++) expect((await get(t, '203.0.113.10')).statusCode).toBe(200);
    expect((await get(t, '203.0.113.10')).statusCode).toBe(429);
    // The proxy's own client list: only the last hop counts, so a prefix the client wrote is ignored.
    expect((await get(t, '203.0.113.10, 203.0.113.11')).statusCode).toBe(200);
    expect((await get(t, '203.0.113.99, 203.0.113.10')).statusCode).toBe(429);
  });

  it('with TRUST_PROXY naming the proxy address, other senders are not believed', async () => {
    const trusting = await app({ TRUST_PROXY: '127.0.0.1' });
    for (let i = 0; i < LIMIT + 1; i++) expect((await get(trusting, `203.0.113.${20 + i}`)).statusCode).toBe(200);
    const other = await app({ TRUST_PROXY: '10.0.0.0/8' });
    const statuses = [];
    for (let i = 0; i < LIMIT + 1; i++) statuses.push((await get(other, `203.0.113.${30 + i}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('refuses a TRUST_PROXY it cannot read, and trusting every hop', async () => {
    await expect(app({ TRUST_PROXY: 'true' })).rejects.toThrow(/TRUST_PROXY: expected a hop count/);
    await expect(app({ TRUST_PROXY: 'proxy.local' })).rejects.toThrow(/not understood: proxy\.local/);
  });
});
