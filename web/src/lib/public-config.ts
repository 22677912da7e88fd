import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicConfigSchema, type PublicConfig } from '@shop/shared/schemas';
import { api } from './api-client';

// GET /api/config/public: where sign-in happens and whether payments and products are sandboxed.

let pending: Promise<PublicConfig> | null = null;

/** Read once per page; a failed read is tried again next time. */
export function getPublicConfig(): Promise<PublicConfig> {
  pending ??= api.get('/config/public', { schema: publicConfigSchema }).catch((e: unknown) => {
    pending = null;
    throw e;
  });
  return pending;
}

export const publicConfigQuery = () =>
  queryOptions({ queryKey: ['config', 'public'] as const, queryFn: getPublicConfig, staleTime: Infinity });

export function usePublicConfig() {
  return useQuery(publicConfigQuery());
}
