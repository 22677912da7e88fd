import { z } from 'zod';

// Printful v1 order shapes (docs/providers.md#printful-orders): what the client sends to create or
// change an order, and the order it reads back.

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
