import { STORE_CURRENCY, minorPerMajor, type CurrencyCode } from './currencies.js';
import { highestTaxRate } from './tax-rates.js';

// The margin guard in every currency (docs/rules.md#local-prices): a price in a shopper's
// currency is on sale only when what the studio keeps of it, in US dollars, covers Printful's USD
// cost plus the minimum margin. What it keeps: the price less the highest VAT/GST any country of
// that currency takes out of it, converted back at the rate, less a safety buffer for the rate
// moving between the sale and Stripe's settlement.

export interface CurrencyMarginInput {
  /** The price in the currency, minor units. */
  priceMinor: number;
  currency: CurrencyCode;
  /** Units of the currency per US dollar. */
  rate: number;
  /** Printful's cost in US dollars. */
  costUsd: number;
  minMarginPercent: number;
  /** Percent of the converted price set aside for the rate moving (0 for USD). */
  bufferPercent: number;
}

/** The lowest price (minor units, rounded up) the guard accepts in the currency. */
export function minimumLocalPrice(input: Omit<CurrencyMarginInput, 'priceMinor'>): number {
  const { currency, rate, costUsd, minMarginPercent, bufferPercent } = input;
  const floorUsd = costUsd * (1 + minMarginPercent / 100);
  if (currency === STORE_CURRENCY) return Math.ceil(Number((floorUsd * 100).toFixed(6)));
  const buffer = 1 - bufferPercent / 100;
  if (buffer <= 0 || rate <= 0) return Number.POSITIVE_INFINITY;
  const major = (floorUsd / buffer) * rate * (1 + highestTaxRate(currency) / 100);
  return Math.ceil(Number((major * minorPerMajor(currency)).toFixed(6)));
}

/** Whether the price keeps the margin in its currency at this rate. */
export function keepsMargin(input: CurrencyMarginInput): boolean {
  return input.priceMinor >= minimumLocalPrice(input);
}
