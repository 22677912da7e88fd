import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  accountOrdersResponseSchema,
  adminOrdersResponseSchema,
  retryFulfilmentResponseSchema,
  type OrderStatus,
} from '@shop/shared/schemas';
import { api } from '../../../lib/api-client';

// GET /api/orders (the signed-in shopper's orders) and the studio's GET /api/admin/orders with
// its fulfilment retry (DESIGN.md 12.3).

export const accountOrdersQuery = (uid: string) =>
  queryOptions({
    queryKey: ['orders', 'account', uid] as const,
    queryFn: ({ signal }) => api.get('/orders', { schema: accountOrdersResponseSchema, signal }).then((r) => r.orders),
    staleTime: 0,
  });

export function useAccountOrders(uid: string | null) {
  return useQuery({ ...accountOrdersQuery(uid ?? ''), enabled: Boolean(uid) });
}

export const adminOrdersQuery = (status: OrderStatus | null) =>
  queryOptions({
    queryKey: ['admin', 'orders', status ?? 'all'] as const,
    queryFn: ({ signal }) =>
      api
        .get('/admin/orders', {
          query: { status: status ?? undefined, limit: 100 },
          schema: adminOrdersResponseSchema,
          signal,
        })
        .then((r) => r.orders),
    staleTime: 0,
  });

export function useAdminOrders(status: OrderStatus | null) {
  return useQuery(adminOrdersQuery(status));
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
