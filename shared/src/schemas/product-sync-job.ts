import { z } from 'zod';
import { pictureFailureSchema, syncFailureSchema, syncResultSchema } from './product-sync.js';

// The product-sync queue's job data and return value (docs/contracts.md#queues-and-events and docs/contracts.md#http-api): written by
// the API (admin endpoint, Printful webhooks), read by the worker, and the result read back by
// the API's sync-job answers.

export const PRODUCT_SYNC_JOB_NAMES = ['full', 'incremental'] as const;
export type ProductSyncJobName = (typeof PRODUCT_SYNC_JOB_NAMES)[number];

export const productSyncDataSchema = z.object({
  /** Fetch every product's details, not only new and changed ones. */
  fullSync: z.boolean().optional(),
  /** List the ids of archived products in the run's result. */
  includeArchived: z.boolean().optional(),
  /** Consider only products Printful reports as updated in the last N days. */
  days: z.number().int().positive().max(3650).optional(),
  /** Products to refetch whatever their list summary says (from Printful webhooks). */
  productIds: z.array(z.string().regex(/^\d+$/, 'a Printful sync product id')).max(1000).optional(),
});
export type ProductSyncData = z.infer<typeof productSyncDataSchema>;

/** What a sync job returns (BullMQ return value; docs/contracts.md#http-api "Sync job"). */
export const productSyncResultSchema = syncResultSchema.extend({
  unchanged: z.number().int().nonnegative(),
  failures: z.array(syncFailureSchema),
  /** Pictures not made this run: the products are written with the placeholder in their place. */
  pictureFailures: z.array(pictureFailureSchema).optional(),
  /** Ids of archived products, when the run was asked to include them. */
  archived: z.array(z.string()).optional(),
});
export type ProductSyncResult = z.infer<typeof productSyncResultSchema>;
