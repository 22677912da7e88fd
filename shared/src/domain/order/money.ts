import { roundToCents } from '../cart/cart-totals.js';

// Stripe amounts are integers in the currency's minor unit (cents for USD); the catalogue and the
// cart keep dollars as numbers.

export function toMinorUnits(amount: number): number {
  return Math.round(roundToCents(amount) * 100);
}

export function fromMinorUnits(minor: number): number {
  return roundToCents(minor / 100);
}

/**
 * An order's amounts (paid in another currency) in US dollars at the rate it was priced at
 * (units per USD), to the cent: what the sales report adds up (docs/rules.md#local-prices).
 */
export function usdEquivalent<A extends { currency: string } & Record<string, number | string | undefined>>(
  amounts: A,
  rate: number,
): A & { currency: 'USD' } {
  const out: Record<string, number | string | undefined> = {};
  for (const [key, value] of Object.entries(amounts))
    out[key] = typeof value === 'number' ? roundToCents(value / rate) : value;
  return { ...(out as A), currency: 'USD' };
}
