import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { createTestApp, type TestApp } from '../../../api/test/helpers/test-app.js';
import { createTestUser } from '../../fixtures/auth.js';
import { startHangingRedisProxy, type HangingRedisProxy } from './helpers/hanging-redis-proxy.js';

// A Redis that keeps its connections open and stops answering. Every route that enqueues must
// still answer, 503 unavailable, within 5 s (a client's patience; the request is aborted after
// that), and a visitor who resubmits the quote form afterwards must not leave two quotes.

const WEBHOOK_SECRET = 'whsec_hung_redis_test_secret';
const CLIENT_PATIENCE_MS = 5_000;

let proxy: HangingRedisProxy;
let t: TestApp;
let base: string;
let adminToken: string;

const quote = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  services: ['website'],
  budget: 'not-sure',
  message: 'A new site for our analytical engine workshop, please.',
};

/** A request as a browser makes it, given up after CLIENT_PATIENCE_MS. */
async function send(method: string, path: string, headers: Record<string, string>, body: string) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body,
    signal: AbortSignal.timeout(CLIENT_PATIENCE_MS),
  });
  return { status: res.status, body: (await res.json()) as { id?: string; error?: { code: string; message: string } } };
}

async function quotesStored(): Promise<number> {
  return (await t.store.query('quotes', {})).docs.length;
}

beforeAll(async () => {
  proxy = await startHangingRedisProxy(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  t = await createTestApp({ REDIS_URL: proxy.url, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  adminToken = (await createTestUser({ claims: { admin: true } })).token;
});
afterAll(async () => {
  proxy?.recover();
  await t?.close();
  await proxy?.close();
});

describe('a Redis that stops answering', () => {
  it('answers quotes, admin syncs and Stripe webhooks with 503 in time; a resubmitted quote is stored once', async () => {
    const key = randomUUID();
    proxy.hang();

    const quoteAnswer = await send('POST', '/api/quotes', { 'idempotency-key': key }, JSON.stringify(quote));
    expect(quoteAnswer).toEqual({
      status: 503,
      body: { error: { code: 'unavailable', message: MESSAGES.queueUnavailable } },
    });

    const sync = await send('POST', '/api/admin/products/sync', { authorization: `Bearer ${adminToken}` }, '{}');
    expect(sync.status).toBe(503);
    expect(sync.body.error?.code).toBe('unavailable');

    const event = JSON.stringify({
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: { id: `cs_test_${randomUUID().replaceAll('-', '')}`, object: 'checkout.session', metadata: {} } },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: event, secret: WEBHOOK_SECRET });
    const webhook = await send('POST', '/api/webhooks/stripe', { 'stripe-signature': signature }, event);
    expect(webhook.status).toBe(503);

    // Redis answers again; the visitor presses Send once more with the same form.
    proxy.recover();
    let again: Awaited<ReturnType<typeof send>> | null = null;
    for (let attempt = 0; attempt < 20 && again?.status !== 201; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 250));
      again = await send('POST', '/api/quotes', { 'idempotency-key': key }, JSON.stringify(quote));
    }
    expect(again?.status).toBe(201);
    expect(again?.body.id).toBe(key);
    const twice = await send('POST', '/api/quotes', { 'idempotency-key': key }, JSON.stringify(quote));
    expect(twice).toEqual({ status: 201, body: { id: key } });
    expect(await quotesStored()).toBe(1);
    const job = await t.app.queues.notifications.getJob(`quote-${key}`);
    expect(job?.data).toEqual({ quoteId: key });
  });

  it('refuses an idempotency key that is not a UUID', async () => {
    const answer = await send('POST', '/api/quotes', { 'idempotency-key': 'x'.repeat(40) }, JSON.stringify(quote));
    expect(answer).toEqual({
      status: 400,
      body: { error: { code: 'invalid-argument', message: MESSAGES.idempotencyKeyInvalid } },
    });
  });
});
