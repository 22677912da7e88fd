import { z } from 'zod';

// Printful v1 shipping-rate shapes (docs/providers.md#printful-shipping-rates).

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
