import { z } from 'zod';

// GET /api/products/:id/size-guide (docs/rules.md#what-a-merch-shopper-expects): the product's sizes and, per measurement,
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
