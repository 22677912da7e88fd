import { z } from 'zod';
import { STORE_CURRENCY, type CurrencyCode } from '../../domain/currency/index.js';

// Reading exchange rates from the configured source (docs/rules.md#local-prices). The source
// answers in Frankfurter's shape, the European Central Bank's reference rates per US dollar:
// `{"amount":1,"base":"USD","date":"2026-11-27","rates":{"EUR":0.9234,...}}`. Anything else
// (another base, a rate that is not a positive number, a missing currency) is not a rate.

export const ratesFeedSchema = z.object({
  base: z.literal(STORE_CURRENCY),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  rates: z.record(z.string(), z.number().positive().finite()),
});
export type RatesFeed = z.infer<typeof ratesFeedSchema>;

/** How long one read may take before the last good rates are kept instead. */
export const RATES_FEED_TIMEOUT_MS = 10_000;

export class RatesFeedError extends Error {
  override name = 'RatesFeedError';
}

/** Reads the feed; throws RatesFeedError when it cannot be read or is not a rate table. */
export async function readRatesFeed(url: string, fetchImpl: typeof fetch = fetch): Promise<RatesFeed> {
  let body: unknown;
  try {
    const response = await fetchImpl(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(RATES_FEED_TIMEOUT_MS),
    });
    if (!response.ok) throw new RatesFeedError(`the rates source answered ${response.status}`);
    body = await response.json();
  } catch (e) {
    if (e instanceof RatesFeedError) throw e;
    throw new RatesFeedError(`the rates source could not be read: ${(e as Error).message}`);
  }
  const parsed = ratesFeedSchema.safeParse(body);
  if (!parsed.success) throw new RatesFeedError(`the rates source answered something else: ${parsed.error.message}`);
  return parsed.data;
}

/** The feed's rate for each wanted currency it names. */
export function feedRatesFor(feed: RatesFeed, wanted: readonly CurrencyCode[]): Map<CurrencyCode, number> {
  const out = new Map<CurrencyCode, number>();
  for (const currency of wanted) {
    const rate = feed.rates[currency];
    if (currency !== STORE_CURRENCY && rate !== undefined) out.set(currency, rate);
  }
  return out;
}
