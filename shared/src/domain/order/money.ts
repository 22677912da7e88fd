import { roundToCents } from '../cart/cart-totals.js';

// Stripe amounts are integers in the currency's minor unit (cents for USD); the catalogue and the
// cart keep dollars as numbers.

export function toMinorUnits(amount: number): number {
  return Math.round(roundToCents(amount) * 100);
}

export function fromMinorUnits(minor: number): number {
  return roundToCents(minor / 100);
}
