import { z } from 'zod';

// Printful v1 product shapes (docs/providers.md#printful-api): the sync products and variants the
// client reads and the sync stores raw (`printfulProducts`), the catalog product a variant is made
// from, and the catalog size guide. Loose objects: Printful adds fields over time and the stored
// raw copy should keep them; only what the store cannot do without is required.

// ---- Products (GET /store/products, /store/products/{id}, catalog /products/{id}) ----

const nullableString = z.string().nullable().optional();

export const printfulFileSchema = z.looseObject({
  id: z.number().int().optional(),
  type: z.string(),
  hash: nullableString,
  url: nullableString,
  filename: nullableString,
  mime_type: nullableString,
  size: z.number().optional(),
  width: z.number().nullable().optional(),
  height: z.number().nullable().optional(),
  dpi: z.number().nullable().optional(),
  status: z.string().optional(),
  created: z.number().optional(),
  thumbnail_url: nullableString,
  preview_url: nullableString,
  visible: z.boolean().optional(),
  is_temporary: z.boolean().optional(),
});
export type PrintfulFile = z.infer<typeof printfulFileSchema>;

/** One entry of `GET /store/products`: `variants` and `synced` are counts, not arrays. */
export const printfulSyncProductSchema = z.looseObject({
  id: z.number().int(),
  external_id: nullableString,
  name: z.string(),
  variants: z.number().int().nonnegative(),
  synced: z.number().int().nonnegative(),
  thumbnail_url: nullableString,
  is_ignored: z.boolean().optional(),
  /** Unix seconds of the last change, where the API reports it (the sandbox does). */
  updated: z.number().int().optional(),
  description: nullableString,
});
export type PrintfulSyncProduct = z.infer<typeof printfulSyncProductSchema>;

export const printfulSyncVariantSchema = z.looseObject({
  id: z.number().int(),
  external_id: nullableString,
  sync_product_id: z.number().int(),
  name: z.string(),
  synced: z.boolean().optional(),
  /** The catalog variant id (v2 `catalog_variant_id`); orders need it. */
  variant_id: z.number().int(),
  main_category_id: z.number().int().nullable().optional(),
  warehouse_product_variant_id: z.number().int().nullable().optional(),
  retail_price: z.union([z.string(), z.number()]).nullable().optional(),
  currency: nullableString,
  sku: nullableString,
  is_ignored: z.boolean().optional(),
  /**
   * Not in v1's published SyncVariant (real answers have been seen with them). The sync sets size
   * and colour from the catalog variant (`withCatalogSizesAndColours`) before it stores the raw copy.
   */
  size: nullableString,
  color: nullableString,
  availability_status: nullableString,
  product: z
    .looseObject({
      variant_id: z.number().int().optional(),
      product_id: z.number().int().optional(),
      image: nullableString,
      name: nullableString,
    })
    .optional(),
  files: z.array(printfulFileSchema).default([]),
  options: z.array(z.looseObject({ id: z.string(), value: z.unknown() })).optional(),
});
export type PrintfulSyncVariant = z.infer<typeof printfulSyncVariantSchema>;

/** `GET /store/products/{id}` result. */
export const printfulProductDetailSchema = z.looseObject({
  sync_product: printfulSyncProductSchema,
  sync_variants: z.array(printfulSyncVariantSchema),
});
export type PrintfulProductDetail = z.infer<typeof printfulProductDetailSchema>;

/**
 * v1 `GET /products/{id}` (catalog, reference A2): the blank's variants with Printful's price (the
 * store's cost), size and colour.
 */
export const printfulCatalogProductSchema = z.looseObject({
  product: z.looseObject({ id: z.number().int(), currency: nullableString }),
  variants: z.array(
    z.looseObject({
      id: z.number().int(),
      price: z.union([z.string(), z.number()]),
      /** v1 Variant's size and colour: the sync variant has neither (its published schema lacks them). */
      size: nullableString,
      color: nullableString,
    }),
  ),
});
export type PrintfulCatalogProduct = z.infer<typeof printfulCatalogProductSchema>;

export const productListSchema = z.array(printfulSyncProductSchema);

// ---- Catalog size guide ----

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
