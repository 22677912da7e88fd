import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { welcomeEmailJobId } from '@shop/shared/schemas';
import { JOBS } from '@shop/shared/server/queues';
import { createTestUser, type TestUser } from '../../../tests/fixtures/auth.js';
import { removeQueueData } from '../../../tests/fixtures/queue-prefix.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// POST /api/account/welcome (docs/rules.md#the-signed-in-shopper): the SPA asks after sign-up; the
// welcome e-mail is queued once per account, however often it is asked, and never for a guest.
// Once means once for the account's life: Redis may lose everything (it keeps nothing on disk in
// production), so the mark lives in the document store. Also run on Firestore (FIRESTORE_PASS).

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

const askFor = (user: TestUser) =>
  t.app.inject({ method: 'POST', url: '/api/account/welcome', headers: { authorization: `Bearer ${user.token}` } });

describe('POST /api/account/welcome', () => {
  it("queues one welcome e-mail to the new account's address, and no second one when asked again", async () => {
    const user = await createTestUser();
    const first = await askFor(user);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ queued: true });
    const jobs = await welcomesFor(user.email);
    expect(jobs.map((j) => j.id)).toEqual([welcomeEmailJobId(user.uid)]);
    expect(jobs[0]!.data).toEqual({ email: user.email });

    // The job done and gone, a second ask (another tab, a retried request) still sends nothing.
    await jobs[0]!.remove();
    expect((await askFor(user)).json()).toEqual({ queued: false });
    expect(await welcomesFor(user.email)).toEqual([]);
  });

  it('sends no second welcome after Redis has lost everything (a restart without a disk)', async () => {
    const user = await createTestUser();
    expect((await askFor(user)).json()).toEqual({ queued: true });
    // What a Redis restart does to this app: every key gone. Only this test's own prefix, so a
    // running store or another test file on the same Redis keeps its keys.
    await removeQueueData(t.app.redis, t.config.QUEUE_PREFIX);
    expect(await welcomesFor(user.email)).toEqual([]);

    // The shopper signs in on a new device, whose SPA asks again.
    const again = await askFor(user);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ queued: false });
    expect(await welcomesFor(user.email)).toEqual([]);
  });

  it('queues one e-mail when two tabs ask at the same moment', async () => {
    const user = await createTestUser();
    const answers = await Promise.all([askFor(user), askFor(user)]);
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202]);
    expect(answers.map((a) => a.json().queued).sort()).toEqual([false, true]);
    expect(await welcomesFor(user.email)).toHaveLength(1);
  });

  it('a welcome that could not be queued is sent on the next ask', async () => {
    const user = await createTestUser();
    const add = vi.spyOn(t.app.queues.notifications, 'add').mockRejectedValueOnce(new Error('Connection is closed.'));
    try {
      expect((await askFor(user)).statusCode).toBe(503);
    } finally {
      add.mockRestore();
    }
    expect((await askFor(user)).json()).toEqual({ queued: true });
    expect(await welcomesFor(user.email)).toHaveLength(1);
  });

  it('refuses the signed out', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/account/welcome' })).statusCode).toBe(401);
  });
});
