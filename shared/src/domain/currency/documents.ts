import { z } from 'zod';
import { currencyCodeSchema } from './currency-schema.js';
import { exchangeRateSchema } from './rates.js';

// The documents and admin bodies of local prices (docs/rules.md#local-prices).

/** `exchangeRates/{currency}`: the rate that prices sales in that currency. */
export const exchangeRateDocSchema = exchangeRateSchema.extend({
  /** The source's own date for the rate (Frankfurter's `date`), when read from the feed. */
  sourceDate: z.string().nullable().default(null),
});
export type ExchangeRateDoc = z.infer<typeof exchangeRateDocSchema>;

const minorAmount = z.number().int().positive().max(100_000_000);

/**
 * `priceOverrides/{productId}`: prices the studio set by hand for a product, in minor units
 * per currency. The price is the product's (its lowest-priced variant's); dearer variants keep
 * their USD difference, converted.
 */
export const localPriceOverrideDocSchema = z.object({
  productId: z.string().min(1),
  prices: z.partialRecord(currencyCodeSchema, minorAmount),
  updatedAt: z.iso.datetime(),
});
export type LocalPriceOverrideDoc = z.infer<typeof localPriceOverrideDocSchema>;

/** `PUT /api/admin/currency-rates/:currency`: a rate by hand, or `null` to follow the feed again. */
export const setRateBodySchema = z.object({ rate: z.number().positive().max(1_000_000).nullable() });

/** `PUT /api/admin/local-prices/:productId`: the hand-set prices, decimal major units per currency (empty clears). */
export const setLocalPricesBodySchema = z.object({
  prices: z.partialRecord(currencyCodeSchema, z.number().positive().max(1_000_000).nullable()),
});

/** One currency's row on the admin: its rate and age, or why it cannot sell. */
export const adminRateRowSchema = z.object({
  currency: currencyCodeSchema,
  rate: z.number().nullable(),
  asOf: z.string().nullable(),
  source: z.enum(['feed', 'studio']).nullable(),
  ageHours: z.number().nullable(),
  usable: z.boolean(),
});
export type AdminRateRow = z.infer<typeof adminRateRowSchema>;

export const adminRatesResponseSchema = z.object({
  maxAgeHours: z.number(),
  rates: z.array(adminRateRowSchema),
  overrides: z.array(localPriceOverrideDocSchema),
});
export type AdminRatesResponse = z.infer<typeof adminRatesResponseSchema>;

/** `currencyMargins/{currency}`: the variants the margin guard keeps off sale in that currency at its rate. */
export const currencyMarginDocSchema = z.object({
  currency: currencyCodeSchema,
  rate: z.number(),
  checkedAt: z.iso.datetime(),
  variants: z.array(
    z.object({
      currency: currencyCodeSchema,
      productId: z.string(),
      title: z.string(),
      variantId: z.string(),
      price: z.number().int(),
      minimumPrice: z.number().int(),
      costUsd: z.number(),
    }),
  ),
});
export type CurrencyMarginDoc = z.infer<typeof currencyMarginDocSchema>;
