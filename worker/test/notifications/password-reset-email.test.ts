import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_CODE_PARAM } from '@shop/shared';
import { PASSWORD_RESET_PATH, SITE } from '@shop/shared/pages';
import { JOBS, QUEUES } from '@shop/shared/server/queues';
import { jobModule as notificationsModule } from '../../src/jobs/notifications/index.js';
import { openWorkerTestBed, type WorkerTestBed } from '../helpers/worker-test-bed.js';
import { createTestUser, TEST_PROJECT_ID } from '../../../tests/fixtures/auth.js';
import { partOf } from '../../../tests/fixtures/mime-message.js';

// The e-mail with a link to choose a new password (docs/rules.md#validation): made by the worker
// from the Auth emulator's one-time code, in the shop's frame, leading to the store's own page.
// An address without an account gets nothing.

let bed: WorkerTestBed<readonly ['notifications']>;
beforeAll(async () => {
  bed = await openWorkerTestBed({
    name: 'password-reset-email',
    queues: [QUEUES.notifications],
    env: {
      MAIL_FROM: `${SITE.name} <shop@studio.test>`,
      FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST,
      FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    },
  });
  await bed.startWorkers([notificationsModule]);
});
afterAll(() => bed?.close());

async function reset(data: { email: string; returnTo?: string }): Promise<Record<string, unknown>> {
  const [queue] = bed.queues;
  const job = await queue.add(JOBS.notifications.passwordReset, data, {
    jobId: `password-reset-${randomUUID()}`,
    attempts: 1,
  });
  return job.waitUntilFinished(bed.queueEvents, 30_000);
}

/** What the emulator says the code is for when it is used (without setting a password). */
async function accountOfCode(code: string): Promise<string> {
  const res = await fetch(
    `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=k`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ oobCode: code }) },
  );
  const body = (await res.json()) as { email?: string };
  return body.email ?? '';
}

describe('the password-reset e-mail', () => {
  it("links to the store's own page with a working one-time code, in the shop's frame", async () => {
    const user = await createTestUser();
    const result = await reset({ email: user.email });
    expect(result.sent).toBe(true);
    // Nothing the queue keeps (the dashboard shows it) opens the account.
    expect(JSON.stringify(result)).not.toContain(PASSWORD_RESET_CODE_PARAM);
    const raw = readFileSync(result.file as string, 'utf8');
    expect(raw).toMatch(new RegExp(`^To: ${user.email.replace(/[.]/g, '\\.')}$`, 'm'));
    expect(raw).toMatch(/^Auto-Submitted: auto-generated$/m);
    expect(raw).toMatch(/^Subject: Choose a new password for your /m);
    const text = partOf(raw, 'text/plain');
    const link = /Choose a new password: (\S+)/.exec(text)?.[1] ?? '';
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe(`http://shop.test${PASSWORD_RESET_PATH}`);
    expect(text).toContain('The link works for one hour, and once.');
    expect(text).toContain('If you did not ask, ignore this e-mail');
    const html = partOf(raw, 'text/html');
    expect(html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
    expect(html).toContain(`src="http://shop.test${SITE.emailLogo}"`);
    // The code is the emulator's, for this account.
    expect(await accountOfCode(url.searchParams.get(PASSWORD_RESET_CODE_PARAM) ?? '')).toBe(user.email);
  });

  it('brings the shopper back to the page they asked from', async () => {
    const user = await createTestUser();
    const result = await reset({ email: user.email, returnTo: '/store/cart' });
    const link = /Choose a new password: (\S+)/.exec(partOf(readFileSync(result.file as string, 'utf8'), 'text/plain'));
    expect(new URL(link![1]).searchParams.get('next')).toBe('/store/cart');
  });

  it('sends nothing to an address without an account', async () => {
    const outbox = bed.config.OUTBOX_DIR;
    const before = existsSync(outbox) ? readdirSync(outbox).length : 0;
    expect(await reset({ email: `nobody-${randomUUID()}@example.test` })).toEqual({
      sent: false,
      reason: 'no account has this address',
    });
    expect(existsSync(outbox) ? readdirSync(outbox).length : 0).toBe(before);
  });
});
