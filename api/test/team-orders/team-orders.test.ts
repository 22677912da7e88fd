import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, TEAM_ORDER_JOIN_RATE_LIMIT_PER_MIN, TEAM_ORDER_MEMBER_KEY_HEADER } from '@shop/shared';
import { studioDate } from '@shop/shared/domain/time';
import { latestClosingDate, teamOrderReminderJobId } from '@shop/shared/domain/team-order';
import type { TeamMemberJoined, TeamOrderLeadView, TeamOrderLinkView } from '@shop/shared/schemas';
import { readTeamOrder } from '@shop/shared/server/team-orders';
import { createTestUser, type TestUser } from '../../../tests/fixtures/auth.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { removeProduct, seedProduct, storefrontProduct } from '../checkout/checkout-fixtures.js';

// Team orders by link (docs/rules.md#team-orders) through the real app: the lead's routes, the
// link's routes for people without an account, and the lead's one cart.

let t: TestApp;
let lead: TestUser;
let other: TestUser;
let admin: TestUser;
const bearer = (user: TestUser) => ({ authorization: `Bearer ${user.token}` });
let today: string;
let clientNumber = 0;
/** Each test joins from an address of its own, so the per-client join budget of one does not spend another's. */
const newClient = () => `10.41.${Math.floor(++clientNumber / 250)}.${(clientNumber % 250) + 1}`;

const hoodie = storefrontProduct('team-hoodie', { title: 'Studio Hoodie' });
const tee = storefrontProduct('team-tee', { title: 'Studio Tee' });

beforeAll(async () => {
  t = await createTestApp();
  [lead, other, admin] = await Promise.all([
    createTestUser(),
    createTestUser(),
    createTestUser({ claims: { admin: true } }),
  ]);
  await seedProduct(t.app, hoodie);
  await seedProduct(t.app, tee);
  today = studioDate(new Date(), t.config.STUDIO_TIMEZONE);
});
afterAll(() => t?.close());

