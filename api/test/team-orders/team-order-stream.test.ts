import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  STREAM_PER_CLIENT_RETRY_AFTER_S,
  TEAM_ORDER_MEMBER_KEY_HEADER,
  TEAM_ORDER_STREAM_EVENTS,
} from '@shop/shared';
import { studioDate } from '@shop/shared/domain/time';
import type { TeamMemberJoined, TeamOrderLeadView } from '@shop/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { createTestUser, type TestUser } from '../../../tests/fixtures/auth.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { seedProduct, storefrontProduct } from '../checkout/checkout-fixtures.js';
import { openSse, type SseConnection } from '../catalog/sse-client.js';

// The lead's live list (docs/contracts.md#team-orders) over real HTTP, with two API replicas on one
// store and one Redis: the lead's stream is open on one, the members join, change and withdraw
// through the other, and each change reaches the list without the lead asking again.

let a: TestApp;
let b: FastifyInstance;
let base: string;
let lead: TestUser;
let other: TestUser;
let admin: TestUser;
const open: SseConnection[] = [];
const hoodie = storefrontProduct('live-hoodie', { title: 'Live Hoodie' });
const bearer = (user: TestUser) => ({ authorization: `Bearer ${user.token}` });
let clientNumber = 0;
const newClient = () => `10.42.0.${++clientNumber}`;

beforeAll(async () => {
  a = await createTestApp({ STREAM_MAX_PER_CLIENT: '3' });
  // The second replica: the same configuration, store and Redis (queue prefix and event channel).
  b = await buildApp({ config: a.config, store: a.store, serveWeb: false, logger: false });
  await b.ready();
  [lead, other, admin] = await Promise.all([
    createTestUser(),
    createTestUser(),
    createTestUser({ claims: { admin: true } }),
  ]);
  await seedProduct(a.app, hoodie);
  base = await a.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const c of open) c.close();
  await b?.close();
  await a?.close();
});
afterEach(async () => {
  for (const c of open.splice(0)) c.close();
  while (a.app.teamOrderStreams.openCount > 0) await new Promise((resolve) => setImmediate(resolve));
});

async function start(): Promise<TeamOrderLeadView> {
  const res = await b.inject({
    method: 'POST',
    url: '/api/team-orders',
    headers: bearer(lead),
    payload: {
      productIds: [hoodie.id],
      closesOn: studioDate(new Date(), a.config.STUDIO_TIMEZONE),
      maxMembers: 20,
      title: 'Live team',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function stream(id: string, user: TestUser): Promise<SseConnection> {
  const c = await openSse(`${base}/api/team-orders/${id}/events`, bearer(user));
  open.push(c);
  return c;
}

async function nextList(c: SseConnection): Promise<{ view: TeamOrderLeadView; data: string }> {
  const event = await c.next();
  expect(event.event).toBe(TEAM_ORDER_STREAM_EVENTS.list);
  return { view: JSON.parse(event.data) as TeamOrderLeadView, data: event.data };
}

const names = (view: TeamOrderLeadView) => view.members.map((m) => m.name);

describe('GET /api/team-orders/:id/events', () => {
  it('sends the list, then again on every join, change and withdrawal made through another replica', async () => {
    const order = await start();
    const c = await stream(order.id, lead);
    expect(c.status).toBe(200);
    expect(c.headers.get('content-type')).toContain('text/event-stream');
    expect(c.headers.get('cache-control')).toContain('no-store');
    const first = await nextList(c);
    expect(first.view).toMatchObject({ id: order.id, viewer: 'lead', state: 'open', members: [] });

    const joined = await b.inject({
      method: 'POST',
      url: `/api/team-orders/link/${order.linkToken}/members`,
      payload: { name: 'Ada <b>', productId: hoodie.id, size: 'M', color: 'Black', email: 'ada@example.com' },
      remoteAddress: newClient(),
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const { member, key } = joined.json() as TeamMemberJoined;
    const afterJoin = await nextList(c);
    expect(names(afterJoin.view)).toEqual(['Ada <b>']);
    expect(afterJoin.view.counts).toMatchObject([{ size: 'M', count: 1 }]);
    // The member's address stays theirs: not in the lead's live list either.
    expect(afterJoin.data).not.toContain('ada@example.com');

    await b.inject({
      method: 'PATCH',
      url: `/api/team-orders/link/${order.linkToken}/members/${member.id}`,
      headers: { [TEAM_ORDER_MEMBER_KEY_HEADER]: key },
      payload: { name: 'Ada', productId: hoodie.id, size: 'L', color: 'Black' },
      remoteAddress: newClient(),
    });
    expect((await nextList(c)).view.members).toMatchObject([{ name: 'Ada', size: 'L' }]);

    await b.inject({
      method: 'DELETE',
      url: `/api/team-orders/link/${order.linkToken}/members/${member.id}`,
      headers: { [TEAM_ORDER_MEMBER_KEY_HEADER]: key },
      remoteAddress: newClient(),
    });
    expect(names((await nextList(c)).view)).toEqual([]);

    // The lead's own action on the other replica shows too.
    await b.inject({ method: 'POST', url: `/api/team-orders/${order.id}/close`, headers: bearer(lead) });
    expect((await nextList(c)).view.state).toBe('closed');
  });

  it('lets the studio follow the list as the studio, and refuses anyone else before streaming', async () => {
    const order = await start();
    const studio = await stream(order.id, admin);
    expect((await nextList(studio)).view.viewer).toBe('studio');

    const stranger = await fetch(`${base}/api/team-orders/${order.id}/events`, { headers: bearer(other) });
    expect(stranger.status).toBe(403);
    expect(await stranger.json()).toMatchObject({ error: { message: MESSAGES.teamOrderNotLead } });
    const anonymous = await fetch(`${base}/api/team-orders/${order.id}/events`);
    expect(anonymous.status).toBe(401);
  });

  it("keeps to the live streams' budget per client, saying when to try again", async () => {
    const order = await start();
    for (let i = 0; i < 3; i++) await nextList(await stream(order.id, lead));
    const refused = await fetch(`${base}/api/team-orders/${order.id}/events`, { headers: bearer(lead) });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(STREAM_PER_CLIENT_RETRY_AFTER_S));
    expect(await refused.json()).toEqual({
      error: { code: 'resource-exhausted', message: MESSAGES.teamOrderStreamPerClientLimit(3) },
    });
  });
});
