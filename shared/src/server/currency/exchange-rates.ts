import { STORE_CURRENCY, currencyBlock, rateAgeHours, type CurrencyCode } from '../../domain/currency/index.js';
import { COLLECTIONS, type AppCollection } from '../collections/registry.js';
import { getReadableDoc, queryDocs } from '../collections/collection-reads.js';
import type { DocumentStore } from '../store/document-store.js';
import type { AdminRateRow, ExchangeRateDoc } from '../../domain/currency/documents.js';
import { feedRatesFor, readRatesFeed } from './rates-feed.js';

// The exchange rates the store prices with (docs/rules.md#local-prices): read, refreshed from
// the feed (keeping the last good rates when it fails) and set by the studio.

type Store = DocumentStore<AppCollection>;

/** Every stored rate by currency. */
export async function readRates(store: Store): Promise<Map<CurrencyCode, ExchangeRateDoc>> {
  const { docs } = await queryDocs(store, COLLECTIONS.exchangeRates, { limit: 100 });
  return new Map(docs.map((doc) => [doc.data.currency, doc.data]));
}

export async function readRate(store: Store, currency: CurrencyCode): Promise<ExchangeRateDoc | null> {
  return getReadableDoc(store, COLLECTIONS.exchangeRates, currency);
}

export interface RefreshResult {
  /** Currencies whose rate the feed renewed. */
  updated: CurrencyCode[];
  /** Currencies the studio holds by hand, left alone. */
  heldByStudio: CurrencyCode[];
  /** Currencies the feed did not name; their last rate stays. */
  missing: CurrencyCode[];
}

/**
 * Reads the feed and stores its rates for the enabled currencies, except those the studio set by
 * hand. Throws (RatesFeedError) without writing anything when the feed cannot be read, so the
 * last good rates stay.
 */
export async function refreshRates(
  store: Store,
  options: { url: string; currencies: readonly CurrencyCode[]; now?: Date; fetchImpl?: typeof fetch },
): Promise<RefreshResult> {
  const now = options.now ?? new Date();
  const wanted = options.currencies.filter((c) => c !== STORE_CURRENCY);
  const feed = await readRatesFeed(options.url, options.fetchImpl);
  const fromFeed = feedRatesFor(feed, wanted);
  const stored = await readRates(store);
  const result: RefreshResult = { updated: [], heldByStudio: [], missing: [] };
  for (const currency of wanted) {
    const rate = fromFeed.get(currency);
    if (rate === undefined) result.missing.push(currency);
    else if (stored.get(currency)?.source === 'studio') result.heldByStudio.push(currency);
    else {
      const doc: ExchangeRateDoc = { currency, rate, asOf: now.toISOString(), source: 'feed', sourceDate: feed.date };
      await store.set(COLLECTIONS.exchangeRates, currency, doc);
      result.updated.push(currency);
    }
  }
  return result;
}

/**
 * The studio's own rate for a currency, held until it hands the currency back to the feed
 * (`rate: null`), which keeps the current rate as the feed's until the next refresh renews it.
 */
export async function setStudioRate(store: Store, currency: CurrencyCode, rate: number | null, now = new Date()) {
  if (rate === null) {
    const current = await readRate(store, currency);
    if (current) await store.set(COLLECTIONS.exchangeRates, currency, { ...current, source: 'feed' });
    return;
  }
  const doc: ExchangeRateDoc = { currency, rate, asOf: now.toISOString(), source: 'studio', sourceDate: null };
  await store.set(COLLECTIONS.exchangeRates, currency, doc);
}

/** The admin's rows: each enabled currency but USD, with its rate, age and whether it sells. */
export function rateRows(
  rates: ReadonlyMap<CurrencyCode, ExchangeRateDoc>,
  currencies: readonly CurrencyCode[],
  now: Date,
  maxAgeHours: number,
): AdminRateRow[] {
  return currencies
    .filter((c) => c !== STORE_CURRENCY)
    .map((currency) => {
      const rate = rates.get(currency) ?? null;
      return {
        currency,
        rate: rate?.rate ?? null,
        asOf: rate?.asOf ?? null,
        source: rate?.source ?? null,
        ageHours: rate ? Math.round(rateAgeHours(rate, now) * 10) / 10 : null,
        usable: currencyBlock(currency, rate, now, maxAgeHours) === null,
      };
    });
}
