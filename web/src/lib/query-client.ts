import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { QUERY_RETRY, QUERY_STALE_TIME_MS } from '@shop/shared';
import { isApiError } from './api-error';

export const queryConfig = {
  queries: {
    staleTime: QUERY_STALE_TIME_MS,
    // The API client has already applied the spec's retry rules to its own failures; retrying
    // those here too would multiply the attempts, so the one retry is for anything else.
    retry: (failureCount: number, error: Error) => failureCount < QUERY_RETRY && !isApiError(error),
    refetchOnWindowFocus: false,
  },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}
