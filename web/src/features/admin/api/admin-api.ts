import { queryOptions, useQuery } from '@tanstack/react-query';
import { MESSAGES } from '@shop/shared';
import {
  catalogMarginsResponseSchema,
  productSyncAcceptedSchema,
  syncConfigCheckSchema,
  SYNC_JOB_STREAM_EVENTS,
  syncJobProgressEventSchema,
  syncJobsResponseSchema,
  syncJobStateEventSchema,
  type ProductSyncRequest,
  type SyncConfigCheck,
  type SyncJob,
  type SyncProgress,
} from '@shop/shared/schemas';
import { API_BASE, ApiError, api, isApiError } from '../../../lib/api-client';
import { readEventStream } from '../../../lib/live/read-event-stream';

// The admin product-sync endpoints (docs/contracts.md#http-api).

export type AdminAccess =
  { kind: 'allowed'; check: SyncConfigCheck } | { kind: 'denied' } | { kind: 'unknown'; message: string };

/** A 200 from the config check means admin; 401 or 403 means not; anything else is unknown. */
export async function checkAdminAccess(): Promise<AdminAccess> {
  try {
    return {
      kind: 'allowed',
      check: await api.get('/admin/products/sync/config-check', { schema: syncConfigCheckSchema, retry: false }),
    };
  } catch (e) {
    if (isApiError(e) && (e.status === 401 || e.status === 403)) return { kind: 'denied' };
    return { kind: 'unknown', message: (e as Error).message };
  }
}

export function requestSync(body: ProductSyncRequest) {
  return api.post('/admin/products/sync', { body, schema: productSyncAcceptedSchema });
}

export const syncJobsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'sync-jobs'] as const,
    queryFn: ({ signal }) =>
      api.get('/admin/products/sync/jobs', { schema: syncJobsResponseSchema, signal }).then((r) => r.jobs),
    staleTime: 0,
  });

export function useSyncJobs() {
  return useQuery(syncJobsQuery());
}

/** Sets the cookie that lets this admin open the queue dashboard at /admin/queues. */
export function openDashboardSession(): Promise<unknown> {
  return api.post('/admin/session');
}

export interface JobEventHandlers {
  onState: (job: SyncJob) => void;
  onProgress: (progress: SyncProgress) => void;
}

/**
 * Follows one job's events until the server ends the stream (after the final state). The token
 * travels in the Authorization header, so this is fetch() rather than EventSource.
 */
export async function followSyncJob(
  jobId: string,
  token: string,
  handlers: JobEventHandlers,
  signal: AbortSignal,
): Promise<void> {
  const response = await fetch(`${API_BASE}/admin/products/sync/jobs/${encodeURIComponent(jobId)}/events`, {
    headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
    signal,
  });
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    throw new ApiError(
      body?.error?.code ?? `http-${response.status}`,
      body?.error?.message ?? MESSAGES.httpError(response.status, response.statusText),
      response.status,
    );
  }
  await readEventStream(response.body, ({ event, data }) => {
    const json: unknown = JSON.parse(data);
    if (event === SYNC_JOB_STREAM_EVENTS.state) handlers.onState(syncJobStateEventSchema.parse(json));
    else if (event === SYNC_JOB_STREAM_EVENTS.progress)
      handlers.onProgress(syncJobProgressEventSchema.parse(json).progress);
  });
}

/** The margin guard's list (docs/rules.md#money-at-checkout): variants not sold because they are priced below cost. */
export const catalogMarginsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'catalog-margins'] as const,
    queryFn: ({ signal }) => api.get('/admin/catalog/margins', { schema: catalogMarginsResponseSchema, signal }),
    staleTime: 0,
  });

export function useCatalogMargins() {
  return useQuery(catalogMarginsQuery());
}
