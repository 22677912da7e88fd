import { AppError, MESSAGES } from '@shop/shared';
import {
  CURRENCIES,
  STORE_CURRENCY,
  toMinor,
  type AdminRatesResponse,
  type CurrencyCode,
  type LocalPriceOverrideDoc,
} from '@shop/shared/domain/currency';
import { COLLECTIONS, queryDocs, type AppCollection } from '@shop/shared/server/collections';
import type { Config } from '@shop/shared/server/config';
import { RatesFeedError, rateRows, readRates, refreshRates, setStudioRate } from '@shop/shared/server/currency';
import type { DocumentStore } from '@shop/shared/server/store';

// Exchange rates and hand-set prices for the admin (docs/rules.md#local-prices): the store's
// side of /api/admin/currency-rates and /api/admin/local-prices.

type CurrencyConfig = Pick<Config, 'STORE_CURRENCIES' | 'CURRENCY_RATES_URL' | 'CURRENCY_RATE_MAX_AGE_HOURS'>;

export class LocalPricesService {
  constructor(
    private readonly store: DocumentStore<AppCollection>,
    private readonly config: CurrencyConfig,
  ) {}

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
