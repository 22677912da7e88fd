import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PATH, SITE, STORE_PATH } from '@shop/shared/pages';
import { welcomeEmailJobId } from '@shop/shared/schemas';
import { JOBS, QUEUES } from '@shop/shared/server/queues';
import { jobModule as notificationsModule } from '../../src/jobs/notifications/index.js';
import { openWorkerTestBed, type WorkerTestBed } from '../helpers/worker-test-bed.js';
import { partOf } from '../../../tests/fixtures/mime-message.js';

// The welcome e-mail after sign-up (docs/rules.md#the-signed-in-shopper): through the
// notifications queue, in the shop's frame, to the new account's address, with the way to the
// store and the account.

let bed: WorkerTestBed<readonly ['notifications']>;
beforeAll(async () => {
  bed = await openWorkerTestBed({
    name: 'welcome-email',
    queues: [QUEUES.notifications],
    env: { MAIL_FROM: `${SITE.name} <shop@studio.test>` },
  });
  await bed.startWorkers([notificationsModule]);
});
afterAll(() => bed?.close());

describe('the welcome e-mail', () => {
  it("greets the new account at its address in the shop's frame, with the store and the account", async () => {
    const [queue] = bed.queues;
    const email = `new-${randomUUID()}@example.test`;
    const job = await queue.add(JOBS.notifications.welcome, { email }, { jobId: welcomeEmailJobId(randomUUID()) });
    const result = (await job.waitUntilFinished(bed.queueEvents, 30_000)) as Record<string, unknown>;
    expect(result).toMatchObject({ sent: true, to: email });
    const raw = readFileSync(result.file as string, 'utf8');
    expect(raw).toMatch(new RegExp(`^To: ${email.replace(/[.]/g, '\\.')}$`, 'm'));
    expect(raw).toMatch(/^Subject: Welcome to /m);
    const text = partOf(raw, 'text/plain');
    expect(text).toContain(`account for ${email} is ready`);
    expect(text).toContain(`Visit the store: http://shop.test${STORE_PATH}`);
    expect(text).toContain(`Your account: http://shop.test${ACCOUNT_PATH}`);
    const html = partOf(raw, 'text/html');
    expect(html).toContain(`href="http://shop.test${STORE_PATH}"`);
    expect(html).toContain(`src="http://shop.test${SITE.emailLogo}"`);
  });
});
