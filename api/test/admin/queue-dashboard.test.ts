import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { createTestUser } from '../../../tests/fixtures/auth.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { adminCallers, type AdminCallers } from './admin-users.js';

// bull-board at /admin/queues: admins only, by Bearer header or by the HttpOnly session cookie
// the SPA obtains from POST /api/admin/session just before opening the dashboard.
let t: TestApp;
let as: AdminCallers & { tokens: { claimAdmin: string } };

beforeAll(async () => {
  t = await createTestApp();
  as = await adminCallers(t.store);
});
afterAll(() => t?.close());

const cookie = (token: string) => ({ cookie: `__session=${token}` });

async function openSession(headers: Record<string, string>) {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/session', headers });
  const setCookie = String(res.headers['set-cookie'] ?? '');
  return { res, setCookie, session: /__session=([^;]*)/.exec(setCookie)?.[1] ?? '' };
}

describe('GET /admin/queues', () => {
  it('answers 401 to the signed out and 403 to a shopper, in the API error format', async () => {
    const signedOut = await t.app.inject({ url: '/admin/queues' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ error: { code: 'unauthenticated', message: MESSAGES.unauthenticated } });
    const shopper = await t.app.inject({ url: '/admin/queues', headers: as.shopper });
    expect(shopper.statusCode).toBe(403);
    expect(shopper.json().error.code).toBe('permission-denied');
  });

  it.each(['claimAdmin', 'docAdmin'] as const)('shows the dashboard to an admin by %s', async (who) => {
    const res = await t.app.inject({ url: '/admin/queues', headers: as[who] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Studio shop queues');
  });

  it('sends a browser that types its address without a session to the admin page that opens it', async () => {
    // The admin is signed in in the app, but a typed address carries no dashboard session yet.
    const typed = await t.app.inject({ url: '/admin/queues', headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(typed.statusCode).toBe(303);
    expect(typed.headers.location).toBe('/admin/sync?open=queues');
    // A refused session is answered, not sent round again.
    const refused = await t.app.inject({
      url: '/admin/queues',
      headers: { accept: 'text/html', ...cookie('not-a-session') },
    });
    expect(refused.statusCode).toBe(401);
  });

  it("lists every queue in the dashboard's API", async () => {
    const res = await t.app.inject({ url: '/admin/queues/api/queues', headers: as.claimAdmin });
    expect(res.statusCode).toBe(200);
    const names = (res.json().queues as Array<{ name: string }>).map((q) => q.name).sort();
    expect(names).toEqual(['maintenance', 'notifications', 'orders', 'product-sync']);
  });

  it('guards the dashboard API and static files too', async () => {
    expect((await t.app.inject({ url: '/admin/queues/api/queues' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/admin/queues/static/js/nothing.js', headers: as.shopper })).statusCode).toBe(
      403,
    );
  });
});

describe("the dashboard's actions", () => {
  // Found by the hostile-input suite (seed -687569275): a job's "edit data" with a body cut short
  // was answered 500 with the parser's own words.
  it.each([
    ['a body cut short', '{"name":"x'],
    ['a body that is not JSON', 'not json'],
    ['a string holding U+0000', '"\\u0000"'],
    ['job data holding U+0000', '{"jobData":{"note":"a\\u0000b"}}'],
  ])('answers %s with 400 in the API error format, and changes nothing', async (_, payload) => {
    const job = await t.app.queues.maintenance.add('probe', { kept: true });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/admin/queues/api/queues/maintenance/${job.id}/update-data`,
      headers: { ...as.claimAdmin, 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'invalid-argument', message: expect.any(String) } });
    expect(res.body).not.toMatch(/Unterminated|Unexpected token/);
    expect((await t.app.queues.maintenance.getJob(job.id!))?.data).toEqual({ kept: true });
    await job.remove();
  });

  // Found by the hostile-input suite (seed 167021863): a body nested 25,000 arrays deep overflowed
  // the call stack of the check for U+0000 and was answered 500.
  it('answers a body nested 25,000 arrays deep without a server error, on an action that reads no body too', async () => {
    const payload = `${'['.repeat(25_000)}${']'.repeat(25_000)}`;
    const job = await t.app.queues.maintenance.add('probe', { kept: true });
    for (const [method, url] of [
      ['PUT', '/admin/queues/api/queues/resume'],
      ['PATCH', `/admin/queues/api/queues/maintenance/${job.id}/update-data`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { ...as.claimAdmin, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500);
    }
    expect((await t.app.queues.maintenance.getJob(job.id!))?.data).toEqual({ kept: true });
    await job.remove();
  });

  it("still saves a job's data an admin edits", async () => {
    const job = await t.app.queues.maintenance.add('probe', { kept: true });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/admin/queues/api/queues/maintenance/${job.id}/update-data`,
      headers: as.claimAdmin,
      payload: { jobData: { kept: false, note: 'edited' } },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.app.queues.maintenance.getJob(job.id!))?.data).toEqual({ kept: false, note: 'edited' });
    await job.remove();
  });
});

describe('the dashboard session cookie', () => {
  it('is set for an admin: a Firebase session, not the ID token; HttpOnly, SameSite=Strict, only for /admin/queues, for an hour', async () => {
    const { res, setCookie, session } = await openSession(as.claimAdmin);
    expect(res.statusCode).toBe(204);
    expect(session).not.toBe('');
    expect(session).not.toBe(as.tokens.claimAdmin);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/admin/queues');
    expect(setCookie).toContain('Max-Age=3600');
    expect(setCookie).not.toContain('Secure');
  });

  it('opens the dashboard to a browser that sends only the cookie', async () => {
    const { session } = await openSession(as.claimAdmin);
    const res = await t.app.inject({ url: '/admin/queues', headers: cookie(session) });
    expect(res.statusCode).toBe(200);
    // Nothing the site's content-security policy refuses (a console error on every visit): the
    // dashboard's web-font stylesheet is left out, and it reads in the system's fonts.
    expect(res.body).not.toContain('fonts.googleapis.com');
    expect(res.body).toContain('← Back to the admin');
    // Back to Sync, where the admin opened it, not to the orders.
    expect(res.body).toContain('<a href="/admin/sync"');
    expect(res.body).not.toContain('href="/admin/orders"');
  });

  it('does not accept a raw ID token in its place', async () => {
    const res = await t.app.inject({ url: '/admin/queues', headers: cookie(as.tokens.claimAdmin) });
    expect(res.statusCode).toBe(401);
  });

  it('is refused to a shopper, and a shopper token in the cookie does not open the dashboard', async () => {
    const shopper = await createTestUser();
    expect((await openSession({ authorization: `Bearer ${shopper.token}` })).res.statusCode).toBe(403);
    // An ID token is no session cookie at all.
    expect((await t.app.inject({ url: '/admin/queues', headers: cookie(shopper.token) })).statusCode).toBe(401);
  });

  it('with a forged token is 401', async () => {
    const res = await t.app.inject({ url: '/admin/queues', headers: cookie('eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.') });
    expect(res.statusCode).toBe(401);
  });

  it('is honoured by the dashboard only: the admin API still wants the Bearer header', async () => {
    const { session } = await openSession(as.claimAdmin);
    const res = await t.app.inject({
      url: '/api/admin/products/sync/config-check',
      headers: cookie(session),
    });
    expect(res.statusCode).toBe(401);
  });

  it('is cleared by DELETE /api/admin/session, even for the signed out', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/admin/session' });
    expect(res.statusCode).toBe(204);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toContain('__session=;');
    expect(setCookie).toContain('Path=/admin/queues');
    expect(setCookie).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
  });

  it('is Secure in production', async () => {
    const production = await createTestApp({ NODE_ENV: 'production' });
    try {
      const admin = await adminCallers(production.store);
      const res = await production.app.inject({ method: 'POST', url: '/api/admin/session', headers: admin.claimAdmin });
      expect(String(res.headers['set-cookie'])).toContain('Secure');
    } finally {
      await production.close();
    }
  });

  it('is Secure when the site is served over https', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://shop.example.com' });
    try {
      const admin = await adminCallers(https.store);
      const res = await https.app.inject({ method: 'POST', url: '/api/admin/session', headers: admin.claimAdmin });
      expect(String(res.headers['set-cookie'])).toContain('Secure');
    } finally {
      await https.close();
    }
  });
});
