import { z } from 'zod';
import type { CurrencyCode } from './currencies.js';
import { currencyCodeSchema } from './currency-schema.js';

// Exchange rates (docs/rules.md#local-prices): units of a currency per US dollar, as the scheduled
// refresh last read them from the source or as the studio set them by hand. A rate older than the
// bound stops sales in its currency rather than guessing.

export const exchangeRateSchema = z.object({
  currency: currencyCodeSchema,
  /** Units of the currency per US dollar. */
  rate: z.number().positive().max(1_000_000),
  /** When the rate was read from the source, or set by the studio (ISO time). */
  asOf: z.iso.datetime(),
  source: z.enum(['feed', 'studio']),
});
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;

/** Hours a rate stays usable when `CURRENCY_RATE_MAX_AGE_HOURS` is unset: two missed daily refreshes. */
export const DEFAULT_RATE_MAX_AGE_HOURS = 48;

/** Hours since the rate's time (never negative). */
export function rateAgeHours(rate: Pick<ExchangeRate, 'asOf'>, now: Date): number {
  return Math.max(0, (now.getTime() - Date.parse(rate.asOf)) / 3_600_000);
}

/** Whether a rate may still price a sale: known and not older than the bound. */
export function isRateUsable(
  rate: Pick<ExchangeRate, 'asOf'> | null | undefined,
  now: Date,
  maxAgeHours: number,
): boolean {
  return rate != null && rateAgeHours(rate, now) <= maxAgeHours;
}

/** Why a currency cannot be sold in, or null when it can. USD always can. */
export function currencyBlock(
  currency: CurrencyCode,
  rate: Pick<ExchangeRate, 'asOf'> | null | undefined,
  now: Date,
  maxAgeHours: number,
): 'no-rate' | 'stale-rate' | null {
  if (currency === 'USD') return null;
  if (rate == null) return 'no-rate';
  return isRateUsable(rate, now, maxAgeHours) ? null : 'stale-rate';
}
