import { CURRENCIES, isKnownCurrency } from '@shop/shared/domain/currency';

/**
 * What an order's tax line is called: "VAT included" where the prices had it inside (EUR, GBP,
 * AUD: docs/rules.md#local-prices), else "Tax", which was added on top.
 */
export function taxLabel(currency: string): string {
  const info = isKnownCurrency(currency) ? CURRENCIES[currency] : null;
  return info?.taxInclusive ? `${info.taxName} included` : 'Tax';
}
