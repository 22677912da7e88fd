import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminHomeSchema } from '@shop/shared/schemas';
import { api } from '../../../lib/api-client';

// The admin home's figures: GET /api/admin/home.

export const adminHomeQuery = () =>
  queryOptions({
    queryKey: ['admin', 'home'] as const,
    queryFn: ({ signal }) => api.get('/admin/home', { schema: adminHomeSchema, signal }),
    staleTime: 0,
  });

export const useAdminHome = () => useQuery(adminHomeQuery());
