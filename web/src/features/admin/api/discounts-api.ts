import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminDiscountListSchema, adminDiscountResponseSchema, type CreateDiscountBody } from '@shop/shared/schemas';
import { api } from '../../../lib/api-client';

// The studio's discount codes (docs/rules.md#what-a-merch-shopper-expects).

export const discountsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'discounts'] as const,
    queryFn: ({ signal }) =>
      api
        .get('/admin/discounts', { schema: adminDiscountListSchema, signal })
        .then((r) => ({ discounts: r.discounts, guessAlerts: r.guessAlerts ?? [] })),
    staleTime: 0,
  });

export function useDiscounts() {
  return useQuery(discountsQuery());
}

export function createDiscount(body: CreateDiscountBody) {
  return api.post('/admin/discounts', { body, schema: adminDiscountResponseSchema });
}

export function setDiscountActive(id: string, active: boolean) {
  return api.patch(`/admin/discounts/${encodeURIComponent(id)}`, {
    body: { active },
    schema: adminDiscountResponseSchema,
  });
}
