import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminQuoteSchema,
  adminQuotesResponseSchema,
  type QuoteReplyRequest,
  type QuoteStatus,
  type QuoteUpdate,
} from '@shop/shared/schemas';
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

export const useAdminQuote = (id: string) =>
  useQuery({
    queryKey: ['admin', 'quotes', 'one', id] as const,
    queryFn: ({ signal }) => api.get(`/admin/quotes/${encodeURIComponent(id)}`, { schema: adminQuoteSchema, signal }),
    staleTime: 0,
    retry: false,
  });

/** POST /api/admin/quotes/:id/replies: the reply is e-mailed to the visitor and kept on the quote. */
export function useReplyToQuote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: QuoteReplyRequest }) =>
      api.post(`/admin/quotes/${encodeURIComponent(id)}/replies`, { body, schema: adminQuoteSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'quotes'] }),
  });
}
