import { z } from 'zod';
import { printfulProductDetailSchema, printfulSyncProductSchema } from '../../domain/product/index.js';

// Printful v1 wire shapes the client reads and sends (reference/providers.md 1.1, 1.7). Product
// shapes live in shared (the API reads the stored raw copies too); envelopes and orders are here.
export { printfulProductDetailSchema, printfulSyncProductSchema };
export type { PrintfulProductDetail, PrintfulSyncProduct } from '../../domain/product/index.js';

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

export const productListSchema = z.array(printfulSyncProductSchema);

export const PRINTFUL_EXTERNAL_ID = /^[0-9A-Za-z_-]{1,32}$/;

export const printfulRecipientSchema = z.object({
  name: z.string().min(1),
  address1: z.string().min(1),
  address2: z.string().optional(),
  city: z.string().min(1),
  state_code: z.string().optional(),
  country_code: z.string().length(2),
  zip: z.string().min(1),
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

export const printfulOrderInputSchema = z.object({
  external_id: z.string().regex(PRINTFUL_EXTERNAL_ID, 'at most 32 of [0-9A-Za-z_-]').optional(),
  shipping: z.string().optional(),
  recipient: printfulRecipientSchema,
  items: z.array(printfulOrderItemSchema).min(1),
  retail_costs: z.record(z.string(), z.string()).optional(),
});
export type PrintfulOrderInput = z.input<typeof printfulOrderInputSchema>;

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

/** v1 `POST /shipping/rates` (reference/providers-commerce.md A1); state_code is needed for US, CA and AU. */
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
