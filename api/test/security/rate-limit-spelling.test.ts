import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTE_RATE_LIMIT_PER_MIN } from '@shop/shared';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// docs/rules.md#money-and-abuse and docs/rules.md#production-for-real: limits key on the route the router matched, so percent-encoding a path
// escapes nothing, and the counters live in Redis, so two API replicas share one budget.

const QUOTE = {
  name: 'Ada Baker',
  email: 'ada@example.com',
  services: ['website'],
  budget: '5k-15k',
  message: 'We need a new website with online pre-orders for weekend bread.',
};

describe('the rate limit, however the path is spelled', () => {
  const LIMIT = 4;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MIN: String(LIMIT) });
  });
  afterAll(() => t?.close());

  it(`holds the quote form to ${QUOTE_RATE_LIMIT_PER_MIN} a minute when the path is percent-encoded`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < QUOTE_RATE_LIMIT_PER_MIN + 2; i++) {
      const url = i % 2 === 0 ? '/%61pi/quotes' : '/api/quot%65s';
      const res = await t.app.inject({ method: 'POST', url, payload: QUOTE, remoteAddress: '198.51.100.1' });
      statuses.push(res.statusCode);
      // Every 429 says when to come back (docs/limits.md).
      if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([...Array(QUOTE_RATE_LIMIT_PER_MIN).fill(201), 429, 429]);
  });

  it('counts every spelling of an API address against one budget', async () => {
    const spellings = ['/api/config/public', '/%61pi/config/public', '/a%70i/config/public', '/api/config/%70ublic'];
    const statuses: number[] = [];
    for (const url of [...spellings, '/%61%70%69/config/public']) {
      const res = await t.app.inject({ method: 'GET', url, remoteAddress: '198.51.100.2' });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json()).toMatchObject({ error: { code: 'resource-exhausted' } });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      } else expect(res.headers['x-ratelimit-limit']).toBe(String(LIMIT));
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });

  it("counts an IPv6 client's whole /64 as one client, whatever address in it each request comes from", async () => {
    const get = (remoteAddress: string) => t.app.inject({ method: 'GET', url: '/api/config/public', remoteAddress });
    const statuses: number[] = [];
    for (let host = 1; host <= LIMIT + 1; host++)
      statuses.push((await get(`2001:db8:a:b::${host.toString(16)}`)).statusCode);
    statuses.push((await get('2001:0DB8:000A:000B:ffff:ffff:ffff:ffff')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    // The next /64 is someone else.
    expect((await get('2001:db8:a:c::1')).statusCode).toBe(200);
  });

  it('counts an IPv4 client reached over IPv6 (::ffff:a.b.c.d) as that IPv4 client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) {
      const remoteAddress = i % 2 === 0 ? '198.51.100.4' : '::ffff:198.51.100.4';
      statuses.push((await t.app.inject({ method: 'GET', url: '/api/config/public', remoteAddress })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });

  it('counts NAT64 and 6to4 addresses as the IPv4 client they carry, sharing its budget', async () => {
    const get = (remoteAddress: string) => t.app.inject({ method: 'GET', url: '/api/config/public', remoteAddress });
    // 198.51.100.5 as itself, through NAT64 and through 6to4 (two subnets of its /48).
    const spellings = ['198.51.100.5', '64:ff9b::c633:6405', '2002:c633:6405:1::1', '2002:c633:6405:2::1'];
    const statuses: number[] = [];
    for (const remoteAddress of [...spellings, '64:ff9b::198.51.100.5'])
      statuses.push((await get(remoteAddress)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    // Another IPv4 address behind the same NAT64 prefix is another client.
    expect((await get('64:ff9b::198.51.100.6')).statusCode).toBe(200);
  });
});

describe('two API replicas on one Redis', () => {
  const LIMIT = 4;
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((a) => a.close())));

  it('spend one budget per client between them', async () => {
    const first = await createTestApp({ RATE_LIMIT_PER_MIN: String(LIMIT) });
    apps.push(first);
    const second = await createTestApp({ RATE_LIMIT_PER_MIN: String(LIMIT), QUEUE_PREFIX: first.config.QUEUE_PREFIX });
    apps.push(second);
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) {
      const replica = i % 2 === 0 ? first : second;
      const res = await replica.app.inject({ method: 'GET', url: '/api/config/public', remoteAddress: '198.51.100.3' });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });
});
