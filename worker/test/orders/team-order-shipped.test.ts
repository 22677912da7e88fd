import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippedEmailJobId } from '@shop/shared/domain/order';
import { teamShippedEmailJobId } from '@shop/shared/domain/team-order';
import type { TeamMemberDoc, TeamOrderDoc } from '@shop/shared/schemas';
import { JOBS, QUEUES } from '@shop/shared/server/queues';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { openTestQueues, type TestQueues } from '../../../tests/fixtures/test-queues.js';
import { createTeamOrder, readTeamOrder } from '@shop/shared/server/team-orders';
import { createAfterPaymentHarness, type AfterPaymentHarness } from './after-payment-harness.js';

// A team order's parcel ships (docs/rules.md#team-orders): besides the lead's usual shipping
// e-mail, each person in the parcel who left an address hears once, however often Printful says
// so; nobody without an address, nobody whose line was not bought, nobody no longer in the list.

let h: AfterPaymentHarness;
let notifications: TestQueues<readonly ['notifications']>;
beforeAll(async () => {
  h = await createAfterPaymentHarness();
  notifications = await openTestQueues(h.config.REDIS_URL, h.config.QUEUE_PREFIX, [QUEUES.notifications] as const);
});
afterAll(async () => {
  await notifications?.close();
  await h?.close();
});

/** The members' shipping e-mail jobs queued for a team order, in any state. */
async function teamJobs(teamOrderId: string) {
  const jobs = await notifications.queues[0].getJobs(['completed', 'active', 'waiting', 'delayed', 'failed']);
  return jobs.filter((j) => j?.name === JOBS.notifications.teamOrderShipped && j.data.teamOrderId === teamOrderId);
}

const shipment = {
  carrier: 'USPS',
  number: '9400111899223344556677',
  url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223344556677',
  shippedAt: '2026-11-20T10:00:00.000Z',
};

function member(name: string, size: string, email: string | null): TeamMemberDoc {
  return {
    id: globalThis.crypto.randomUUID(),
    keyHash: 'h',
    name,
    productId: 'hoodie',
    size,
    color: 'Navy',
    email,
    joinedAt: '2026-11-27T00:00:00Z',
    updatedAt: '2026-11-27T00:00:00Z',
  };
}

/** A paid team order bought by `orderId`: M and L were put in the cart, XL was left out. */
function paidTeamOrder(orderId: string, members: TeamMemberDoc[]): TeamOrderDoc {
  return {
    leadUid: 'uid-sam',
    leadName: 'Sam',
    leadEmail: 'sam@example.com',
    title: 'Platform <team>',
    products: [{ id: 'hoodie', title: 'Studio Hoodie' }],
    color: null,
    closesOn: '2026-11-30',
    closesAt: '2026-12-01T08:00:00.000Z',
    maxMembers: 20,
    linkToken: 'A'.repeat(32),
    status: 'paid',
    closedAt: '2026-11-30T10:00:00.000Z',
    members,
    cartLines: [
      { productId: 'hoodie', size: 'M', color: 'Navy', count: 2 },
      { productId: 'hoodie', size: 'L', color: 'Navy', count: 1 },
    ],
    cartFilledAt: '2026-11-30T10:00:00.000Z',
    orderId,
    shippedNoticesAt: null,
    createdAt: '2026-11-27T00:00:00.000Z',
    updatedAt: '2026-11-27T00:00:00.000Z',
  };
}

