import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { parseConfig } from '@shop/shared/server/config';
import { createTestUser, tokenWithClaimsFrom } from '../../../tests/fixtures/auth.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// With the Auth emulator (the embedded default), anyone could write `admin: true` into an unsigned
// token for an existing account and administer the store, while the API listened on every
// interface. Now the emulator's own record of the account decides, and the API binds 127.0.0.1.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const asBearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('identity with the Auth emulator', () => {
  it('refuses an unsigned token that gives a shopper account admin: true', async () => {
    const shopper = await createTestUser();
    const forged = tokenWithClaimsFrom(shopper.token, { admin: true });
    const res = await t.app.inject({ url: '/api/admin/products/sync/config-check', headers: asBearer(forged) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: { code: 'permission-denied', message: MESSAGES.adminOnly } });
    const dashboard = await t.app.inject({ url: '/admin/queues', headers: asBearer(forged) });
    expect(dashboard.statusCode).toBe(403);
  });

  it('does not take the e-mail address from the token either', async () => {
    const shopper = await createTestUser();
    const forged = tokenWithClaimsFrom(shopper.token, { email: 'admin@studio.local' });
    const identity = await t.app.inject({ url: '/api/cart', headers: asBearer(forged) });
    expect(identity.statusCode).toBe(200);
    const session = await t.app.inject({ method: 'POST', url: '/api/admin/session', headers: asBearer(forged) });
    expect(session.statusCode).toBe(403);
  });

  it('still recognises an admin by the claim the emulator holds for the account', async () => {
    const admin = await createTestUser({ claims: { admin: true } });
    const res = await t.app.inject({ url: '/admin/queues', headers: asBearer(admin.token) });
    expect(res.statusCode).toBe(200);
  });

  it('binds 127.0.0.1 unless HOST is set, and every interface without the emulator', () => {
    expect(parseConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).HOST).toBe('127.0.0.1');
    expect(parseConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(parseConfig({}).HOST).toBe('0.0.0.0');
  });
});
