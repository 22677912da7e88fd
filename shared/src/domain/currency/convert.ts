import { CURRENCIES, STORE_CURRENCY, isKnownCurrency, minorPerMajor, type CurrencyCode } from './currencies.js';
import { priceTaxRate } from './tax-rates.js';

// Converting the store's US-dollar amounts into a shopper's currency (docs/rules.md#local-prices).
// A rate is units of the currency per US dollar (0.92 EUR per USD). Amounts are integers in minor
// units both ways, as Stripe takes them.

/** A price converted exactly to the currency's minor unit: what shipping and amounts off use. */
export function convertAmount(usdCents: number, rate: number, currency: CurrencyCode, taxRatePercent = 0): number {
  if (currency === STORE_CURRENCY) return Math.round(usdCents);
  const major = (usdCents / 100) * rate * (1 + taxRatePercent / 100);
  // Rounding the float to 6 places first keeps 19.999999999 from becoming 19.99 below.
  return Math.round(Number((major * minorPerMajor(currency)).toFixed(6)));
}

/**
 * An amount (minor units) moved to the nearest price point of its currency: x.99, x.00, or whole
 * hundreds for a zero-decimal currency. A tie goes up. Never below one price point.
 */
export function toPricePoint(amountMinor: number, currency: CurrencyCode): number {
  const info = CURRENCIES[currency];
  const unit = minorPerMajor(currency);
  switch (info.pricePoint) {
    case 'ninety-nine': {
      // x.99 is one cent under a whole unit: round (amount + 1 cent) to whole units, then take the cent off.
      const whole = Math.max(1, Math.round((amountMinor + 1) / unit));
      return whole * unit - 1;
    }
    case 'whole':
      return Math.max(1, Math.round(amountMinor / unit)) * unit;
    case 'hundreds':
      return Math.max(1, Math.round(amountMinor / 100)) * 100;
  }
}

/**
 * A product's shelf price in the currency: its USD price (cents) converted at the rate, with the
 * currency's included tax added where prices include it, moved to the nearest price point. USD
 * prices are returned as they are: the studio set them.
 */
export function localPrice(usdCents: number, rate: number, currency: CurrencyCode): number {
  if (currency === STORE_CURRENCY) return Math.round(usdCents);
  return toPricePoint(convertAmount(usdCents, rate, currency, priceTaxRate(currency)), currency);
}

/** Shipping in the currency: converted at the same rate, tax added where prices include it, to the minor unit. */
export function localShipping(usdCents: number, rate: number, currency: CurrencyCode): number {
  return convertAmount(usdCents, rate, currency, priceTaxRate(currency));
}

/** A minor-unit amount as a decimal number of major units (2499 -> 24.99; JPY 2500 -> 2500). */
export function toMajor(amountMinor: number, currency: CurrencyCode): number {
  return amountMinor / minorPerMajor(currency);
}

/** A major-unit amount as minor units (24.99 -> 2499), rounded to the unit. */
export function toMinor(amountMajor: number, currency: CurrencyCode): number {
  return Math.round(Number((amountMajor * minorPerMajor(currency)).toFixed(6)));
}

/** A minor-unit amount written for a shopper in the currency (en locale unless given): "€25.00", "£24.99", "CA$34.99", "¥2,500". */
export function formatMoney(amountMinor: number, currency: CurrencyCode, locale = 'en'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'symbol' }).format(
    toMajor(amountMinor, currency),
  );
}

/**
 * A Stripe amount (minor units, with Stripe's lower-case currency code) in major units: a refund
 * or a dispute in the currency the order was paid in. An unknown or absent currency reads as cents.
 */
export function stripeAmountToMajor(amountMinor: number, stripeCurrency: string | null | undefined): number {
  const code = (stripeCurrency ?? 'usd').toUpperCase();
  return isKnownCurrency(code) ? toMajor(amountMinor, code) : amountMinor / 100;
}
