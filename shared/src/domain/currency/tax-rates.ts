import { CURRENCIES, type CurrencyCode } from './currencies.js';

// Standard VAT/GST rates, in percent, of the countries where a price shown to a consumer must
// include the tax (EU, UK, Australia; Japan for its yen prices). Standard rates as of late 2026
// (the European Commission's VAT rates database; HMRC; the ATO). Reduced rates do not apply to
// merch such as clothing, mugs and caps, except where Stripe Tax says otherwise at checkout.

export const VAT_RATES: Readonly<Record<string, number>> = {
  AT: 20,
  BE: 21,
  BG: 20,
  HR: 25,
  CY: 19,
  CZ: 21,
  DK: 25,
  EE: 24,
  FI: 25.5,
  FR: 20,
  DE: 19,
  GR: 24,
  HU: 27,
  IE: 23,
  IT: 22,
  LV: 21,
  LT: 21,
  LU: 17,
  MT: 18,
  NL: 21,
  PL: 23,
  PT: 23,
  RO: 21,
  SK: 23,
  SI: 22,
  ES: 21,
  SE: 25,
  GB: 20,
  AU: 10,
  JP: 10,
};

/** The tax rate (percent) a shown price includes for a shopper in this country; 0 where prices exclude it. */
export function includedTaxRate(country: string | null | undefined): number {
  if (!country) return 0;
  return VAT_RATES[country.toUpperCase()] ?? 0;
}

/**
 * The rate built into a currency's shown prices: that of its price country (Ireland for the euro),
 * 0 for a currency shown before tax.
 */
export function priceTaxRate(currency: CurrencyCode): number {
  const info = CURRENCIES[currency];
  return info.taxInclusive ? includedTaxRate(info.priceCountry) : 0;
}

/**
 * The highest rate any country paying in this currency takes out of its price: what the margin
 * guard assumes, so a sale is above cost whichever of those countries the parcel goes to.
 */
export function highestTaxRate(currency: CurrencyCode): number {
  const info = CURRENCIES[currency];
  if (!info.taxInclusive) return 0;
  return Math.max(0, ...info.countries.map((c) => includedTaxRate(c)));
}
