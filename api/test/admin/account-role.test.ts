import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountRoleSchema } from '@shop/shared/schemas';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { adminCallers, type AdminCallers } from './admin-users.js';

// docs/admin.md: the SPA offers the admin pages to whoever the admin routes let in, the claim or
// users/{uid}.isAdmin alike, by asking GET /api/account/role.

describe('GET /api/account/role', () => {
  let t: TestApp;
  let who: AdminCallers;
  beforeAll(async () => {
    t = await createTestApp();
    who = await adminCallers(t.store);
  });
  afterAll(() => t?.close());

  const role = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/account/role', headers });

  it('says admin for the claim and for the user document, as the admin routes decide', async () => {
    for (const [caller, admin] of [
      [who.claimAdmin, true],
      [who.docAdmin, true],
      [who.shopper, false],
    ] as const) {
      const res = await role(caller);
      expect(res.statusCode).toBe(200);
      expect(accountRoleSchema.parse(res.json())).toEqual({ admin });
      expect(res.headers['cache-control']).toBe('private, no-store');
      // The same caller on an admin route: allowed exactly when the answer says admin.
      const home = await t.app.inject({ method: 'GET', url: '/api/admin/home', headers: caller });
      expect(home.statusCode, JSON.stringify(caller)).toBe(admin ? 200 : 403);
    }
  });

  it('asks the signed out to sign in', async () => {
    const res = await role(who.signedOut);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthenticated');
  });
});