async function start(body: Record<string, unknown> = {}): Promise<TeamOrderLeadView> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/team-orders',
    headers: bearer(lead),
    payload: { productIds: [hoodie.id], closesOn: today, maxMembers: 20, title: 'Platform team', ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

function join(token: string, choice: Record<string, unknown>, remoteAddress = newClient()) {
  return t.app.inject({
    method: 'POST',
    url: `/api/team-orders/link/${token}/members`,
    payload: { productId: hoodie.id, size: 'M', color: 'Black', ...choice },
    remoteAddress,
  });
}

const readAsLead = async (id: string, user = lead) =>
  t.app.inject({ url: `/api/team-orders/${id}`, headers: bearer(user) });

describe('starting a team order', () => {
  it('gives the signed-in lead a link whose token carries at least 128 random bits', async () => {
    const order = await start({ productIds: [hoodie.id, tee.id] });
    expect(order.linkToken).toMatch(/^[A-Za-z0-9_-]{32}$/); // 32 base64url characters: 192 bits
    expect(order).toMatchObject({ title: 'Platform team', state: 'open', maxMembers: 20, members: [] });
    expect(order.products.map((p) => p.title)).toEqual(['Studio Hoodie', 'Studio Tee']);
    const again = await start();
    expect(again.linkToken).not.toBe(order.linkToken);
  });

  it("queues the lead's reminder for the day before it closes, and none when less than a day is left", async () => {
    const later = await start({ closesOn: latestClosingDate(today) });
    const job = await t.app.queues.notifications.getJob(teamOrderReminderJobId(later.id));
    expect(job?.data).toEqual({ teamOrderId: later.id });
    const due = (job?.timestamp ?? 0) + (job?.opts.delay ?? 0);
    expect(Math.abs(due - (Date.parse(later.closesAt) - 86_400_000))).toBeLessThan(1_000);
    const soon = await start({ closesOn: today });
    expect(await t.app.queues.notifications.getJob(teamOrderReminderJobId(soon.id))).toBeUndefined();
  });

  it('needs an account, and refuses a date past 60 days, more than 100 people and names over 40 characters', async () => {
    const body = { productIds: [hoodie.id], closesOn: today, maxMembers: 5 };
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/team-orders', payload: body });
    expect(anonymous.statusCode).toBe(401);

    const post = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/team-orders',
        headers: bearer(lead),
        payload: { ...body, ...payload },
      });
    const latest = latestClosingDate(today);
    expect((await post({ closesOn: latest })).statusCode).toBe(201);
    const tooFar = new Date(Date.parse(`${latest}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const far = await post({ closesOn: tooFar });
    expect(far.statusCode).toBe(400);
    expect(far.json().error.message).toBe(MESSAGES.teamOrderClosingTooFar(60));
    const past = await post({ closesOn: '2020-01-01' });
    expect(past.json().error.message).toBe(MESSAGES.teamOrderClosingPast);
    expect((await post({ maxMembers: 101 })).statusCode).toBe(400);
    expect((await post({ title: 'x'.repeat(41) })).statusCode).toBe(400);
    expect((await post({ productIds: ['no-such-product'] })).statusCode).toBe(404);
    // A fixed colour the product is not made in is refused rather than offering nothing.
    expect((await post({ color: 'Pink' })).json().error.message).toBe(MESSAGES.teamOrderChoiceUnavailable);
  });
});

describe('the link, for anyone who has it', () => {
  it("names the team order's own page to its lead who opens the link, and to nobody else", async () => {
    const order = await start();
    const url = `/api/team-orders/link/${order.linkToken}`;
    const asLead = (await t.app.inject({ url, headers: bearer(lead) })).json() as TeamOrderLinkView;
    expect(asLead.leadOrderId).toBe(order.id);
    const asOther = (await t.app.inject({ url, headers: bearer(other) })).json() as TeamOrderLinkView;
    expect(asOther.leadOrderId).toBeNull();
    const asGuest = (await t.app.inject({ url })).json() as TeamOrderLinkView;
    expect(asGuest.leadOrderId).toBeNull();
    // The lead's list in the account names it too.
    const list = (await t.app.inject({ url: '/api/team-orders', headers: bearer(lead) })).json();
    expect(list.teamOrders.map((o: { id: string }) => o.id)).toContain(order.id);
  });

  it('shows the products and sizes without an account; a member joins, changes and withdraws with their key', async () => {
    const order = await start();
    const token = order.linkToken!;
    const view = (await t.app.inject({ url: `/api/team-orders/link/${token}` })).json() as TeamOrderLinkView;
    expect(view).toMatchObject({ title: 'Platform team', state: 'open', memberCount: 0, notice: null, me: null });
    expect(view.products[0].variants).toEqual([
      { size: 'M', color: 'Black' },
      { size: 'L', color: 'Black' },
    ]);

    const joined = await join(token, { name: '  Ada  ' });
    expect(joined.statusCode).toBe(201);
    const { member, key } = joined.json() as TeamMemberJoined;
    expect(member).toMatchObject({ name: 'Ada', size: 'M', color: 'Black' });

    // Reading back with the key shows the member their own line; nobody else's name is on the link.
    const mine = await t.app.inject({
      url: `/api/team-orders/link/${token}?member=${member.id}`,
      headers: { [TEAM_ORDER_MEMBER_KEY_HEADER]: key },
    });
    expect(mine.json()).toMatchObject({ memberCount: 1, me: { id: member.id, name: 'Ada', size: 'M' } });

    const patch = (headers: Record<string, string>, size = 'L') =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/team-orders/link/${token}/members/${member.id}`,
        headers,
        payload: { name: 'Ada L.', productId: hoodie.id, size, color: 'Black' },
        remoteAddress: newClient(),
      });
    const wrongKey = await patch({ [TEAM_ORDER_MEMBER_KEY_HEADER]: 'A'.repeat(32) });
    expect(wrongKey.statusCode).toBe(403);
    expect((await patch({})).statusCode).toBe(403);
    const changed = await patch({ [TEAM_ORDER_MEMBER_KEY_HEADER]: key });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().member).toMatchObject({ name: 'Ada L.', size: 'L' });

    const withdrawn = await t.app.inject({
      method: 'DELETE',
      url: `/api/team-orders/link/${token}/members/${member.id}`,
      headers: { [TEAM_ORDER_MEMBER_KEY_HEADER]: key },
      remoteAddress: newClient(),
    });
    expect(withdrawn.statusCode).toBe(204);
    expect((await readAsLead(order.id)).json().members).toEqual([]);
  });

  it('refuses names over 40 characters or with line breaks, unsold sizes, other products and another colour than the fixed one', async () => {
    const order = await start({ color: 'Black' });
    const token = order.linkToken!;
    const long = await join(token, { name: 'n'.repeat(41) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toContain(MESSAGES.teamOrderNameTooLong(40));
    expect((await join(token, { name: 'n'.repeat(40) })).statusCode).toBe(201);
    expect((await join(token, { name: 'Ada\r\nBcc: x@example.com' })).statusCode).toBe(400);
    expect((await join(token, { name: '' })).statusCode).toBe(400);
    const size = await join(token, { name: 'Bo', size: 'XXL' });
    expect(size.json().error.message).toBe(MESSAGES.teamOrderChoiceUnavailable);
    const product = await join(token, { name: 'Bo', productId: tee.id });
    expect(product.json().error.message).toBe(MESSAGES.teamOrderProductNotOffered);
    const colour = await join(token, { name: 'Bo', color: 'White' });
    expect(colour.json().error.message).toBe(MESSAGES.teamOrderColorFixed('Black'));
  });

  it('takes no more people than the limit', async () => {
    const order = await start({ maxMembers: 2 });
    expect((await join(order.linkToken!, { name: 'One' })).statusCode).toBe(201);
    expect((await join(order.linkToken!, { name: 'Two' })).statusCode).toBe(201);
    const third = await join(order.linkToken!, { name: 'Three' });
    expect(third.statusCode).toBe(412);
    expect(third.json().error.message).toBe(MESSAGES.teamOrderFull(2));
  });

  it('limits how often one client joins', async () => {
    const order = await start({ maxMembers: 100 });
    const address = newClient();
    for (let i = 0; i < TEAM_ORDER_JOIN_RATE_LIMIT_PER_MIN; i++) {
      expect((await join(order.linkToken!, { name: `P${i}` }, address)).statusCode).toBe(201);
    }
    const over = await join(order.linkToken!, { name: 'One more' }, address);
    expect(over.statusCode).toBe(429);
    // Someone else is not held back by that client.
    expect((await join(order.linkToken!, { name: 'Neighbour' })).statusCode).toBe(201);
  });

  it('counts joins, changes and withdrawals against one budget per client, not one each', async () => {
    const order = await start({ maxMembers: 100 });
    const token = order.linkToken!;
    const address = newClient();
    const { member, key } = (await join(token, { name: 'Ada' }, address)).json() as TeamMemberJoined;
    const change = () =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/team-orders/link/${token}/members/${member.id}`,
        headers: { [TEAM_ORDER_MEMBER_KEY_HEADER]: key },
        payload: { name: 'Ada L.', productId: hoodie.id, size: 'L', color: 'Black' },
        remoteAddress: address,
      });
    for (let i = 1; i < TEAM_ORDER_JOIN_RATE_LIMIT_PER_MIN - 1; i++)
      expect((await join(token, { name: `P${i}` }, address)).statusCode).toBe(201);
    expect((await change()).statusCode).toBe(200);
    // The budget is spent: a change and a withdrawal are refused as a join is.
    expect((await join(token, { name: 'One more' }, address)).statusCode).toBe(429);
    expect((await change()).statusCode).toBe(429);
    const withdraw = await t.app.inject({
      method: 'DELETE',
      url: `/api/team-orders/link/${token}/members/${member.id}`,
      headers: { [TEAM_ORDER_MEMBER_KEY_HEADER]: key },
      remoteAddress: address,
    });
    expect(withdraw.statusCode).toBe(429);
  });

  it('says kindly when the link is closed or revoked, and a new link works in its place', async () => {
    const order = await start();
    const token = order.linkToken!;
    const { member, key } = (await join(token, { name: 'Ada' })).json() as TeamMemberJoined;

    const closed = await t.app.inject({
      method: 'POST',
      url: `/api/team-orders/${order.id}/close`,
      headers: bearer(lead),
    });
    expect(closed.json().state).toBe('closed');
    const view = (await t.app.inject({ url: `/api/team-orders/link/${token}` })).json() as TeamOrderLinkView;
    expect(view).toMatchObject({ state: 'closed', notice: MESSAGES.teamOrderClosed(view.leadName) });
    const late = await join(token, { name: 'Late' });
    expect(late.statusCode).toBe(412);
    expect(late.json().error.message).toBe(MESSAGES.teamOrderClosed(view.leadName));
    const change = await t.app.inject({
      method: 'DELETE',
      url: `/api/team-orders/link/${token}/members/${member.id}`,
      headers: { [TEAM_ORDER_MEMBER_KEY_HEADER]: key },
    });
    expect(change.statusCode).toBe(412);

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/team-orders/${order.id}/link`,
      headers: bearer(lead),
    });
    expect(revoked.json().linkToken).toBeNull();
    const gone = await t.app.inject({ url: `/api/team-orders/link/${token}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe(MESSAGES.teamOrderLinkGone);

    const open = await start();
    const renewed = (
      await t.app.inject({ method: 'POST', url: `/api/team-orders/${open.id}/link`, headers: bearer(lead) })
    ).json() as TeamOrderLeadView;
    expect(renewed.linkToken).not.toBe(open.linkToken);
    expect((await t.app.inject({ url: `/api/team-orders/link/${open.linkToken}` })).statusCode).toBe(404);
    expect((await join(renewed.linkToken!, { name: 'Ada' })).statusCode).toBe(201);
  });

  it("keeps a member's e-mail address for their own eyes: never in the lead's or the studio's list", async () => {
    const order = await start();
    const token = order.linkToken!;
    const joined = await join(token, { name: 'Ada', email: ' ada@example.com ' });
    expect(joined.statusCode, joined.body).toBe(201);
    const { member, key } = joined.json() as TeamMemberJoined;
    expect(member.email).toBe('ada@example.com');
    // Without one is fine too: the field is optional, and an empty field is none.
    expect((await join(token, { name: 'Bo', email: '' })).json().member.email).toBeNull();

    const own = (
      await t.app.inject({
        url: `/api/team-orders/link/${token}?member=${member.id}`,
        headers: { [TEAM_ORDER_MEMBER_KEY_HEADER]: key },
      })
    ).json() as TeamOrderLinkView;
    expect(own.me?.email).toBe('ada@example.com');
    expect((await t.app.inject({ url: `/api/team-orders/link/${token}` })).body).not.toContain('ada@example.com');

    for (const reader of [lead, admin]) {
      const res = await readAsLead(order.id, reader);
      expect(res.json().members.map((m: { name: string }) => m.name)).toEqual(['Ada', 'Bo']);
      expect(res.body).not.toContain('ada@example.com');
      expect(res.body).not.toContain('"email"');
    }

    const bad = await join(token, { name: 'Cy', email: 'cy-at-example.com' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain(MESSAGES.teamOrderEmailInvalid);

    // Changing the line without the address removes it.
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/team-orders/link/${token}/members/${member.id}`,
      headers: { [TEAM_ORDER_MEMBER_KEY_HEADER]: key },
      payload: { name: 'Ada', productId: hoodie.id, size: 'L', color: 'Black', email: '' },
      remoteAddress: newClient(),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().member).toMatchObject({ size: 'L', email: null });
    const stored = await readTeamOrder(t.store, order.id);
    expect(JSON.stringify(stored)).not.toContain('ada@example.com');
  });

  it('refuses a malformed token before reading the store', async () => {
    const res = await t.app.inject({ url: '/api/team-orders/link/short' });
    expect(res.statusCode).toBe(400);
  });
});

