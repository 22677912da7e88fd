import type { FastifyRequest } from 'fastify';
import { AppError, MESSAGES, TEAM_ORDER_MEMBER_KEY_HEADER } from '@shop/shared';
import { teamOrderMemberKeySchema } from '@shop/shared/schemas';
import type { TeamOrderCaller } from '../../services/team-orders/index.js';

// What the lead's and the link's routes share: how an answer is cached and who is asking.

export const TEAM_ORDER_TAGS = ['team-orders'];

/** Every answer here is about people: never stored by a shared cache. */
export const NO_STORE = 'private, no-store';

/** The signed-in account asking for a lead's view (401 without one). */
export async function callerOf(request: FastifyRequest): Promise<TeamOrderCaller> {
  const identity = await request.identity();
  if (identity.kind !== 'user') throw new AppError('unauthenticated', MESSAGES.unauthenticated);
  return { uid: identity.uid, isAdmin: identity.isAdmin };
}

/** The key a member was given on joining, required to change their line (403 without it). */
export function memberKey(request: FastifyRequest): string {
  const raw = request.headers[TEAM_ORDER_MEMBER_KEY_HEADER];
  const parsed = teamOrderMemberKeySchema.safeParse(Array.isArray(raw) ? raw[0] : raw);
  if (!parsed.success) throw new AppError('permission-denied', MESSAGES.teamOrderMemberKey);
  return parsed.data;
}
