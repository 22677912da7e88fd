import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, MESSAGES, TEAM_ORDER_JOIN_RATE_LIMIT_PER_MIN, TEAM_ORDER_MEMBER_KEY_HEADER } from '@shop/shared';
import {
  createTeamOrderBodySchema,
  teamMemberChoiceSchema,
  teamMemberJoinedSchema,
  teamMemberViewSchema,
  teamOrderCartResultSchema,
  teamOrderIdSchema,
  teamOrderLeadViewSchema,
  teamOrderLinkViewSchema,
  teamOrderListSchema,
  teamOrderMemberIdSchema,
  teamOrderMemberKeySchema,
  teamOrderTokenSchema,
} from '@shop/shared/schemas';
import { reminderDelayMs, teamOrderReminderJobId } from '@shop/shared/domain/team-order';
import { JOBS } from '@shop/shared/server/queues';
import type { TeamOrderCaller } from '../../services/team-orders/index.js';
import { followTeamOrder } from '../../services/team-orders/team-order-stream.js';
import { clientKey } from '../../plugins/client-key.js';
import { queueOrUnavailable } from '../../services/queues/queue-or-unavailable.js';

// /api/team-orders (docs/contracts.md#team-orders). The lead's routes need a signed-in account and
// answer only the lead (an admin may read); the link's routes need nothing but the link, and a
// change to a line needs the key its member was given on joining.

const byId = z.object({ id: teamOrderIdSchema });
const byToken = z.object({ token: teamOrderTokenSchema });
const byMember = z.object({ token: teamOrderTokenSchema, memberId: teamOrderMemberIdSchema });
const byLeadMember = z.object({ id: teamOrderIdSchema, memberId: teamOrderMemberIdSchema });
/** Every answer here is about people: never stored by a shared cache. */
const NO_STORE = 'private, no-store';
/** Joining, changing and withdrawing share one small per-client budget (docs/rules.md#team-orders), not one each. */
const memberBudget = {
  rateLimit: { max: TEAM_ORDER_JOIN_RATE_LIMIT_PER_MIN, timeWindow: '1 minute', groupId: 'team-order-members' },
};

async function callerOf(request: FastifyRequest): Promise<TeamOrderCaller> {
  const identity = await request.identity();
  if (identity.kind !== 'user') throw new AppError('unauthenticated', MESSAGES.unauthenticated);
  return { uid: identity.uid, isAdmin: identity.isAdmin };
}

function memberKey(request: FastifyRequest): string {
  const raw = request.headers[TEAM_ORDER_MEMBER_KEY_HEADER];
  const parsed = teamOrderMemberKeySchema.safeParse(Array.isArray(raw) ? raw[0] : raw);
  if (!parsed.success) throw new AppError('permission-denied', MESSAGES.teamOrderMemberKey);
  return parsed.data;
}

