import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TEAM_ORDER_JOIN_RATE_LIMIT_PER_MIN, TEAM_ORDER_MEMBER_KEY_HEADER } from '@shop/shared';
import {
  teamMemberChoiceSchema,
  teamMemberJoinedSchema,
  teamMemberViewSchema,
  teamOrderLinkViewSchema,
  teamOrderMemberIdSchema,
  teamOrderMemberKeySchema,
  teamOrderTokenSchema,
} from '@shop/shared/schemas';
import { memberKey, NO_STORE, TEAM_ORDER_TAGS as tags } from './team-order-requests.js';

// The link's routes under /api/team-orders/link (docs/contracts.md#team-orders): nothing but the
// link is needed, and a change to a line needs the key its member was given on joining.

const byToken = z.object({ token: teamOrderTokenSchema });
const byMember = z.object({ token: teamOrderTokenSchema, memberId: teamOrderMemberIdSchema });
/** Joining, changing and withdrawing share one small per-client budget (docs/rules.md#team-orders), not one each. */
const memberBudget = {
  rateLimit: { max: TEAM_ORDER_JOIN_RATE_LIMIT_PER_MIN, timeWindow: '1 minute', groupId: 'team-order-members' },
};

export default async function teamOrderLinkRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
