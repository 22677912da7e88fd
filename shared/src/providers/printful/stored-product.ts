import { z } from 'zod';
import { printfulProductDetailSchema, printfulSyncProductSchema } from './wire.js';

// The product sync's raw copy of each Printful product, with what the next sync compares.

/** `printfulProducts/{id}`: Printful's detail as last synced, plus what the next sync compares. */
export const storedPrintfulProductSchema = printfulProductDetailSchema.extend({
  id: z.string(),
  /** The `GET /store/products` entry the detail was fetched for. */
  summary: printfulSyncProductSchema,
  /** contentHash of `summary` with its timestamps: a change means "fetch the details again". */
  summaryHash: z.string(),
  /** contentHash of the searchable document: unchanged means nothing to write. */
  contentHash: z.string(),
  /** Printful's cost per catalog variant id and the margin percentage the documents were built with. */
  costs: z.record(z.string(), z.number()).optional(),
  minMarginPercent: z.number().optional(),
  /**
   * The sync run that last wrote these documents and what it did: a run retried after it had
   * written (a crashed worker, a failed last step) reports that write again, not "unchanged".
   */
  writtenBy: z.object({ runId: z.string(), outcome: z.enum(['created', 'updated']) }).optional(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  syncedAt: z.iso.datetime(),
});
export type StoredPrintfulProduct = z.infer<typeof storedPrintfulProductSchema>;
