import { useQuery } from '@tanstack/react-query';
import { adminCustomerSchema, adminCustomersResponseSchema } from '@shop/shared/schemas';
import { api } from '../../../lib/api-client';

// The studio's customers: GET /api/admin/customers and /api/admin/customers/:key.

export const useAdminCustomers = (q: string) =>
  useQuery({
    queryKey: ['admin', 'customers', q] as const,
    queryFn: ({ signal }) =>
      api
        .get('/admin/customers', { query: { q: q || undefined }, schema: adminCustomersResponseSchema, signal })
        .then((r) => r.customers),
    staleTime: 0,
  });

export const useAdminCustomer = (key: string) =>
  useQuery({
    queryKey: ['admin', 'customer', key] as const,
    queryFn: ({ signal }) =>
      api.get(`/admin/customers/${encodeURIComponent(key)}`, { schema: adminCustomerSchema, signal }),
    staleTime: 0,
    retry: false,
  });
