import type { SyncProgress } from '@shop/shared/schemas';
import { COLLECTIONS } from '@shop/shared/server/collections';
import type { DocumentStore } from '@shop/shared/server/store';
import {
  syncRunSchema,
  type ProductSyncData,
  type ProductSyncJobName,
  type ProductSyncResult,
  type SyncRun,
} from '@shop/shared/server/queues';

// `syncRuns/{jobId}`: the history of product syncs, with each product that failed and why.
// Written when a run starts (state active) and again when it ends; a retried attempt of the same
// job overwrites its record, so the record always describes the latest attempt.

export async function recordRunStarted(
  store: DocumentStore,
  run: { id: string; name: ProductSyncJobName; options: ProductSyncData; attempt: number },
): Promise<SyncRun> {
  const record: SyncRun = syncRunSchema.parse({
    ...run,
    state: 'active',
    startedAt: new Date().toISOString(),
    finishedAt: null,
    progress: { phase: 'listing', done: 0, total: 0 },
    counts: { created: 0, updated: 0, deleted: 0, failed: 0 },
    unchanged: 0,
    failures: [],
    error: null,
  });
  await store.set(COLLECTIONS.syncRuns, run.id, record);
  return record;
}

export async function recordRunCompleted(
  store: DocumentStore,
  run: SyncRun,
  result: ProductSyncResult,
  progress: SyncProgress,
): Promise<void> {
  const { unchanged, failures, pictureFailures, archived, ...counts } = result;
  const record = syncRunSchema.parse({
    ...run,
    state: 'completed',
    finishedAt: new Date().toISOString(),
    progress,
    counts,
    unchanged,
    failures,
    ...(pictureFailures?.length ? { pictureFailures } : {}),
    ...(archived ? { archived } : {}),
  });
  await store.set(COLLECTIONS.syncRuns, run.id, record);
}

export async function recordRunFailed(
  store: DocumentStore,
  run: SyncRun,
  error: unknown,
  progress: SyncProgress,
): Promise<void> {
  const record = syncRunSchema.parse({
    ...run,
    state: 'failed',
    finishedAt: new Date().toISOString(),
    progress,
    error: error instanceof Error ? error.message : String(error),
  });
  await store.set(COLLECTIONS.syncRuns, run.id, record);
}
