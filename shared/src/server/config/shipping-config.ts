import { z } from 'zod';

// The money-path settings (DESIGN.md 12.1): the flat-rate table that answers when Printful cannot
// be asked for shipping rates, and whether Stripe adds tax.

/** `US=4.99,CA=8.99,*=12.99`: a price in US dollars per destination country, `*` for every other. */
export const DEFAULT_SHIPPING_FLAT_RATES = 'US=4.99,CA=8.99,GB=6.99,AU=9.99,*=12.99';

export type FlatRateTable = Record<string, number>;

export function parseFlatRates(text: string): FlatRateTable | string {
  const table: FlatRateTable = {};
  for (const entry of text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const match = /^([A-Za-z]{2}|\*)\s*=\s*(\d{1,4}(?:\.\d{1,2})?)$/.exec(entry);
    if (!match) return `"${entry}" is not COUNTRY=PRICE (e.g. US=4.99)`;
    table[match[1].toUpperCase()] = Number(match[2]);
  }
  if (table['*'] === undefined) return 'needs a *=PRICE entry for every other country';
  return table;
}

export const flatRatesSchema = z.preprocess(
  (v) => (v === '' || v === undefined ? DEFAULT_SHIPPING_FLAT_RATES : v),
  z.string().transform((text, ctx) => {
    const table = parseFlatRates(text);
    if (typeof table === 'string') {
      ctx.addIssue({ code: 'custom', message: `expected COUNTRY=PRICE pairs separated by commas: ${table}` });
      return z.NEVER;
    }
    return table;
  }),
);

export const booleanFlagSchema = z.preprocess(
  (v) => (v === '' || v === undefined ? 'false' : String(v).toLowerCase()),
  z.enum(['true', 'false'], { error: 'expected true or false' }).transform((v) => v === 'true'),
);

/** The flat price for a destination: its own row, else the `*` row. */
export function flatRateFor(table: FlatRateTable, country: string): number {
  return table[country.toUpperCase()] ?? table['*'];
}
