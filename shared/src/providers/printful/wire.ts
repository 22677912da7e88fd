import { z } from 'zod';

// Every Printful v1 wire shape in one file (docs/providers.md#printful-api,
// docs/providers.md#printful-shipping-rates, docs/providers.md#printful-orders): what the client reads and sends, what the sync stores
// raw (`printfulProducts`), and the webhook deliveries the API receives. It imports nothing but
// zod, so the product rules and the browser may import it without pulling in server code (lint
// keeps it that way). Objects are loose: Printful adds fields over time and the stored raw copy
// should keep them. Only what the store cannot do without is required (ids, names, the catalog
// variant id an order needs); everything the normaliser has a default for is optional.

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

/** v1 `GET /products/{id}` (catalog, reference A2): the blank's variants with Printful's price, the store's cost. */
export const printfulCatalogProductSchema = z.looseObject({
  product: z.looseObject({ id: z.number().int(), currency: nullableString }),
  variants: z.array(
    z.looseObject({
      id: z.number().int(),
      price: z.union([z.string(), z.number()]),
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

// ---- Envelopes, orders and shipping rates ----

export const pagingSchema = z.looseObject({
  total: z.number().int().nonnegative(),
  offset: z.number().int().nonnegative(),
  limit: z.number().int().positive(),
});
export type Paging = z.infer<typeof pagingSchema>;

export function envelopeSchema<T extends z.ZodType>(result: T) {
  return z.looseObject({ code: z.number().int(), result, paging: pagingSchema.optional() });
}

/** `{code, result, error:{reason, message}}`; parsed tolerantly, only for the message. */
export const errorEnvelopeSchema = z.looseObject({
  code: z.number().optional(),
  result: z.unknown().optional(),
  error: z.looseObject({ reason: z.string().optional(), message: z.string().optional() }).optional(),
});

export const PRINTFUL_EXTERNAL_ID = /^[0-9A-Za-z_-]{1,32}$/;

export const printfulRecipientSchema = z.object({
  name: z.string().min(1),
  address1: z.string().min(1),
  address2: z.string().optional(),
  city: z.string().min(1),
  state_code: z.string().optional(),
  country_code: z.string().length(2),
  /** Optional in Printful's published Address schema; left out where the country has no mandatory postcode. */
  zip: z.string().min(1).optional(),
  phone: z.string().optional(),
  email: z.string().optional(),
});

export const printfulOrderItemSchema = z
  .object({
    sync_variant_id: z.number().int().optional(),
    external_variant_id: z.string().optional(),
    variant_id: z.number().int().optional(),
    quantity: z.number().int().min(1),
    retail_price: z
      .string()
      .regex(/^\d+(\.\d{1,2})?$/)
      .optional(),
    name: z.string().optional(),
    external_id: z.string().optional(),
  })
  .refine((i) => i.sync_variant_id !== undefined || i.external_variant_id !== undefined || i.variant_id !== undefined, {
    message: 'an item needs sync_variant_id, external_variant_id or variant_id',
  });

/** v1 `PackingSlip`: what the packing slip of this order says instead of the store's defaults. */
export const printfulPackingSlipSchema = z.strictObject({
  email: z.string().optional(),
  phone: z.string().optional(),
  message: z.string().optional(),
  logo_url: z.string().optional(),
  store_name: z.string().optional(),
  custom_order_id: z.string().optional(),
});
export type PrintfulPackingSlip = z.infer<typeof printfulPackingSlipSchema>;

export const printfulOrderInputSchema = z.object({
  external_id: z.string().regex(PRINTFUL_EXTERNAL_ID, 'at most 32 of [0-9A-Za-z_-]').optional(),
  shipping: z.string().optional(),
  recipient: printfulRecipientSchema,
  items: z.array(printfulOrderItemSchema).min(1),
  retail_costs: z.record(z.string(), z.string()).optional(),
  packing_slip: printfulPackingSlipSchema.optional(),
});
export type PrintfulOrderInput = z.input<typeof printfulOrderInputSchema>;

/**
 * v1 `PUT /orders/{id}` on a draft: only the fields given change. Given `items` replace the draft's
 * (a line without the id of an existing item is new, an existing one left out is deleted).
 */
export const printfulOrderUpdateSchema = printfulOrderInputSchema
  .pick({ shipping: true, recipient: true, items: true })
  .partial();
export type PrintfulOrderUpdate = z.input<typeof printfulOrderUpdateSchema>;

export const PRINTFUL_ORDER_STATUSES = [
  'draft',
  'pending',
  'failed',
  'canceled',
  'inprocess',
  'onhold',
  'partial',
  'fulfilled',
  'archived',
] as const;

export const printfulOrderSchema = z.looseObject({
  id: z.number().int(),
  external_id: z.string().nullable().optional(),
  /** One of PRINTFUL_ORDER_STATUSES; kept open so a new status does not break order reads. */
  status: z.string(),
  shipping: z.string().optional(),
  created: z.number().optional(),
  updated: z.number().optional(),
  recipient: z.looseObject({}).optional(),
  items: z.array(z.looseObject({})).optional(),
  costs: z.looseObject({}).optional(),
  retail_costs: z.looseObject({}).nullable().optional(),
  shipments: z.array(z.looseObject({})).optional(),
  dashboard_url: z.string().optional(),
});
export type PrintfulOrder = z.infer<typeof printfulOrderSchema>;

/** v1 `POST /shipping/rates` (docs/providers.md#printful-shipping-rates); state_code is needed for US, CA and AU. */
export const printfulShippingRatesInputSchema = z.object({
  recipient: z.object({
    country_code: z.string().length(2),
    state_code: z.string().min(1).optional(),
    zip: z.string().min(1).optional(),
    address1: z.string().optional(),
    city: z.string().optional(),
  }),
  items: z
    .array(
      z
        .object({
          variant_id: z.union([z.number().int(), z.string()]).optional(),
          external_variant_id: z.string().optional(),
          quantity: z.number().int().min(1),
          value: z.string().optional(),
        })
        .refine((i) => i.variant_id !== undefined || i.external_variant_id !== undefined, {
          message: 'an item needs variant_id or external_variant_id',
        }),
    )
    .min(1),
  currency: z.string().length(3).optional(),
  locale: z.enum(['en_US', 'es_ES']).optional(),
});
export type PrintfulShippingRatesInput = z.input<typeof printfulShippingRatesInputSchema>;

/** One `ShippingInfo`: the delivery fields may be missing, and dates come as strings or numbers. */
export const printfulShippingRateSchema = z.looseObject({
  id: z.string().min(1),
  name: z.string(),
  rate: z.string().regex(/^\d+(\.\d+)?$/),
  currency: z.string(),
  minDeliveryDays: z.number().int().nullish(),
  maxDeliveryDays: z.number().int().nullish(),
  minDeliveryDate: z.union([z.string(), z.number()]).nullish(),
  maxDeliveryDate: z.union([z.string(), z.number()]).nullish(),
});
export type PrintfulShippingRate = z.infer<typeof printfulShippingRateSchema>;
export const printfulShippingRatesSchema = z.array(printfulShippingRateSchema);

// ---- Webhook deliveries: the data inside is a hint only; orders and products are read again ----

/** A Printful v1 webhook delivery (unsigned: the route carries a secret token). */
export const printfulWebhookSchema = z.object({
  type: z.string().min(1).max(100),
  created: z.number().int().nonnegative(),
  retries: z.number().int().nonnegative(),
  store: z.number().int().nullable(),
  data: z.record(z.string(), z.unknown()),
});
export type PrintfulWebhook = z.infer<typeof printfulWebhookSchema>;

/** `product_synced`, `product_updated` and `product_deleted`: only the product id is used. */
export const printfulProductEventDataSchema = z.object({
  sync_product: z.looseObject({ id: z.number().int().positive() }),
});

/** v1 `POST /webhooks` body and answer: one URL per store and the event types sent to it. */
export const printfulWebhookConfigSchema = z.looseObject({
  url: z.url(),
  types: z.array(z.string().min(1)).min(1),
  params: z.record(z.string(), z.unknown()).optional(),
});
export type PrintfulWebhookConfig = z.infer<typeof printfulWebhookConfigSchema>;
/** v1 `GET /webhooks`: the same, with no URL while nothing is registered. */
export const printfulWebhookReadSchema = z.looseObject({
  url: z.string().nullable(),
  types: z.array(z.string()),
});
