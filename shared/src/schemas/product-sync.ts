import { z } from 'zod';

// The admin's product sync (docs/contracts.md#http-api): its request, its runs and their progress, shared by
// the API, the worker and the admin's pages. Apart from the catalogue's schemas, so a shopper's
// page never builds them: each zod schema costs a phone's main thread at start-up.

/** POST /api/admin/products/sync (docs/rules.md#calls-to-other-services: body fullSync, includeArchived, days). */
export const SYNC_DAYS_MAX = 365;
export const productSyncRequestSchema = z
  .strictObject({
    fullSync: z.boolean({ error: 'fullSync must be true or false' }).optional(),
    includeArchived: z.boolean({ error: 'includeArchived must be true or false' }).optional(),
    days: z
      .number({ error: `days must be a whole number from 1 to ${SYNC_DAYS_MAX}` })
      .int({ error: `days must be a whole number from 1 to ${SYNC_DAYS_MAX}` })
      .min(1, { error: `days must be a whole number from 1 to ${SYNC_DAYS_MAX}` })
      .max(SYNC_DAYS_MAX, { error: `days must be a whole number from 1 to ${SYNC_DAYS_MAX}` })
      .optional(),
  })
  // A body-less POST (what the old callable sent when all were defaults) means all defaults.
  .nullish();
export type ProductSyncRequest = NonNullable<z.infer<typeof productSyncRequestSchema>>;

export const productSyncAcceptedSchema = z.object({ success: z.literal(true), jobId: z.string() });
export type ProductSyncAccepted = z.infer<typeof productSyncAcceptedSchema>;

export const SYNC_JOB_STATES = ['waiting', 'active', 'completed', 'failed'] as const;
export const syncJobStateSchema = z.enum(SYNC_JOB_STATES);
export type SyncJobState = z.infer<typeof syncJobStateSchema>;
/** A run in one of these states is over: its progress and result no longer change. */
export const TERMINAL_SYNC_STATES: ReadonlySet<SyncJobState> = new Set(['completed', 'failed']);

export const syncProgressSchema = z.object({
  phase: z.string(),
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type SyncProgress = z.infer<typeof syncProgressSchema>;

export const syncResultSchema = z.object({
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  deleted: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
});
export type SyncResult = z.infer<typeof syncResultSchema>;

export const syncFailureSchema = z.object({ productId: z.string(), reason: z.string() });

/** A product picture the sync could not make (docs/performance.md#product-pictures): the product shows the placeholder. */
export const pictureFailureSchema = z.object({ productId: z.string(), url: z.string(), reason: z.string() });

/** One sync run (docs/contracts.md#http-api "Sync job"), merged from the queue's job and its syncRuns record. */
export const syncJobSchema = z.object({
  id: z.string(),
  name: z.enum(['full', 'incremental']),
  state: syncJobStateSchema,
  progress: syncProgressSchema,
  result: syncResultSchema,
  failures: z.array(syncFailureSchema).optional(),
  pictureFailures: z.array(pictureFailureSchema).optional(),
  /** Why a failed run failed, as the worker recorded it. */
  error: z.string().optional(),
  queuedAt: z.iso.datetime().optional(),
  finishedAt: z.iso.datetime().optional(),
  /** A run the schedule (SYNC_SCHEDULE, FULL_SYNC_SCHEDULE) or a retry starts at this time; not yet waiting. */
  scheduledFor: z.iso.datetime().optional(),
});
export type SyncJob = z.infer<typeof syncJobSchema>;

export const syncJobsResponseSchema = z.object({ jobs: z.array(syncJobSchema) });
export type SyncJobsResponse = z.infer<typeof syncJobsResponseSchema>;

export const syncJobParamsSchema = z.object({ id: z.string().min(1).max(200) });

/** GET /api/admin/products/sync/config-check (docs/rules.md#calls-to-other-services: response success, message). */
export const syncConfigCheckSchema = z.object({ success: z.boolean(), message: z.string() });
export type SyncConfigCheck = z.infer<typeof syncConfigCheckSchema>;

/**
 * GET /api/admin/products/sync/jobs/:id/events: `state` (the whole job) first and whenever its
 * state changes, `progress` on every worker report.
 */
export const SYNC_JOB_STREAM_EVENTS = { state: 'state', progress: 'progress' } as const;
export const syncJobStateEventSchema = syncJobSchema;
export const syncJobProgressEventSchema = z.object({
  id: z.string(),
  state: z.literal('active'),
  progress: syncProgressSchema,
});
export type SyncJobProgressEvent = z.infer<typeof syncJobProgressEventSchema>;
