import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminQuoteSchema, adminQuotesResponseSchema, type QuoteStatus, type QuoteUpdate } from '@shop/shared/schemas';
import { api } from '../../../lib/api-client';

// The studio's quotes inbox (docs/rules.md#the-back-office): GET /api/admin/quotes and PATCH /api/admin/quotes/:id.

export const adminQuotesQuery = (status: QuoteStatus | null) =>
  queryOptions({
    queryKey: ['admin', 'quotes', status ?? 'all'] as const,
    queryFn: ({ signal }) =>
      api
        .get('/admin/quotes', { query: { status: status ?? undefined }, schema: adminQuotesResponseSchema, signal })
        .then((r) => r.quotes),
    staleTime: 0,
  });

export function useAdminQuotes(status: QuoteStatus | null) {
  return useQuery(adminQuotesQuery(status));
}

export function useUpdateQuote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: QuoteUpdate }) =>
      api.patch(`/admin/quotes/${encodeURIComponent(id)}`, { body: change, schema: adminQuoteSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'quotes'] }),
  });
}
