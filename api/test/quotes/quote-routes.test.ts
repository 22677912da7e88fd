import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { quoteDocumentSchema } from '@shop/shared/schemas';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.app.queues.notifications.obliterate({ force: true });
  await t?.close();
});

const VALID = {
  name: 'Ada Baker',
  email: 'ada@example.com',
  company: 'Baker & Daughters',
  services: ['website', 'e-commerce'],
  budget: '5k-15k',
  message: 'We need a new website with online pre-orders for weekend bread.',
};

// Each test posts from its own address, so the strict per-IP limit only bites where it is tested.
let nextIp = 1;
const post = (payload: unknown, ip = `10.0.0.${nextIp++}`) =>
  t.app.inject({ method: 'POST', url: '/api/quotes', payload: payload as object, remoteAddress: ip });

describe('POST /api/quotes', () => {
  it('stores the request as a new quote, queues the notification and answers 201 with its id', async () => {
    const sentAt = new Date().toISOString();
    const res = await post(VALID);
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const stored = quoteDocumentSchema.parse(await t.store.get('quotes', id));
    expect(stored).toMatchObject({ ...VALID, status: 'new' });
    expect(stored.createdAt >= sentAt && stored.createdAt <= new Date().toISOString()).toBe(true);

    const job = await t.app.queues.notifications.getJob(`quote-${id}`);
    expect(job?.name).toBe('quote-received');
    expect(job?.data).toEqual({ quoteId: id });
  });

  it('accepts a request without a company', async () => {
    const { company: _company, ...withoutCompany } = VALID;
    const res = await post({ ...withoutCompany, company: '' });
    expect(res.statusCode).toBe(201);
    const stored = await t.store.get('quotes', res.json().id);
    expect(stored?.company).toBeUndefined();
  });

  it.each([
    ['a missing name', { name: '' }, 'Please tell us your name'],
    ['a bad e-mail address', { email: 'ada-at-example' }, 'Please enter a valid e-mail address'],
    ['no services', { services: [] }, 'Choose at least one service'],
    ['an unknown service', { services: ['logo-design'] }, 'Invalid'],
    ['an unknown budget', { budget: 'a-million' }, 'Choose a budget range'],
    ['a message that is too short', { message: 'Hi there' }, 'Please describe your project in at least 20 characters'],
    [
      'a message that is too long',
      { message: 'x'.repeat(5001) },
      'Please keep the description to 5000 characters or fewer',
    ],
  ])('refuses %s with 400 invalid-argument and stores nothing', async (_case, change, message) => {
    const before = (await t.store.query('quotes')).docs.length;
    const res = await post({ ...VALID, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid-argument');
    expect(res.json().error.message).toContain(message);
    expect((await t.store.query('quotes')).docs.length).toBe(before);
  });

  it('when the notification cannot be queued, answers 503 and keeps no half-saved quote', async () => {
    const before = (await t.store.query('quotes')).docs.length;
    const add = vi.spyOn(t.app.queues.notifications, 'add').mockRejectedValueOnce(new Error('Connection is closed.'));
    const res = await post(VALID);
    add.mockRestore();
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('unavailable');
    expect((await t.store.query('quotes')).docs.length).toBe(before);
  });

  it('allows 5 requests a minute from one address, then answers 429 resource-exhausted', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 5; i++) expect((await post(VALID, ip)).statusCode).toBe(201);
    const limited = await post(VALID, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('resource-exhausted');
    expect((await post(VALID)).statusCode).toBe(201);
  });
});
