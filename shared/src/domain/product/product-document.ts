import { z } from 'zod';
import { storefrontProductSchema } from '../../schemas/storefront-product.js';

// The searchable document in `products` (docs/rules.md#entities, "Stored product fields read from the
// catalogue"): the storefront product plus what search and the by-id fallback read.

import { PRODUCT_STATUSES } from '../../schemas/catalog.js';

export { PRODUCT_STATUSES };
export const productStatusSchema = z.enum(PRODUCT_STATUSES);
export type ProductStatus = z.infer<typeof productStatusSchema>;

const storedSyncVariantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  variant_id: z.number().int(),
  retail_price: z.string(),
  currency: z.string(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  sku: z.string().nullable(),
  external_id: z.string().nullable(),
  preview_url: z.string().nullable(),
  /** Printful's cost of the variant when the sync could read it (margin guard, docs/rules.md#money-at-checkout). */
  cost: z.number().nullable().optional(),
  files: z.array(z.object({ type: z.string(), preview_url: z.string().nullable(), url: z.string().nullable() })),
});

export const productDocumentSchema = storefrontProductSchema.extend({
  name: z.string(),
  status: productStatusSchema,
  priceRange: z.object({ min: z.number(), max: z.number() }),
  sync_product: z.object({
    id: z.number().int(),
    name: z.string(),
    thumbnail_url: z.string().nullable(),
    description: z.string().nullable(),
  }),
  sync_variants: z.array(storedSyncVariantSchema),
  /** Variants not sold: ignored in Printful or below the margin guard (docs/rules.md#money-at-checkout, docs/rules.md#only-what-can-ship-is-sold). */
  retiredVariants: z
    .array(
      z.object({
        id: z.number().int(),
        size: z.string().nullable(),
        color: z.string().nullable(),
        reason: z.enum(['ignored', 'below-margin', 'cost-unknown']),
        retailPrice: z.number(),
        cost: z.number().nullable(),
        minimumPrice: z.number().nullable(),
      }),
    )
    .optional(),
});
export type ProductDocument = z.infer<typeof productDocumentSchema>;
