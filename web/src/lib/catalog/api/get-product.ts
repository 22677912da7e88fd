import { queryOptions, useQuery } from '@tanstack/react-query';
import { storefrontProductSchema } from '@shop/shared/domain/product';
import { api } from '../../api-client';
import { pageCurrency } from '../page-currency';

// GET /api/products/:id: one product from wherever the API finds it (404 with the spec's message).

export function getProduct(id: string, signal?: AbortSignal) {
  return api.get(`/products/${encodeURIComponent(id)}`, {
    query: { currency: pageCurrency().currency },
    schema: storefrontProductSchema,
    signal,
  });
}

export const productQuery = (id: string) =>
  queryOptions({
    queryKey: ['products', 'by-id', id] as const,
    queryFn: ({ signal }) => getProduct(id, signal),
  });

export function useProduct(id: string) {
  return useQuery(productQuery(id));
}
