import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogSearchQuery, SearchSort } from '@shop/shared/domain/catalog';
import { productSearchResponseSchema, type ProductSearchResponse } from '@shop/shared/schemas';
import { api } from '../../../lib/api-client';

// GET /api/products/search: the spec's search (text match on name, description and variant
// names; sort by name, price or latest) over the whole active catalogue, with category counts
// that ignore the category filter.

export const SORT_LABELS: Record<SearchSort, string> = {
  latest: 'Newest first',
  name: 'Name (A to Z)',
  priceAsc: 'Price (low to high)',
  priceDesc: 'Price (high to low)',
};

export type SearchParams = Omit<CatalogSearchQuery, 'status'>;

export function searchProducts(params: SearchParams, signal?: AbortSignal): Promise<ProductSearchResponse> {
  return api.get('/products/search', { query: { ...params }, schema: productSearchResponseSchema, signal });
}

export const searchProductsQuery = (params: SearchParams) =>
  queryOptions({
    queryKey: ['products', 'search', params] as const,
    queryFn: ({ signal }) => searchProducts(params, signal),
  });

export function useSearchProducts(params: SearchParams) {
  // Typing in the search box keeps the previous results on screen until the new ones arrive.
  return useQuery({ ...searchProductsQuery(params), placeholderData: keepPreviousData });
}
