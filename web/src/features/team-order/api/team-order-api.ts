import { useEffect, useState } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, TEAM_ORDER_MEMBER_KEY_HEADER, TEAM_ORDER_STREAM_EVENTS } from '@shop/shared';
import {
  teamMemberJoinedSchema,
  teamMemberViewSchema,
  teamOrderCartResultSchema,
  teamOrderLeadViewSchema,
  teamOrderLinkViewSchema,
  teamOrderListSchema,
  type CreateTeamOrderBody,
  type TeamMemberChoice,
  type TeamOrderLeadView,
} from '@shop/shared/schemas';
import { API_BASE, api } from '../../../lib/api-client';
import { idToken } from '../../../lib/auth/auth-actions';
import { retryDelay } from '../../../lib/catalog/live/recovering-stream';
import { readEventStream } from '../../../lib/live/read-event-stream';
import { readStorage, removeStorage, writeStorage } from '../../../lib/storage';
import { appCartStore } from '../../../lib/cart/cart-instance';

// /api/team-orders (docs/contracts.md#team-orders): the lead's side with their account, the
// link's side with the link alone and the key this browser kept on joining.

/** The member id and key this browser was given on joining through a link. */
export interface MemberPass {
  memberId: string;
  key: string;
}

const passKey = (token: string) => `teamOrderMember:${token}`;

export function readMemberPass(token: string): MemberPass | null {
  try {
    const raw = JSON.parse(readStorage(passKey(token)) ?? 'null') as Partial<MemberPass> | null;
    return raw && typeof raw.memberId === 'string' && typeof raw.key === 'string'
      ? { memberId: raw.memberId, key: raw.key }
      : null;
  } catch {
    return null;
  }
}

const keyHeader = (pass: MemberPass) => ({ [TEAM_ORDER_MEMBER_KEY_HEADER]: pass.key });

/** `viewer`: the signed-in shopper's uid, if any: the link's lead is answered with their order's id. */
export const teamLinkQuery = (token: string, pass: MemberPass | null, viewer: string | null = null) =>
  queryOptions({
    queryKey: ['team-order', 'link', token, pass?.memberId ?? null, viewer] as const,
    queryFn: ({ signal }) =>
      api.get(`/team-orders/link/${encodeURIComponent(token)}`, {
        query: { member: pass?.memberId },
        headers: pass ? keyHeader(pass) : undefined,
        schema: teamOrderLinkViewSchema,
        signal,
        retry: false,
      }),
    staleTime: 0,
  });

export function useTeamLink(token: string, pass: MemberPass | null, viewer: string | null = null) {
  // Read again once the session is known, so a lead who opens their own link is recognised.
  return useQuery({ ...teamLinkQuery(token, pass, viewer), placeholderData: (previous) => previous });
}

/** Join, change or withdraw: the pass is kept (or forgotten) in this browser for the next visit. */
export function useMemberLine(token: string, pass: MemberPass | null, onPass: (pass: MemberPass | null) => void) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['team-order', 'link', token] });
  const path = `/team-orders/link/${encodeURIComponent(token)}/members`;
  const save = useMutation({
    mutationFn: async (choice: TeamMemberChoice) => {
      if (pass) {
        await api.patch(`${path}/${pass.memberId}`, {
          body: choice,
          headers: keyHeader(pass),
          schema: teamMemberViewSchema,
        });
        return pass;
      }
      const joined = await api.post(path, { body: choice, schema: teamMemberJoinedSchema });
      const next = { memberId: joined.member.id, key: joined.key };
      writeStorage(passKey(token), JSON.stringify(next));
      return next;
    },
    onSuccess: (next) => {
      onPass(next);
      return refresh();
    },
  });
  const withdraw = useMutation({
    mutationFn: async () => {
      if (pass) await api.delete(`${path}/${pass.memberId}`, { headers: keyHeader(pass) });
      removeStorage(passKey(token));
    },
    onSuccess: () => {
      onPass(null);
      return refresh();
    },
  });
  return { save, withdraw };
}

/** Forgets a pass whose line is gone (removed by the lead), so the page offers to join again. */
export function forgetMemberPass(token: string): void {
  removeStorage(passKey(token));
}

// ---- the lead ----

export const leadTeamOrderQuery = (id: string) =>
  queryOptions({
    queryKey: ['team-order', 'lead', id] as const,
    queryFn: ({ signal }) =>
      api.get(`/team-orders/${encodeURIComponent(id)}`, { schema: teamOrderLeadViewSchema, signal, retry: false }),
    staleTime: 0,
  });

