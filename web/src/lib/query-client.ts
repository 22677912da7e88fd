import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { QUERY_RETRY, QUERY_STALE_TIME_MS } from '@shop/shared';
import { isApiError } from './api-error';

export const queryConfig = {
  queries: {
    staleTime: QUERY_STALE_TIME_MS,
    // The spec's one retry, for failures the API client did not judge itself (a thrown parse, a
    // network error outside it). API failures are not retried again here: the client has retried
    // what is worth it (2 retries), and a final answer (not-found) would only come back later.
    retry: (failureCount: number, error: Error) => failureCount < QUERY_RETRY && !isApiError(error),
    refetchOnWindowFocus: false,
  },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}
