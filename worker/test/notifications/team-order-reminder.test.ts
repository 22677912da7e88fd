import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamOrderReminderJobId } from '@shop/shared/domain/team-order';
import type { TeamOrderDoc } from '@shop/shared/schemas';
import { SITE } from '@shop/shared/pages';
import { JOBS, QUEUES } from '@shop/shared/server/queues';
import { changeTeamOrder, createTeamOrder } from '@shop/shared/server/team-orders';
import { jobModule as notificationsModule } from '../../src/jobs/notifications/index.js';
import { teamOrderReminderEmail } from '../../src/jobs/notifications/team-order-email.js';
import { openWorkerTestBed, type WorkerTestBed } from '../helpers/worker-test-bed.js';
import { partOf } from '../../../tests/fixtures/mime-message.js';

// The lead's reminder the day before a team order closes (docs/rules.md#team-orders), written as
// an .eml file: what the lead reads, with the members' names and the title escaped.

let bed: WorkerTestBed<readonly ['notifications']>;
beforeAll(async () => {
  bed = await openWorkerTestBed({
    name: 'team-order-reminder',
    queues: [QUEUES.notifications],
    env: { MAIL_FROM: `${SITE.name} <shop@studio.test>`, STUDIO_EMAIL: 'hello@studio.test' },
  });
  await bed.startWorkers([notificationsModule]);
});
afterAll(() => bed?.close());

const member = (name: string, size: string) => ({
  id: globalThis.crypto.randomUUID(),
  keyHash: 'h',
  name,
  productId: 'hoodie',
  size,
  color: 'Navy',
  email: `${name.replace(/\W/g, '').toLowerCase() || 'someone'}@example.com`,
  joinedAt: '2026-11-27T00:00:00Z',
  updatedAt: '2026-11-27T00:00:00Z',
});

function teamOrder(overrides: Partial<TeamOrderDoc> = {}): TeamOrderDoc {
  return {
    leadUid: 'uid-sam',
    leadName: 'Sam',
    leadEmail: 'sam@example.com',
    title: 'Platform <team>',
    products: [{ id: 'hoodie', title: 'Studio Hoodie' }],
    color: null,
    closesOn: '2099-12-04',
    closesAt: '2099-12-05T08:00:00.000Z',
    maxMembers: 20,
    linkToken: 'A'.repeat(32),
    status: 'open',
    closedAt: null,
    members: [member('Ada', 'M'), member('<script>x</script>', 'M'), member('Bo', 'L')],
    cartLines: null,
    cartFilledAt: null,
    orderId: null,
    shippedNoticesAt: null,
    createdAt: '2026-11-27T00:00:00.000Z',
    updatedAt: '2026-11-27T00:00:00.000Z',
    ...overrides,
  };
}

async function remind(id: string): Promise<{ sent: boolean; file?: string; reason?: string }> {
  const [queue] = bed.queues;
  const job = await queue.add(
    JOBS.notifications.teamOrderReminder,
    { teamOrderId: id },
    {
      jobId: teamOrderReminderJobId(id),
      attempts: 1,
    },
  );
  return job.waitUntilFinished(bed.queueEvents, 30_000);
}

describe("the lead's reminder", () => {
  it('tells the lead how many joined and how many of each, with a button to their page, escaped', async () => {
    const { id } = await createTeamOrder(bed.store, teamOrder());
    const result = await remind(id);
    expect(result.sent).toBe(true);
    const raw = readFileSync(result.file!, 'utf8');
    expect(raw).toMatch(/^To: sam@example\.com$/m);
    // The subject holds the title as written (the transport encodes the header).
    expect(raw).toMatch(/^Subject: /m);
    expect(teamOrderReminderEmail(teamOrder(), { leadUrl: 'u', origin: 'o' }).subject).toBe(
      'Your team order "Platform <team>" closes tomorrow',
    );
    const text = partOf(raw, 'text/plain');
    expect(text).toContain('3 of 20 people have joined.');
    expect(text).toContain('It closes at the end of Friday, December 4');
    expect(text).toContain('- 2 x Studio Hoodie, Navy / M');
    expect(text).toContain('- 1 x Studio Hoodie, Navy / L');
    expect(text).toContain(`See the list, close it and pay: http://shop.test/store/team/lead/${id}`);
    const html = partOf(raw, 'text/html');
    expect(html).toContain('Platform &lt;team&gt; closes tomorrow');
    expect(html).not.toContain('<team>');
    expect(html).toContain(`href="http://shop.test/store/team/lead/${id}"`);
    // The members' addresses are theirs: the lead's reminder shows none.
    expect(raw).not.toContain('ada@example.com');
  });

  it('says nothing once the order is closed', async () => {
    const { id } = await createTeamOrder(bed.store, teamOrder());
    await changeTeamOrder(bed.store, id, (doc) => ({ ...doc, status: 'closed', closedAt: new Date().toISOString() }));
    expect(await remind(id)).toEqual({ sent: false, reason: 'the team order is closed' });
  });
});
