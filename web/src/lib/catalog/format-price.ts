import { FALLBACK_CURRENCY } from '@shop/shared';

const formatters = new Map<string, Intl.NumberFormat>();

/** A price as the shopper reads it, e.g. "$24.99". */
export function formatPrice(amount: number, currency: string = FALLBACK_CURRENCY): string {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    formatters.set(currency, formatter);
  }
  return formatter.format(amount);
}
