import type { Job, JobState, Queue } from 'bullmq';
import { AppError, MESSAGES } from '@shop/shared';
import {
  TERMINAL_SYNC_STATES,
  syncJobSchema,
  syncProgressSchema,
  type SyncJob,
  type SyncJobState,
} from '@shop/shared/schemas';
import { COLLECTIONS, getReadableDoc, queryDocs } from '@shop/shared/server/collections';
import { isProductSyncJobId, productSyncResultSchema, type SyncRun } from '@shop/shared/server/queues';
import type { DocumentStore } from '@shop/shared/server/store';
import { storeRead } from '../store/store-read.js';

// A product sync as the admin screen sees it (docs/contracts.md#http-api "Sync job"): the BullMQ job
// (state, live progress, return value) merged with its `syncRuns/{jobId}` record (per-product
// failures, kept after the queue has pruned the job). Either may be missing: a job still waiting
// has no record yet, and an old record outlives its job.

export const SYNC_HISTORY_LIMIT = 50;
const QUEUE_STATES: JobState[] = [
  'active',
  'waiting',
  'delayed',
  'prioritized',
  'waiting-children',
  'completed',
  'failed',
];
const NO_PROGRESS = { phase: 'waiting', done: 0, total: 0 };
const NO_RESULT = { created: 0, updated: 0, deleted: 0, failed: 0 };

/** BullMQ's states reduced to the four the admin screen shows; a job retrying later is waiting. */
function stateOf(queueState: JobState | 'unknown'): SyncJobState | null {
  if (queueState === 'active' || queueState === 'completed' || queueState === 'failed') return queueState;
  if (queueState === 'unknown') return null;
  return 'waiting';
}

const isTerminal = (state: SyncJobState) => TERMINAL_SYNC_STATES.has(state);

/**
 * The state is read a moment after the job: a run that ended in between is "completed" with a
 * snapshot that has no result yet. It is shown as it was read (running, or its finished record)
 * until the next poll sees the result, never as a finished run that did nothing.
 */
function finishedAfterRead({ job, state }: { job: Job; state: JobState | 'unknown' }): boolean {
  return (state === 'completed' || state === 'failed') && !job.finishedOn;
}

const iso = (ms: number | undefined | null) => (ms ? new Date(ms).toISOString() : undefined);

export function mergeSyncJob(
  id: string,
  job: { job: Job; state: JobState | 'unknown' } | null,
  run: SyncRun | null,
): SyncJob | null {
  const queueState = job
    ? finishedAfterRead(job)
      ? run && isTerminal(run.state)
        ? null
        : 'active'
      : stateOf(job.state)
    : null;
  const state = queueState ?? run?.state ?? null;
  if (!state) return null;
  const returned = productSyncResultSchema.safeParse(job?.job.returnvalue);
  const liveProgress = syncProgressSchema.safeParse(job?.job.progress);
  const result = returned.success
    ? {
        created: returned.data.created,
        updated: returned.data.updated,
        deleted: returned.data.deleted,
        failed: returned.data.failed,
      }
    : (run?.counts ?? NO_RESULT);
  const failures = returned.success ? returned.data.failures : run?.failures;
  const pictureFailures = returned.success ? returned.data.pictureFailures : run?.pictureFailures;
  const error = job?.job.failedReason || run?.error || undefined;
  const name = job?.job.name ?? run?.name;
  // A delayed job (the next scheduled run, or a retry's back-off) is not waiting: it has a time.
  const scheduledFor = job?.state === 'delayed' ? iso(job.job.timestamp + (job.job.delay ?? 0)) : undefined;
  return syncJobSchema.parse({
    id,
    name: name === 'full' ? 'full' : 'incremental',
    state,
    progress: liveProgress.success ? liveProgress.data : (run?.progress ?? NO_PROGRESS),
    result,
    ...(failures && failures.length > 0 ? { failures } : {}),
    ...(pictureFailures && pictureFailures.length > 0 ? { pictureFailures } : {}),
    ...(state === 'failed' && error ? { error } : {}),
    queuedAt: iso(job?.job.timestamp) ?? run?.startedAt,
    finishedAt: iso(job?.job.finishedOn) ?? run?.finishedAt ?? undefined,
    ...(scheduledFor ? { scheduledFor } : {}),
  });
}

async function queueJob(queue: Queue, id: string) {
  if (!isProductSyncJobId(id)) return null;
  const job = await queue.getJob(id);
  return job ? { job, state: await job.getState() } : null;
}

/** One run; 404 when neither the queue nor the history knows the id. */
export async function getSyncJob(queue: Queue, store: DocumentStore, id: string): Promise<SyncJob> {
  const [job, run] = await Promise.all([
    queueJob(queue, id),
    storeRead(() => getReadableDoc(store, COLLECTIONS.syncRuns, id)),
  ]);
  const merged = mergeSyncJob(id, job, run);
  if (!merged) throw new AppError('not-found', MESSAGES.syncJobNotFound(id));
  return merged;
}

/** The recent runs, newest first: the queue's current and kept jobs plus the recorded history. */
export async function listSyncJobs(queue: Queue, store: DocumentStore): Promise<SyncJob[]> {
  const [jobs, runs] = await Promise.all([
    queue.getJobs(QUEUE_STATES, 0, SYNC_HISTORY_LIMIT - 1, false),
    storeRead(() =>
      queryDocs(store, COLLECTIONS.syncRuns, {
        orderBy: [{ field: 'startedAt', direction: 'desc' }],
        limit: SYNC_HISTORY_LIMIT,
      }),
    ),
  ]);
  const runById = new Map(runs.docs.map((d) => [d.id, d.data]));
  const jobById = new Map(jobs.filter((j): j is Job => Boolean(j?.id)).map((j) => [j.id as string, j]));
  const ids = new Set([...jobById.keys(), ...runById.keys()]);
  const merged = await Promise.all(
    [...ids].map(async (id) => {
      const job = jobById.get(id);
      return mergeSyncJob(id, job ? { job, state: await job.getState() } : null, runById.get(id) ?? null);
    }),
  );
  return merged
    .filter((j): j is SyncJob => j !== null)
    .sort((a, b) => (b.queuedAt ?? '').localeCompare(a.queuedAt ?? '') || b.id.localeCompare(a.id))
    .slice(0, SYNC_HISTORY_LIMIT);
}
