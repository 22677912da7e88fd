import { z } from 'zod';

// The money-path settings (docs/rules.md#money-at-checkout, docs/rules.md#money-and-abuse): the flat-rate table that answers when Printful
// cannot be asked for shipping rates, how large a cart may still pay on it, and whether Stripe adds
// tax.

/**
 * `US=4.99+2.50,*=12.99+3.99`: per destination country (`*` for every other) the first item's and
 * each additional item's price in US dollars. Printful prices shipping per item (a base plus an
 * amount for each further unit), so a per-order price would undercharge any large cart; the
 * defaults sit at or above Printful's standard rate for each zone.
 */
export const DEFAULT_SHIPPING_FLAT_RATES = 'US=4.99+2.50,CA=8.99+2.75,GB=6.99+2.50,AU=9.99+3.00,*=12.99+3.99';

/** Units a cart may hold and still pay on the flat-rate table (above it, the shopper waits for Printful). */
export const DEFAULT_SHIPPING_FALLBACK_MAX_ITEMS = 20;

export interface FlatRate {
  /** The first unit, in US dollars. */
  first: number;
  /** Every further unit, in US dollars. */
  additional: number;
}

export type FlatRateTable = Record<string, FlatRate>;

const PRICE = String.raw`(\d{1,4}(?:\.\d{1,2})?)`;
const ENTRY = new RegExp(String.raw`^([A-Za-z]{2}|\*)\s*=\s*${PRICE}\s*\+\s*${PRICE}$`);

export function parseFlatRates(text: string): FlatRateTable | string {
  const table: FlatRateTable = {};
  for (const entry of text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const match = ENTRY.exec(entry);
    if (!match) return `"${entry}" is not COUNTRY=FIRST+ADDITIONAL (e.g. US=4.99+2.50)`;
    table[match[1].toUpperCase()] = { first: Number(match[2]), additional: Number(match[3]) };
  }
  if (table['*'] === undefined) return 'needs a *=FIRST+ADDITIONAL entry for every other country';
  return table;
}

export const flatRatesSchema = z.preprocess(
  (v) => (v === '' || v === undefined ? DEFAULT_SHIPPING_FLAT_RATES : v),
  z.string().transform((text, ctx) => {
    const table = parseFlatRates(text);
    if (typeof table === 'string') {
      ctx.addIssue({
        code: 'custom',
        message: `expected COUNTRY=FIRST+ADDITIONAL prices separated by commas: ${table}`,
      });
      return z.NEVER;
    }
    return table;
  }),
);

export const fallbackMaxItemsSchema = z.preprocess(
  (v) => (v === '' || v === undefined ? undefined : v),
  z.coerce
    .number({ error: 'expected a whole number of units' })
    .int({ error: 'expected a whole number of units' })
    .min(0, { error: 'expected 0 or more units' })
    .max(10_000)
    .default(DEFAULT_SHIPPING_FALLBACK_MAX_ITEMS),
);

export const booleanFlagSchema = z.preprocess(
  (v) => (v === '' || v === undefined ? 'false' : String(v).toLowerCase()),
  z.enum(['true', 'false'], { error: 'expected true or false' }).transform((v) => v === 'true'),
);

/** The flat shipping price of `units` items to a destination: its own row, else the `*` row. */
export function flatRateFor(table: FlatRateTable, country: string, units: number): number {
  const rate = table[country.toUpperCase()] ?? table['*'];
  const cents = Math.round(rate.first * 100) + Math.round(rate.additional * 100) * Math.max(0, units - 1);
  return cents / 100;
}