/** The lead's list: read once, then kept current by its live stream (useLiveTeamOrder). */
export function useLeadTeamOrder(id: string, enabled: boolean) {
  return useQuery({ ...leadTeamOrderQuery(id), enabled });
}

/** live: the list follows every change; reconnecting: the stream dropped and is being reopened. */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting';

/** The wait before reopening a dropped stream: the growing delay, or longer when the API said so. */
function reconnectDelay(attempt: number, retryAfter: string | null): number {
  const asked = Number(retryAfter);
  return Math.max(retryDelay(attempt), Number.isFinite(asked) && asked > 0 ? asked * 1000 : 0);
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Follows the list live (`GET /api/team-orders/:id/events`, docs/contracts.md#team-orders): every
 * `list` event replaces the page's copy, so a member who joins shows without a reload and without
 * asking again. A dropped stream is reopened with the growing delay of the live catalogue (or the
 * API's Retry-After), and each new stream starts with the whole list, so whatever changed while it
 * was down shows at once. A paid order changes no more: then there is no stream.
 */
export function useLiveTeamOrder(id: string, enabled: boolean): LiveStatus {
  const client = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const { signal } = controller;
    const key = leadTeamOrderQuery(id).queryKey;
    void (async () => {
      let attempt = 0;
      while (!signal.aborted) {
        let retryAfter: string | null = null;
        let paid = false;
        try {
          const token = await idToken();
          const response = await fetch(`${API_BASE}/team-orders/${encodeURIComponent(id)}/events`, {
            headers: { Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
            signal,
          });
          // Not this caller's, or gone: the page already says so from its own read.
          if ([401, 403, 404].includes(response.status)) return;
          retryAfter = response.headers.get('retry-after');
          if (response.ok && response.body) {
            setStatus('live');
            attempt = 0;
            await readEventStream(response.body, ({ event, data }) => {
              if (event !== TEAM_ORDER_STREAM_EVENTS.list) return;
              const view = teamOrderLeadViewSchema.parse(JSON.parse(data));
              paid = view.state === 'paid';
              client.setQueryData(key, view);
            });
          }
        } catch (error) {
          if (signal.aborted) return;
          console.warn(MESSAGES.teamOrderLiveDropped, error);
        }
        if (signal.aborted || paid) return;
        setStatus('reconnecting');
        attempt += 1;
        await pause(reconnectDelay(attempt, retryAfter), signal);
      }
    })();
    return () => controller.abort();
  }, [client, id, enabled]);
  return status;
}

export function useMyTeamOrders(uid: string | null) {
  return useQuery({
    queryKey: ['team-order', 'mine', uid] as const,
    queryFn: ({ signal }) => api.get('/team-orders', { schema: teamOrderListSchema, signal }),
    enabled: Boolean(uid),
    staleTime: 0,
  });
}

/** The studio's list of every team order. */
export function useAllTeamOrders() {
  return useQuery({
    queryKey: ['team-order', 'all'] as const,
    queryFn: ({ signal }) => api.get('/team-orders/all', { schema: teamOrderListSchema, signal }),
    staleTime: 0,
  });
}

export function useStartTeamOrder() {
  return useMutation({
    mutationFn: (body: CreateTeamOrderBody) => api.post('/team-orders', { body, schema: teamOrderLeadViewSchema }),
  });
}

type LeadAction = { kind: 'remove'; memberId: string } | { kind: 'close' } | { kind: 'revoke' } | { kind: 'renew' };

export function useLeadAction(id: string) {
  const client = useQueryClient();
  const base = `/team-orders/${encodeURIComponent(id)}`;
  return useMutation({
    mutationFn: (action: LeadAction): Promise<TeamOrderLeadView> => {
      const schema = teamOrderLeadViewSchema;
      if (action.kind === 'remove') return api.delete(`${base}/members/${action.memberId}`, { schema });
      if (action.kind === 'close') return api.post(`${base}/close`, { schema });
      if (action.kind === 'revoke') return api.delete(`${base}/link`, { schema });
      return api.post(`${base}/link`, { schema });
    },
    onSuccess: (view) => client.setQueryData(leadTeamOrderQuery(id).queryKey, view),
  });
}

/** The summed lines become the lead's cart; this page's cart saves what it holds first, then reloads. */
export function useFillTeamCart(id: string) {
  return useMutation({
    mutationFn: async () => {
      const cart = appCartStore();
      await cart.flush();
      const result = await api.post(`/team-orders/${encodeURIComponent(id)}/cart`, {
        schema: teamOrderCartResultSchema,
      });
      await cart.load();
      return result;
    },
  });
}
