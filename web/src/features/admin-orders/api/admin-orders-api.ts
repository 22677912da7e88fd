import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminOrderDetailSchema,
  adminOrdersResponseSchema,
  refundAcceptedSchema,
  resendAcceptedSchema,
  retryFulfilmentResponseSchema,
  cancelRequestDecisionResponseSchema,
  holdChangedResponseSchema,
  type OrderStatus,
  type RefundRequest,
} from '@shop/shared/schemas';
import type { OrderAttention } from '@shop/shared/domain/order';
import { api } from '../../../lib/api-client';

// The studio's GET /api/admin/orders, one order, and its actions: refund, resend, fulfilment retry,
// the cancel-request decision and the grace period's hold (docs/rules.md#after-payment).

/** The studio's filters of the orders list; days are YYYY-MM-DD in the studio's time zone. */
export interface AdminOrdersFilter {
  attention?: OrderAttention | null;
  from?: string;
  to?: string;
}

export const adminOrdersQuery = (status: OrderStatus | null, q = '', filter: AdminOrdersFilter = {}) =>
  queryOptions({
    queryKey: [
      'admin',
      'orders',
      status ?? 'all',
      q,
      filter.attention ?? 'any',
      filter.from ?? '',
      filter.to ?? '',
    ] as const,
    queryFn: ({ signal }) =>
      api
        .get('/admin/orders', {
          query: {
            status: status ?? undefined,
            q: q.trim() || undefined,
            attention: filter.attention ?? undefined,
            from: filter.from || undefined,
            to: filter.to || undefined,
            limit: 100,
          },
          schema: adminOrdersResponseSchema,
          signal,
        })
        .then((r) => r.orders),
    staleTime: 0,
  });

export function useAdminOrders(status: OrderStatus | null, q = '', filter: AdminOrdersFilter = {}) {
  return useQuery(adminOrdersQuery(status, q, filter));
}

const orderPath = (orderId: string) => `/admin/orders/${encodeURIComponent(orderId)}`;

export const adminOrderQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['admin', 'orders', 'one', orderId] as const,
    queryFn: ({ signal }) => api.get(orderPath(orderId), { schema: adminOrderDetailSchema, signal }),
    staleTime: 0,
  });

/** One order; while a refund it asked for is not on the order yet, read again every two seconds. */
export function useAdminOrder(orderId: string, awaitingRefund: string | null) {
  return useQuery({
    ...adminOrderQuery(orderId),
    refetchInterval: (query) =>
      awaitingRefund && !query.state.data?.refunds.some((r) => r.id === awaitingRefund) ? 2000 : false,
  });
}

export function useRefundOrder(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RefundRequest) =>
      api.post(`${orderPath(orderId)}/refund`, {
        body,
        schema: refundAcceptedSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'orders'] }),
  });
}

export function useResendConfirmation(orderId: string) {
  return useMutation({
    mutationFn: () => api.post(`${orderPath(orderId)}/resend-confirmation`, { schema: resendAcceptedSchema }),
  });
}

export function useRetryFulfilment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) =>
      api.post(`/admin/orders/${encodeURIComponent(orderId)}/retry-fulfilment`, {
        schema: retryFulfilmentResponseSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'orders'] }),
  });
}

/** The studio's answer to a shopper's request to cancel: accept (refunded in full) or decline (it is made). */
export function useDecideCancelRequest(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: 'accept' | 'decline') =>
      api.post(`${orderPath(orderId)}/cancel-request`, {
        body: { decision },
        schema: cancelRequestDecisionResponseSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'orders'] }),
  });
}

/** The studio's control of an order's grace period: "confirm now", or "extend hold" by some minutes. */
export function useChangeHold(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { kind: 'release' } | { kind: 'extend'; minutes: number }) =>
      change.kind === 'release'
        ? api.post(`${orderPath(orderId)}/release`, { schema: holdChangedResponseSchema })
        : api.post(`${orderPath(orderId)}/hold`, {
            body: { minutes: change.minutes },
            schema: holdChangedResponseSchema,
          }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'orders'] }),
  });
}
