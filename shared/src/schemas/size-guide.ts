import { z } from 'zod';

// GET /api/products/:id/size-guide (DESIGN.md 13.2): the product's sizes and, per measurement,
// its value for each size in inches and in centimetres, from Printful's size tables.

export const SIZE_GUIDE_UNITS = ['in', 'cm'] as const;
export type SizeGuideUnit = (typeof SIZE_GUIDE_UNITS)[number];

export const sizeGuideSchema = z.object({
  sizes: z.array(z.string()),
  measurements: z.array(
    z.object({
      name: z.string(),
      unit: z.enum(SIZE_GUIDE_UNITS),
      values: z.record(z.string(), z.string()),
    }),
  ),
});
export type SizeGuide = z.infer<typeof sizeGuideSchema>;

/**
 * v1 `GET /products/{id}/sizes?unit=inches,cm` result (Printful's catalog size guide): a table per
 * kind (`measure_yourself`: the body; `product_measure`: the garment; `international`) and unit.
 * A value is `value` or a range `min_value`-`max_value`.
 */
const printfulSizeValueSchema = z.looseObject({
  size: z.string(),
  value: z.union([z.string(), z.number()]).nullable().optional(),
  min_value: z.union([z.string(), z.number()]).nullable().optional(),
  max_value: z.union([z.string(), z.number()]).nullable().optional(),
});

export const printfulSizeGuideSchema = z.looseObject({
  product_id: z.number().int(),
  available_sizes: z.array(z.string()),
  size_tables: z.array(
    z.looseObject({
      type: z.string(),
      unit: z.string(),
      description: z.string().nullable().optional(),
      measurements: z.array(
        z.looseObject({
          type_label: z.string(),
          unit: z.string().nullable().optional(),
          values: z.array(printfulSizeValueSchema),
        }),
      ),
    }),
  ),
});
export type PrintfulSizeGuide = z.infer<typeof printfulSizeGuideSchema>;