describe("a team order's shipment", () => {
  it('e-mails each person in the parcel who gave an address, once, with their name escaped', async () => {
    const paid = await h.paidOrder();
    const ada = member('Ada <img src=x onerror=alert(1)>', 'M', 'ada@example.com');
    const bo = member('Bo', 'M', null);
    const lee = member('Lee', 'L', 'lee@example.com');
    const left = member('Left Out', 'XL', 'left@example.com');
    const { id } = await createTeamOrder(h.store, paidTeamOrder(paid.orderId, [ada, bo, lee, left]));

    const first = await h.printfulEvent('package_shipped', paid, { printfulStatus: 'fulfilled', shipment });
    expect(first.result).toMatchObject({ outcome: 'applied', status: 'shipped' });
    // The lead's own shipping e-mail is unchanged.
    expect(await h.email(shippedEmailJobId(paid.orderId))).toMatch(/has shipped/);

    const adaMail = await h.email(teamShippedEmailJobId(id, ada.id));
    expect(adaMail).toMatch(/^To: ada@example\.com$/m);
    expect(adaMail).toContain('Yours is in the parcel: Studio Hoodie, Navy / M.');
    expect(adaMail).toContain('The parcel goes to Sam, who hands everything out');
    // The name as written in the text part, escaped in the HTML part.
    const html = adaMail.slice(adaMail.indexOf('<!doctype html>'));
    expect(html).toContain('Hi Ada &lt;img src=x onerror=alert(1)&gt;,');
    expect(html).not.toContain('<img src=x');
    expect(adaMail.slice(0, adaMail.indexOf('<!doctype html>'))).toContain('Hi Ada <img src=x onerror=alert(1)>,');
    expect(await h.email(teamShippedEmailJobId(id, lee.id))).toMatch(/^To: lee@example\.com$/m);

    // Printful says it again, as a repeat and as a second delivery: nothing more is queued.
    await h.runPrintfulJob({ ...first.data });
    await h.runPrintfulJob({ ...first.data, deliveryId: `${first.data.deliveryId}-again` });
    await h.printfulEvent('package_shipped', paid, {
      printfulStatus: 'fulfilled',
      shipment: { ...shipment, number: '9400111899223344550000' },
    });
    const queued = await teamJobs(id);
    expect(queued.map((j) => j.data.memberId).sort()).toEqual([ada.id, lee.id].sort());
    expect((await readTeamOrder(h.store, id))?.shippedNoticesAt).not.toBeNull();
  });

  it('sends nothing to someone no longer in the list when the e-mail job runs', async () => {
    const paid = await h.paidOrder();
    const { id } = await createTeamOrder(h.store, paidTeamOrder(paid.orderId, [member('Ada', 'M', 'ada@example.com')]));
    const gone = globalThis.crypto.randomUUID();
    const job = await notifications.queues[0].add(
      JOBS.notifications.teamOrderShipped,
      { teamOrderId: id, memberId: gone },
      { jobId: teamShippedEmailJobId(id, gone) },
    );
    expect(await job.waitUntilFinished(notifications.queueEvents, 30_000)).toEqual({
      sent: false,
      reason: 'the member is no longer in the team order',
    });
  });

  it('an order that is no team order e-mails only its shopper', async () => {
    const paid = await h.paidOrder();
    const { id } = await createTeamOrder(
      h.store,
      paidTeamOrder('another-order', [member('Ada', 'M', 'a@example.com')]),
    );
    await h.printfulEvent('package_shipped', paid, { printfulStatus: 'fulfilled', shipment });
    expect(await h.email(shippedEmailJobId(paid.orderId))).toMatch(/has shipped/);
    expect(await teamJobs(id)).toEqual([]);
    expect((await readTeamOrder(h.store, id))?.shippedNoticesAt).toBeNull();
  });
});

describe("a team order's payment", () => {
  it('carries the packing slip and marks the team order paid though the lead changed a quantity before paying', async () => {
    const ada = member('Ada', 'M', 'ada@example.com');
    const lee = member('Lee', 'L', null);
    const { id } = await createTeamOrder(h.store, {
      ...paidTeamOrder('unused', [ada, lee]),
      status: 'closed',
      orderId: null,
    });
    // The lead's cart was filled with M x2 and L x1, then one quantity changed: the lines no longer match.
    const { orderId, sessionId } = await h.checkout([3]);
    const pending = await h.order(orderId);
    await h.store.set(COLLECTIONS.orders, orderId, {
      ...pending,
      owner: { kind: 'user', id: 'uid-sam' },
      teamOrderId: id,
    });
    await h.pay(sessionId);
    await h.runEvent(sessionId, JOBS.orders.checkoutCompleted);

    const atPrintful = h.printfulSandbox.orders.find(`@${orderId}`)!;
    expect(atPrintful.packing_slip?.message).toContain('Ada');
    expect(atPrintful.packing_slip?.message).toContain('Lee');
    expect(await readTeamOrder(h.store, id)).toMatchObject({ status: 'paid', orderId });
  });
});
