import { AppError, MESSAGES } from '@shop/shared';
import {
  CURRENCIES,
  CURRENCY_NAMES,
  STORE_CURRENCY,
  currencyBlock,
  toMinor,
  type LocalPricing,
  type AdminRatesResponse,
  type CurrencyCode,
  type LocalPriceOverrideDoc,
} from '@shop/shared/domain/currency';
import { COLLECTIONS, queryDocs, type AppCollection } from '@shop/shared/server/collections';
import type { Config } from '@shop/shared/server/config';
import {
  RatesFeedError,
  offSaleIn,
  rateRows,
  readRate,
  readRates,
  refreshRates,
  setStudioRate,
} from '@shop/shared/server/currency';
import type { DocumentStore } from '@shop/shared/server/store';

// Exchange rates and hand-set prices for the admin (docs/rules.md#local-prices): the store's
// side of /api/admin/currency-rates and /api/admin/local-prices.

type CurrencyConfig = Pick<Config, 'STORE_CURRENCIES' | 'CURRENCY_RATES_URL' | 'CURRENCY_RATE_MAX_AGE_HOURS'>;

/** A catalogue answer's pricing: in the asked currency, or in USD with the reason it could not be. */
export interface ShopperPricing extends LocalPricing {
  /** Sentence for the shopper when the asked currency is paused (a stale or missing rate). */
  notice: string | null;
  /** Changes whenever the rate, a hand-set price or the off-sale list does: part of cache keys. */
  stamp: string;
}

const USD_PRICING: ShopperPricing = {
  currency: STORE_CURRENCY,
  rate: 1,
  handSet: new Map(),
  offSale: new Set(),
  notice: null,
  stamp: STORE_CURRENCY,
};

export class LocalPricesService {
  constructor(
    private readonly store: DocumentStore<AppCollection>,
    private readonly config: CurrencyConfig,
  ) {}

  /**
   * How to price a catalogue answer in the currency: its rate, hand-set prices and the variants
   * off sale there; in USD with a notice when the rate is missing or older than the bound. Read
   * per request (three small reads, none for USD), so every replica prices with the latest rate.
   */
  pricing(currency: CurrencyCode, now = new Date()): Promise<ShopperPricing> {
    if (currency === STORE_CURRENCY) return Promise.resolve(USD_PRICING);
    return this.readPricing(currency, now);
  }

  private async readPricing(currency: CurrencyCode, now: Date): Promise<ShopperPricing> {
    const rate = await readRate(this.store, currency);
    if (!rate || currencyBlock(currency, rate, now, this.config.CURRENCY_RATE_MAX_AGE_HOURS) !== null)
      return {
        ...USD_PRICING,
        notice: MESSAGES.currencyPaused(CURRENCY_NAMES[currency].many),
        stamp: `${STORE_CURRENCY}|paused:${currency}`,
      };
    const [overrides, offSale] = await Promise.all([
      queryDocs(this.store, COLLECTIONS.priceOverrides, { limit: 500 }),
      offSaleIn(this.store, currency),
    ]);
    const handSet = new Map<string, number>();
    let latest = '';
    for (const { data } of overrides.docs) {
      const price = data.prices[currency];
      if (price !== undefined) handSet.set(data.productId, price);
      if (data.updatedAt > latest) latest = data.updatedAt;
    }
    const stamp = [currency, rate.rate, rate.asOf, latest, [...offSale].join(',')].join('|');
    return { currency, rate: rate.rate, handSet, offSale, notice: null, stamp };
  }

  /** Refuses USD (never converted) and currencies the store does not sell in. */
  private foreign(currency: CurrencyCode) {
    if (currency === STORE_CURRENCY || !this.config.STORE_CURRENCIES.includes(currency))
      throw new AppError('invalid-argument', MESSAGES.currencyNotEnabled(currency));
  }

  async adminView(now = new Date()): Promise<AdminRatesResponse> {
    const [rates, overrides] = await Promise.all([
      readRates(this.store),
      queryDocs(this.store, COLLECTIONS.priceOverrides, { limit: 500 }),
    ]);
    const maxAgeHours = this.config.CURRENCY_RATE_MAX_AGE_HOURS;
    return {
      maxAgeHours,
      rates: rateRows(rates, this.config.STORE_CURRENCIES, now, maxAgeHours),
      overrides: overrides.docs.map((d) => d.data),
    };
  }

  async setRate(currency: CurrencyCode, rate: number | null): Promise<void> {
    this.foreign(currency);
    await setStudioRate(this.store, currency, rate);
  }

  /** Reads the source now; 503 with a sentence when it cannot, the last good rates staying. */
  async refresh(): Promise<void> {
    try {
      await refreshRates(this.store, { url: this.config.CURRENCY_RATES_URL, currencies: this.config.STORE_CURRENCIES });
    } catch (e) {
      if (e instanceof RatesFeedError) throw new AppError('unavailable', MESSAGES.ratesSourceDown);
      throw e;
    }
  }

  /** A product's hand-set prices, major units per currency; none left deletes the record. */
  async setProductPrices(productId: string, body: Partial<Record<CurrencyCode, number | null>>): Promise<void> {
    const prices: LocalPriceOverrideDoc['prices'] = {};
    for (const [code, amount] of Object.entries(body) as Array<[CurrencyCode, number | null | undefined]>) {
      this.foreign(code);
      if (amount === null || amount === undefined) continue;
      const decimals = CURRENCIES[code].decimals;
      const minor = toMinor(amount, code);
      if (Math.abs(minor - amount * 10 ** decimals) > 1e-6)
        throw new AppError('invalid-argument', MESSAGES.priceDecimals(code, decimals));
      prices[code] = minor;
    }
    if (Object.keys(prices).length === 0) await this.store.delete(COLLECTIONS.priceOverrides, productId);
    else
      await this.store.set(COLLECTIONS.priceOverrides, productId, {
        productId,
        prices,
        updatedAt: new Date().toISOString(),
      } satisfies LocalPriceOverrideDoc);
  }
}
