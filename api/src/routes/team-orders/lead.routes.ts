import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, MESSAGES } from '@shop/shared';
import {
  createTeamOrderBodySchema,
  teamOrderCartResultSchema,
  teamOrderIdSchema,
  teamOrderLeadViewSchema,
  teamOrderListSchema,
  teamOrderMemberIdSchema,
} from '@shop/shared/schemas';
import { followTeamOrder } from '../../services/team-orders/team-order-stream.js';
import { clientKey } from '../../plugins/client-key.js';
import { callerOf, NO_STORE, TEAM_ORDER_TAGS as tags } from './team-order-requests.js';

// The lead's routes under /api/team-orders (docs/contracts.md#team-orders): a signed-in account,
// answered only as the lead (an admin may read). Starting one queues the lead's reminder in
// app.teamOrders.create.

const byId = z.object({ id: teamOrderIdSchema });
const byLeadMember = z.object({ id: teamOrderIdSchema, memberId: teamOrderMemberIdSchema });

export default async function teamOrderLeadRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
}