describe("the lead's list", () => {
  it('shows who chose what and how many of each size, to the lead and an admin only', async () => {
    const order = await start({ productIds: [hoodie.id, tee.id] });
    const token = order.linkToken!;
    await join(token, { name: 'Ada', size: 'L' });
    await join(token, { name: 'Bo', size: 'M' });
    await join(token, { name: '<b>Cy</b>', size: 'L' });
    await join(token, { name: 'Di', productId: tee.id, size: 'M' });

    const view = (await readAsLead(order.id)).json() as TeamOrderLeadView;
    expect(view.members.map((m) => [m.name, m.productTitle, m.size])).toEqual([
      ['Ada', 'Studio Hoodie', 'L'],
      ['Bo', 'Studio Hoodie', 'M'],
      ['<b>Cy</b>', 'Studio Hoodie', 'L'],
      ['Di', 'Studio Tee', 'M'],
    ]);
    expect(view.counts.map((c) => [c.title, c.size, c.count])).toEqual([
      ['Studio Hoodie', 'M', 1],
      ['Studio Hoodie', 'L', 2],
      ['Studio Tee', 'M', 1],
    ]);

    expect(view.viewer).toBe('lead');
    expect((await readAsLead(order.id, other)).statusCode).toBe(403);
    const studio = await readAsLead(order.id, admin);
    expect(studio.statusCode).toBe(200);
    // The studio reads the list as the studio: its page shows no lead's buttons.
    expect(studio.json().viewer).toBe('studio');
    const adminClose = await t.app.inject({
      method: 'POST',
      url: `/api/team-orders/${order.id}/close`,
      headers: bearer(admin),
    });
    expect(adminClose.statusCode).toBe(403);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/team-orders/${order.id}/members/${view.members[1].id}`,
      headers: bearer(lead),
    });
    expect(removed.json().members.map((m: { name: string }) => m.name)).toEqual(['Ada', '<b>Cy</b>', 'Di']);

    const list = (await t.app.inject({ url: '/api/team-orders', headers: bearer(lead) })).json();
    expect(list.teamOrders[0]).toMatchObject({ id: order.id, memberCount: 3, state: 'open' });
    const othersList = (await t.app.inject({ url: '/api/team-orders', headers: bearer(other) })).json();
    expect(othersList.teamOrders).toEqual([]);
    // The studio sees every team order; a shopper is refused the studio's list.
    const all = (await t.app.inject({ url: '/api/team-orders/all', headers: bearer(admin) })).json();
    expect(all.teamOrders.map((o: { id: string }) => o.id)).toContain(order.id);
    expect((await t.app.inject({ url: '/api/team-orders/all', headers: bearer(lead) })).statusCode).toBe(403);
  });
});

describe('paying once', () => {
  it("puts the summed lines in the lead's cart once closed, and names a product retired meanwhile", async () => {
    const retiring = storefrontProduct('team-retiring', { title: 'Old Cap' });
    await seedProduct(t.app, retiring);
    const order = await start({ productIds: [hoodie.id, retiring.id], maxMembers: 100 });
    const token = order.linkToken!;
    const address = () => newClient();
    for (let i = 0; i < 12; i++) await join(token, { name: `M${i}`, size: 'M' }, address());
    await join(token, { name: 'Lee', size: 'L' }, address());
    await join(token, { name: 'Cap', productId: retiring.id, size: 'M' }, address());

    const early = await t.app.inject({
      method: 'POST',
      url: `/api/team-orders/${order.id}/cart`,
      headers: bearer(lead),
    });
    expect(early.statusCode).toBe(412);
    expect(early.json().error.message).toBe(MESSAGES.teamOrderStillOpen);

    await t.app.inject({ method: 'POST', url: `/api/team-orders/${order.id}/close`, headers: bearer(lead) });
    await removeProduct(t.app, retiring.id);
    const flagged = (await readAsLead(order.id)).json() as TeamOrderLeadView;
    expect(flagged.counts.find((c) => c.productId === retiring.id)).toMatchObject({ unavailable: true, count: 1 });

    const filled = await t.app.inject({
      method: 'POST',
      url: `/api/team-orders/${order.id}/cart`,
      headers: bearer(lead),
    });
    expect(filled.statusCode).toBe(200);
    expect(filled.json()).toMatchObject({ units: 13, leftOut: [{ productId: retiring.id, count: 1 }] });
    expect(filled.json().notice).toContain('Old Cap');

    const cart = (await t.app.inject({ url: '/api/cart', headers: bearer(lead) })).json();
    const lines = cart.cartItems.map((l: { productId: string; size: string; quantity: number }) => [
      l.productId,
      l.size,
      l.quantity,
    ]);
    expect(lines).toEqual([
      [hoodie.id, 'M', 12],
      [hoodie.id, 'L', 1],
    ]);
    // Each line names the team order, so the order paid from this cart is the team order's by id.
    expect(cart.cartItems.map((l: { teamOrderId?: string }) => l.teamOrderId)).toEqual([order.id, order.id]);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/team-orders/${order.id}/cart`, headers: bearer(other) }))
        .statusCode,
    ).toBe(403);
  });
});
