import { z } from 'zod';

// The margin guard's findings (docs/rules.md#money-at-checkout): per product, the variants whose retail price is
// below Printful's cost x (1 + MIN_MARGIN_PERCENT/100) and are therefore not sold. Written by the
// sync, read by `GET /api/admin/catalog/margins` and the admin sync screen.

export const belowMarginVariantSchema = z.object({
  /** Printful sync variant id. */
  id: z.number().int(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  retailPrice: z.number(),
  cost: z.number().nullable(),
  /** The lowest retail price the guard accepts. */
  minimumPrice: z.number().nullable(),
});
export type BelowMarginVariant = z.infer<typeof belowMarginVariantSchema>;

export const catalogMarginDocSchema = z.object({
  productId: z.string(),
  title: z.string(),
  minMarginPercent: z.number(),
  variants: z.array(belowMarginVariantSchema),
  updatedAt: z.string(),
});
export type CatalogMarginDoc = z.infer<typeof catalogMarginDocSchema>;

/** GET /api/admin/catalog/margins */
export const catalogMarginsResponseSchema = z.object({
  minMarginPercent: z.number(),
  products: z.array(catalogMarginDocSchema),
});
export type CatalogMarginsResponse = z.infer<typeof catalogMarginsResponseSchema>;
