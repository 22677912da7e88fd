import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { createTestUser, expiredTokenFrom, foreignProjectTokenFrom } from '../../../tests/fixtures/auth.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// Identity through the real Firebase Auth emulator and the production verification code.
let t: TestApp;

beforeAll(async () => {
  // A probe route per guard, registered the way feature routes use them.
  t = await createTestApp({}, (app) => {
    app.get('/probe/user', { preHandler: app.requireUser }, async (req) => req.identity());
    app.get('/probe/admin', { preHandler: app.requireAdmin }, async (req) => req.identity());
    app.get('/probe/shopper', { preHandler: app.requireShopper }, async (req) => req.identity());
  });
});
afterAll(() => t?.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('signed-in users', () => {
  it('accepts a real ID token and names the user', async () => {
    const user = await createTestUser();
    const res = await t.app.inject({ url: '/probe/user', headers: bearer(user.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'user', uid: user.uid, email: user.email, isAdmin: false });
  });

  it('treats the admin claim as admin', async () => {
    const admin = await createTestUser({ claims: { admin: true } });
    const res = await t.app.inject({ url: '/probe/admin', headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'user', isAdmin: true });
  });

  it('treats users/{uid}.isAdmin as admin and merges the user document', async () => {
    const user = await createTestUser();
    await t.store.set('users', user.uid, { isAdmin: true, displayName: 'Dana Admin' });
    const res = await t.app.inject({ url: '/probe/admin', headers: bearer(user.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ displayName: 'Dana Admin', isAdmin: true, uid: user.uid });
  });

  it('does not take an isAdmin that is not the boolean true for admin', async () => {
    const user = await createTestUser();
    await t.store.set('users', user.uid, { isAdmin: 'true' });
    const res = await t.app.inject({ url: '/probe/admin', headers: bearer(user.token) });
    expect(res.statusCode).toBe(403);
  });

  it('answers 403 permission-denied to a signed-in non-admin', async () => {
    const user = await createTestUser();
    const res = await t.app.inject({ url: '/probe/admin', headers: bearer(user.token) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: { code: 'permission-denied', message: MESSAGES.adminOnly } });
  });

  it('answers 401 to the signed out on an admin route', async () => {
    const res = await t.app.inject({ url: '/probe/admin' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthenticated');
  });
});

describe('bad tokens are 401 unauthenticated, never 500', () => {
  it.each([
    ['a forged token', () => 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.'],
    ['garbage', () => 'not-a-jwt'],
  ])('%s', async (_name, token) => {
    const res = await t.app.inject({ url: '/probe/user', headers: bearer(token()) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'unauthenticated', message: MESSAGES.invalidToken } });
  });

  it('an expired token', async () => {
    const user = await createTestUser();
    const res = await t.app.inject({ url: '/probe/user', headers: bearer(expiredTokenFrom(user.token)) });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthenticated');
  });

  it('a token from another project', async () => {
    const user = await createTestUser();
    const res = await t.app.inject({ url: '/probe/user', headers: bearer(foreignProjectTokenFrom(user.token)) });
    expect(res.statusCode).toBe(401);
  });

  it('a malformed Authorization header', async () => {
    const res = await t.app.inject({ url: '/probe/user', headers: { authorization: 'Basic abc' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('guests', () => {
  it('accepts guest-<uuid v4>', async () => {
    const guestId = `guest-${crypto.randomUUID()}`;
    const res = await t.app.inject({ url: '/probe/shopper', headers: { 'x-guest-id': guestId } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ kind: 'guest', guestId });
  });

  it.each([
    'guest-123',
    'user-6f1c1b1e-8d7a-4c1e-9a51-3a3c5b1d2e4f',
    `guest-${'0'.repeat(8)}-0000-1000-8000-${'0'.repeat(12)}`,
    '',
  ])('refuses the malformed guest id %j with 400 and a clear message', async (guestId) => {
    const res = await t.app.inject({ url: '/probe/shopper', headers: { 'x-guest-id': guestId } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'invalid-argument', message: MESSAGES.invalidGuestId } });
  });

  it('answers 401 when neither a token nor a guest id is sent', async () => {
    const res = await t.app.inject({ url: '/probe/shopper' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(MESSAGES.noIdentity);
  });
});
