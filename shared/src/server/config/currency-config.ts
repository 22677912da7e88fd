import { z } from 'zod';
import {
  DEFAULT_RATE_MAX_AGE_HOURS,
  DEFAULT_STORE_CURRENCIES,
  isKnownCurrency,
  type CurrencyCode,
} from '../../domain/currency/index.js';

// Local prices' settings (docs/rules.md#local-prices): which currencies are on, where exchange
// rates come from and how often, how old a rate may be before sales in its currency stop, and the
// margin guard's buffer for rate moves.

/** The local rates sandbox's answer to Frankfurter's `/v1/latest?base=USD` (tests/sandbox/rates). */
export const RATES_SANDBOX_URL = 'http://127.0.0.1:3103/v1/latest?base=USD';
/** Where production reads rates: Frankfurter, the European Central Bank's daily reference rates. */
export const RATES_LIVE_URL = 'https://api.frankfurter.dev/v1/latest?base=USD';

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

/** `USD,EUR,GBP`: USD always included, every other one a known currency. */
export const storeCurrenciesSchema = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .default(DEFAULT_STORE_CURRENCIES.join(','))
    .transform((text, ctx): CurrencyCode[] => {
      const codes = text
        .split(',')
        .map((c) => c.trim().toUpperCase())
        .filter(Boolean);
      const unknown = codes.filter((c) => !isKnownCurrency(c));
      if (unknown.length > 0) {
        ctx.addIssue({ code: 'custom', message: `unknown currency ${unknown.join(', ')}; expected e.g. USD,EUR,GBP` });
        return z.NEVER;
      }
      return ['USD', ...new Set(codes.filter((c): c is CurrencyCode => isKnownCurrency(c) && c !== 'USD'))];
    }),
);

export const currencyConfigShape = {
  STORE_CURRENCIES: storeCurrenciesSchema,
  // Unset: the local rates sandbox (see withDerivedDefaults); production names its source.
  CURRENCY_RATES_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ error: 'expected a URL such as https://api.frankfurter.dev/v1/latest?base=USD' }).optional(),
  ),
  CURRENCY_RATES_SCHEDULE: z.preprocess(emptyAsUndefined, z.string().default('10 * * * *')),
  CURRENCY_RATE_MAX_AGE_HOURS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'expected a number' })
      .positive()
      .max(24 * 30)
      .default(DEFAULT_RATE_MAX_AGE_HOURS),
  ),
  CURRENCY_MARGIN_BUFFER_PERCENT: z.preprocess(
    emptyAsUndefined,
    z.coerce.number({ error: 'expected a number' }).min(0).max(50).default(3),
  ),
};
