import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  PASSWORD_RESET_ADDRESS_WINDOW_MINUTES,
  PASSWORD_RESET_PER_ADDRESS,
  PASSWORD_RESET_PER_CLIENT_PER_MIN,
} from '@shop/shared';
import { JOBS } from '@shop/shared/server/queues';
import { createTestUser } from '../../../tests/fixtures/auth.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// POST /api/auth/password-reset (docs/contracts.md#identity): "Forgot password?" queues the store's
// own e-mail. The answer never tells whether the address has an account, and two budgets (per
// client, per address) keep it from mailing strangers (docs/limits.md).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.app.queues.notifications.obliterate({ force: true });
  await t?.close();
});

/** Each test asks from addresses of its own, so the per-client budget is its own too. */
const newClient = () => `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
const ask = (payload: unknown, remoteAddress = newClient()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: payload as object, remoteAddress });

async function queuedFor(email: string) {
  const jobs = await t.app.queues.notifications.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
  return jobs.filter((j) => j.name === JOBS.notifications.passwordReset && j.data?.email === email);
}

describe('POST /api/auth/password-reset', () => {
  it('answers an address with an account exactly as one without, and queues the e-mail for both', async () => {
    const user = await createTestUser();
    const stranger = `nobody-${randomUUID()}@example.test`;
    const known = await ask({ email: user.email });
    const unknown = await ask({ email: stranger });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    const strip = (body: { message: string }, address: string) => body.message.replace(address, '<address>');
    expect(strip(known.json(), user.email)).toBe(strip(unknown.json(), stranger));
    expect(known.json()).toEqual({ message: MESSAGES.passwordResetSent(user.email) });
    expect(known.headers['cache-control']).toBe('no-store');
    // Whether an account exists is found out by the worker, later: both jobs carry only the address.
    const [job] = await queuedFor(user.email);
    expect(job.data).toEqual({ email: user.email });
    expect(await queuedFor(stranger)).toHaveLength(1);
    expect(JSON.stringify(job.data)).not.toMatch(/oobCode|http/);
  });

  it('keeps the page the shopper asked from, and only a page of this site', async () => {
    const email = `from-cart-${randomUUID()}@example.test`;
    expect((await ask({ email, returnTo: '/store/cart' })).statusCode).toBe(202);
    expect((await queuedFor(email))[0].data).toEqual({ email, returnTo: '/store/cart' });
    for (const returnTo of [
      '//evil.example/x',
      'https://evil.example/',
      '/\\evil.example',
      '/\t/evil.example/',
      '/\u3000x',
    ]) {
      const res = await ask({ email, returnTo });
      expect(res.statusCode, returnTo).toBe(400);
      expect(res.json().error.code).toBe('invalid-argument');
    }
  });

  it.each([
    ['no address', {}],
    ['not an address', { email: 'ada-at-example' }],
    ['an address too long', { email: `${'a'.repeat(250)}@example.test` }],
    ['an address that is not text', { email: 42 }],
  ])('refuses %s with the field named and queues nothing', async (_what, payload) => {
    const before = (await t.app.queues.notifications.getJobs(['waiting'])).length;
    const res = await ask(payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('invalid-argument');
    expect(body.error.details.fields.email).toBe(MESSAGES.passwordResetEmailInvalid);
    expect((await t.app.queues.notifications.getJobs(['waiting'])).length).toBe(before);
  });

  it(`allows ${PASSWORD_RESET_PER_CLIENT_PER_MIN} requests a minute per client, then 429 with Retry-After`, async () => {
    const client = newClient();
    for (let i = 0; i < PASSWORD_RESET_PER_CLIENT_PER_MIN; i += 1) {
      expect((await ask({ email: `client-${i}-${randomUUID()}@example.test` }, client)).statusCode).toBe(202);
    }
    const refused = await ask({ email: `client-over-${randomUUID()}@example.test` }, client);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('resource-exhausted');
    expect(refused.json().error.message).toMatch(new RegExp(`^${MESSAGES.rateLimited}`));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not held back by this one.
    expect((await ask({ email: `client-other-${randomUUID()}@example.test` })).statusCode).toBe(202);
  });

  it(`sends one address at most ${PASSWORD_RESET_PER_ADDRESS} links in ${PASSWORD_RESET_ADDRESS_WINDOW_MINUTES} minutes, whoever asks, account or not`, async () => {
    const user = await createTestUser();
    const stranger = `stranger-${randomUUID()}@example.test`;
    for (const email of [user.email, stranger]) {
      for (let i = 0; i < PASSWORD_RESET_PER_ADDRESS; i += 1) {
        // From a new client each time, and typed differently: still one address.
        const typed = i % 2 ? email.toUpperCase() : ` ${email} `;
        expect((await ask({ email: typed })).statusCode).toBe(202);
      }
      const refused = await ask({ email });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        error: { code: 'resource-exhausted', message: MESSAGES.passwordResetAddressLimit },
      });
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(PASSWORD_RESET_ADDRESS_WINDOW_MINUTES * 60);
    }
    const queued = (await queuedFor(user.email)).length + (await queuedFor(user.email.toUpperCase())).length;
    expect(queued).toBe(PASSWORD_RESET_PER_ADDRESS);
  });
});
