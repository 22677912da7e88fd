import { z } from 'zod';
import { storefrontProductSchema } from './storefront-product.js';

// The catalogue's Server-Sent Events, which the API streams and the SPA reads: the event names and
// the JSON of each event's data, defined once for both sides. The admin's sync events are with the
// sync's schemas (product-sync.ts).

/** GET /api/products/stream: `snapshot` with the whole storefront list, newest first. */
export const PRODUCTS_STREAM_EVENTS = { snapshot: 'snapshot', unchanged: 'unchanged' } as const;
/**
 * GET /api/products/stream?version=: the snapshot id (its ETag) the client already holds; when it
 * is current the stream opens with a short `unchanged` event instead of the catalogue. The
 * `Last-Event-ID` header does the same.
 */
export const productsStreamQuerySchema = z.object({
  version: z.string().max(100).optional(),
  /** The shopper's currency (docs/rules.md#local-prices): the snapshots are priced in it. */
  currency: z.string().max(16).optional(),
});
export const productsSnapshotEventSchema = z.object({ products: z.array(storefrontProductSchema) });
export type ProductsSnapshotEvent = z.infer<typeof productsSnapshotEventSchema>;
