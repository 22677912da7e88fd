import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { welcomeEmailJobId } from '@shop/shared/schemas';
import { JOBS } from '@shop/shared/server/queues';
import { createTestUser } from '../../../tests/fixtures/auth.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// POST /api/account/welcome (docs/rules.md#the-signed-in-shopper): the SPA asks after sign-up; the
// welcome e-mail is queued once per account, however often it is asked, and never for a guest.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.app.queues.notifications.obliterate({ force: true });
  await t?.close();
});

async function welcomesFor(email: string) {
  const jobs = await t.app.queues.notifications.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
  return jobs.filter((j) => j.name === JOBS.notifications.welcome && j.data?.email === email);
}

describe('POST /api/account/welcome', () => {
  it("queues one welcome e-mail to the new account's address, and no second one when asked again", async () => {
    const user = await createTestUser();
    const ask = () =>
      t.app.inject({ method: 'POST', url: '/api/account/welcome', headers: { authorization: `Bearer ${user.token}` } });
    const first = await ask();
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ queued: true });
    const jobs = await welcomesFor(user.email);
    expect(jobs.map((j) => j.id)).toEqual([welcomeEmailJobId(user.uid)]);
    expect(jobs[0]!.data).toEqual({ email: user.email });

    // The job done and gone, a second ask (another tab, a retried request) still sends nothing.
    await jobs[0]!.remove();
    expect((await ask()).json()).toEqual({ queued: false });
    expect(await welcomesFor(user.email)).toEqual([]);
  });

  it('refuses the signed out', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/account/welcome' })).statusCode).toBe(401);
  });
});
