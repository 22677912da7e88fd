import { KNOWN_CURRENCIES, type CurrencyCode } from '../../constants/currency-codes.js';

// The currencies the store can price in (docs/rules.md#local-prices). USD is the store's own:
// product prices are set in it and Printful's costs come in it; the others are converted from it.
// `STORE_CURRENCIES` switches them on. Each row holds what Stripe asks of amounts in that currency
// (docs.stripe.com/currencies): the minor unit (zero-decimal currencies such as JPY have none), the
// smallest amount a Checkout Session may charge, and the price point a shopper there expects.

export const STORE_CURRENCY = 'USD';

export { KNOWN_CURRENCIES, type CurrencyCode } from '../../constants/currency-codes.js';

/** `STORE_CURRENCIES` when unset: the store's own and those of Dublin, London, Toronto and Sydney. */
export const DEFAULT_STORE_CURRENCIES: readonly CurrencyCode[] = ['USD', 'EUR', 'GBP', 'CAD', 'AUD'];

/**
 * How a converted price is rounded: `x.99` (24.99), whole units (`x.00`, 25.00) or, for a
 * zero-decimal currency, whole hundreds (2,500).
 */
export type PricePoint = 'ninety-nine' | 'whole' | 'hundreds';

export interface CurrencyInfo {
  code: CurrencyCode;
  /** Digits after the decimal point in Stripe's amounts: 2 (cents), or 0 for a zero-decimal currency. */
  decimals: 0 | 2;
  /** Stripe's minimum charge, in minor units. */
  stripeMinimum: number;
  pricePoint: PricePoint;
  /** Whether a price shown in it includes the sales tax (VAT/GST), as the law asks there. */
  taxInclusive: boolean;
  /** The country whose VAT/GST rate is built into the shown price (see tax-rates.ts). */
  priceCountry: string;
  /** What the footer calls the tax it includes. */
  taxName: 'VAT' | 'GST' | 'sales tax';
  /** Countries that pay in it; a shopper from elsewhere is guessed USD. */
  countries: readonly string[];
}

const EUROZONE = [
  'AT',
  'BE',
  'HR',
  'CY',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PT',
  'SK',
  'SI',
  'ES',
] as const;

export const CURRENCIES: Readonly<Record<CurrencyCode, CurrencyInfo>> = {
  USD: {
    code: 'USD',
    decimals: 2,
    stripeMinimum: 50,
    pricePoint: 'ninety-nine',
    taxInclusive: false,
    priceCountry: 'US',
    taxName: 'sales tax',
    countries: ['US'],
  },
  // The euro price is set with Ireland's VAT inside (the store's reference euro market); Stripe takes
  // the destination's own rate out of that same price, so every euro shopper pays what they saw.
  EUR: {
    code: 'EUR',
    decimals: 2,
    stripeMinimum: 50,
    pricePoint: 'whole',
    taxInclusive: true,
    priceCountry: 'IE',
    taxName: 'VAT',
    countries: EUROZONE,
  },
  GBP: {
    code: 'GBP',
    decimals: 2,
    stripeMinimum: 30,
    pricePoint: 'ninety-nine',
    taxInclusive: true,
    priceCountry: 'GB',
    taxName: 'VAT',
    countries: ['GB'],
  },
  // Canadian prices are shown before GST/HST, as Canadian shops do; Stripe adds it at checkout.
  CAD: {
    code: 'CAD',
    decimals: 2,
    stripeMinimum: 50,
    pricePoint: 'ninety-nine',
    taxInclusive: false,
    priceCountry: 'CA',
    taxName: 'sales tax',
    countries: ['CA'],
  },
  AUD: {
    code: 'AUD',
    decimals: 2,
    stripeMinimum: 50,
    pricePoint: 'ninety-nine',
    taxInclusive: true,
    priceCountry: 'AU',
    taxName: 'GST',
    countries: ['AU'],
  },
  // Not on by default: here so zero-decimal amounts are handled (and tested) before a studio needs them.
  JPY: {
    code: 'JPY',
    decimals: 0,
    stripeMinimum: 50,
    pricePoint: 'hundreds',
    taxInclusive: true,
    priceCountry: 'JP',
    taxName: 'sales tax',
    countries: ['JP'],
  },
};

export function isKnownCurrency(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && (KNOWN_CURRENCIES as readonly string[]).includes(value);
}

/**
 * Reads a currency a shopper or a link names (`?currency=eur`, the cookie): one of the enabled
 * currencies, case ignored, else null (the caller falls back to the guess, then USD).
 */
export function parseCurrency(value: unknown, enabled: readonly CurrencyCode[]): CurrencyCode | null {
  if (typeof value !== 'string') return null;
  const code = value.trim().toUpperCase();
  return isKnownCurrency(code) && enabled.includes(code) ? code : null;
}

/** Minor units per major unit: 100 for cents, 1 for a zero-decimal currency. */
export function minorPerMajor(currency: CurrencyCode): number {
  return 10 ** CURRENCIES[currency].decimals;
}

/** Whether an amount (minor units) reaches Stripe's minimum charge in its currency. */
export function meetsStripeMinimum(currency: CurrencyCode, amountMinor: number): boolean {
  return amountMinor >= CURRENCIES[currency].stripeMinimum;
}