export default async function teamOrderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['team-orders'];

  // ---- the lead ----

  r.post(
    '/',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Start a team order',
        body: createTeamOrderBodySchema,
        response: { 201: teamOrderLeadViewSchema },
      },
    },
    async (request, reply) => {
      const identity = await request.identity();
      if (identity.kind !== 'user') throw new AppError('unauthenticated', MESSAGES.unauthenticated);
      const name = identity.claims.name;
      const view = await app.teamOrders.create(
        { uid: identity.uid, email: identity.email, displayName: typeof name === 'string' ? name : null },
        request.body,
      );
      // The lead's reminder a day before it closes. The order stands without it: a queue that
      // cannot be reached costs the reminder only, and is logged.
      const delay = reminderDelayMs(view.closesAt, new Date());
      if (delay !== null && identity.email) {
        await queueOrUnavailable(
          () =>
            app.queues.notifications.add(
              JOBS.notifications.teamOrderReminder,
              { teamOrderId: view.id },
              {
                jobId: teamOrderReminderJobId(view.id),
                delay,
                attempts: 5,
                backoff: { type: 'exponential', delay: 60_000 },
              },
            ),
          { timeoutMs: 2_000 },
        ).catch((err: unknown) => request.log.error({ err, teamOrderId: view.id }, 'could not queue the reminder'));
      }
      return reply.status(201).header('cache-control', NO_STORE).send(view);
    },
  );

  r.get(
    '/',
    {
      onRequest: app.requireUser,
      schema: { tags, summary: "The signed-in lead's team orders", response: { 200: teamOrderListSchema } },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const list = await app.teamOrders.listOfLead(caller.uid);
      return reply.header('cache-control', NO_STORE).send(list);
    },
  );

  r.get(
    '/all',
    {
      onRequest: app.requireAdmin,
      schema: { tags, summary: 'Every team order, newest first (admins)', response: { 200: teamOrderListSchema } },
    },
    async (_request, reply) => {
      const list = await app.teamOrders.listAll();
      return reply.header('cache-control', NO_STORE).send(list);
    },
  );

  r.get(
    '/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'A team order with its list (the lead, or an admin)',
        params: byId,
        response: { 200: teamOrderLeadViewSchema },
      },
    },
    async (request, reply) => {
      const view = await app.teamOrders.read(await callerOf(request), request.params.id);
      return reply.header('cache-control', NO_STORE).send(view);
    },
  );

  // The lead's live list (the studio's too, read-only): the list now, then after every change,
  // from whichever replica the change went through. Capped per client and per process like the
  // live catalogue (429 or 503 with Retry-After), and counted by the rate limit like any request.
  r.get(
    '/:id/events',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Server-Sent Events: `list` (the lead's view) now and after every change, until it is paid",
        params: byId,
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const { id } = request.params;
      const read = () => app.teamOrders.read(caller, id);
      const initial = await app.teamOrders.readOrUnavailable(caller, id);
      reply.header('cache-control', NO_STORE);
      const stream = app.teamOrderStreams.start(reply, clientKey(request.ip));
      followTeamOrder({ eventBus: app.eventBus, read, log: request.log }, stream, initial);
      return reply;
    },
  );

  r.delete(
    '/:id/members/:memberId',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Remove a member's line",
        params: byLeadMember,
        response: { 200: teamOrderLeadViewSchema },
      },
    },
    async (request, reply) => {
      const { id, memberId } = request.params;
      const view = await app.teamOrders.removeMember(await callerOf(request), id, memberId);
      return reply.header('cache-control', NO_STORE).send(view);
    },
  );

  r.post(
    '/:id/close',
    {
      onRequest: app.requireUser,
      schema: { tags, summary: 'Close early', params: byId, response: { 200: teamOrderLeadViewSchema } },
    },
    async (request, reply) => {
      const view = await app.teamOrders.close(await callerOf(request), request.params.id);
      return reply.header('cache-control', NO_STORE).send(view);
    },
  );

  r.delete(
    '/:id/link',
    {
      onRequest: app.requireUser,
      schema: { tags, summary: 'Revoke the link', params: byId, response: { 200: teamOrderLeadViewSchema } },
    },
    async (request, reply) => {
      const view = await app.teamOrders.setLink(await callerOf(request), request.params.id, false);
      return reply.header('cache-control', NO_STORE).send(view);
    },
  );

  r.post(
    '/:id/link',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'A new link in place of the old one',
        params: byId,
        response: { 200: teamOrderLeadViewSchema },
      },
    },
    async (request, reply) => {
      const view = await app.teamOrders.setLink(await callerOf(request), request.params.id, true);
      return reply.header('cache-control', NO_STORE).send(view);
    },
  );

  r.post(
    '/:id/cart',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "The closed order's summed lines into the lead's cart, to pay once",
        params: byId,
        response: { 200: teamOrderCartResultSchema },
      },
    },
    async (request, reply) => {
      const result = await app.teamOrders.fillCart(await callerOf(request), request.params.id);
      return reply.header('cache-control', NO_STORE).send(result);
    },
  );

  // ---- anyone with the link ----

  r.get(
    '/link/:token',
    {
      schema: {
        tags,
        summary: 'A team order as its link shows it',
        params: byToken,
        querystring: z.object({ member: teamOrderMemberIdSchema.optional() }),
        response: { 200: teamOrderLinkViewSchema },
      },
    },
    async (request, reply) => {
      const { member } = request.query;
      const key = request.headers[TEAM_ORDER_MEMBER_KEY_HEADER];
      const me =
        member && typeof key === 'string' && teamOrderMemberKeySchema.safeParse(key).success
          ? { memberId: member, key }
          : undefined;
      // A lead who opens their own link is sent to their page (the list, close, pay).
      const identity = await request.identity();
      const viewer = identity.kind === 'user' ? identity.uid : null;
      const view = await app.teamOrders.readLink(request.params.token, me, viewer);
      return reply.header('cache-control', NO_STORE).send(view);
    },
  );

  r.post(
    '/link/:token/members',
    {
      config: memberBudget,
      schema: {
        tags,
        summary: 'Join with a name, size and colour',
        params: byToken,
        body: teamMemberChoiceSchema,
        response: { 201: teamMemberJoinedSchema },
      },
    },
    async (request, reply) => {
      const joined = await app.teamOrders.join(request.params.token, request.body);
      return reply.status(201).header('cache-control', NO_STORE).send(joined);
    },
  );

  r.patch(
    '/link/:token/members/:memberId',
    {
      config: memberBudget,
      schema: {
        tags,
        summary: 'Change your line',
        params: byMember,
        body: teamMemberChoiceSchema,
        response: { 200: teamMemberViewSchema },
      },
    },
    async (request, reply) => {
      const { token, memberId } = request.params;
      const member = await app.teamOrders.change(token, memberId, memberKey(request), request.body);
      return reply.header('cache-control', NO_STORE).send({ member });
    },
  );

  r.delete(
    '/link/:token/members/:memberId',
    {
      config: memberBudget,
      schema: { tags, summary: 'Withdraw', params: byMember },
    },
    async (request, reply) => {
      const { token, memberId } = request.params;
      await app.teamOrders.withdraw(token, memberId, memberKey(request));
      return reply.status(204).send();
    },
  );
}
