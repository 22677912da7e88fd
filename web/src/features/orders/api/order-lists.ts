import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountOrdersResponseSchema } from '@shop/shared/schemas';
import { api } from '../../../lib/api-client';

// GET /api/orders: the signed-in shopper's orders (the studio's list is in features/admin-orders).

export const accountOrdersQuery = (uid: string) =>
  queryOptions({
    queryKey: ['orders', 'account', uid] as const,
    queryFn: ({ signal }) => api.get('/orders', { schema: accountOrdersResponseSchema, signal }).then((r) => r.orders),
    staleTime: 0,
  });

export function useAccountOrders(uid: string | null) {
  return useQuery({ ...accountOrdersQuery(uid ?? ''), enabled: Boolean(uid) });
}
