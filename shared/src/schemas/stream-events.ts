import { z } from 'zod';
import { storefrontProductSchema } from './storefront-product.js';
import { syncJobSchema, syncProgressSchema } from './catalog.js';

// The Server-Sent Events the API streams and the SPA reads: the event names and the JSON of each
// event's data, defined once for both sides.

/** GET /api/products/stream: `snapshot` with the whole storefront list, newest first. */
export const PRODUCTS_STREAM_EVENTS = { snapshot: 'snapshot', unchanged: 'unchanged' } as const;
/**
 * GET /api/products/stream?version=: the snapshot id (its ETag) the client already holds; when it
 * is current the stream opens with a short `unchanged` event instead of the catalogue. The
 * `Last-Event-ID` header does the same.
 */
export const productsStreamQuerySchema = z.object({ version: z.string().max(100).optional() });
export const productsSnapshotEventSchema = z.object({ products: z.array(storefrontProductSchema) });
export type ProductsSnapshotEvent = z.infer<typeof productsSnapshotEventSchema>;

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
