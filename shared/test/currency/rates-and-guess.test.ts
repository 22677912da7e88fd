import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STORE_CURRENCIES,
  currencyBlock,
  guessCountry,
  guessCurrency,
  isRateUsable,
  rateAgeHours,
} from '../../src/domain/currency/index.js';

// docs/rules.md#local-prices: the first guess of a shopper's currency and the stale-rate bound.

const enabled = DEFAULT_STORE_CURRENCIES;

describe('the first guess', () => {
  it('takes the country a proxy names first', () => {
    expect(guessCurrency({ country: 'IE', languages: ['en-US'], enabled })).toBe('EUR');
    expect(guessCurrency({ country: 'gb', enabled })).toBe('GBP');
    expect(guessCurrency({ country: 'CA', enabled })).toBe('CAD');
    expect(guessCurrency({ country: 'AU', enabled })).toBe('AUD');
  });

  it("else reads the browser's languages: Irish English is euros, Canadian French dollars of Canada", () => {
    expect(guessCurrency({ languages: ['en-IE', 'en'], enabled })).toBe('EUR');
    expect(guessCurrency({ languages: ['fr-CA'], enabled })).toBe('CAD');
    expect(guessCurrency({ languages: ['en-AU'], enabled })).toBe('AUD');
    expect(guessCurrency({ languages: ['de'], enabled })).toBe('EUR');
  });

  it('falls back to US dollars for a country the store does not price, or nothing to go on', () => {
    expect(guessCurrency({ country: 'BR', enabled })).toBe('USD');
    expect(guessCurrency({ languages: ['en-NZ', 'de'], enabled })).toBe('USD');
    expect(guessCurrency({ languages: ['en'], enabled })).toBe('USD');
    expect(guessCurrency({ enabled })).toBe('USD');
    expect(guessCurrency({ country: 'IE', enabled: ['USD', 'GBP'] })).toBe('USD');
  });

  it('names the country a tax note is about', () => {
    expect(guessCountry(null, ['en-IE', 'en'])).toBe('IE');
    expect(guessCountry('de', ['en-IE'])).toBe('DE');
    expect(guessCountry(null, ['en'])).toBeNull();
  });
});

describe('the stale-rate bound', () => {
  const now = new Date('2026-11-29T12:00:00Z');

  it('uses a rate up to the bound and refuses it after', () => {
    const rate = { asOf: '2026-11-27T12:00:00Z' };
    expect(rateAgeHours(rate, now)).toBe(48);
    expect(isRateUsable(rate, now, 48)).toBe(true);
    expect(isRateUsable(rate, now, 47)).toBe(false);
  });

  it('stops a currency without a rate or with a stale one, never US dollars', () => {
    expect(currencyBlock('EUR', null, now, 48)).toBe('no-rate');
    expect(currencyBlock('EUR', { asOf: '2026-11-01T00:00:00Z' }, now, 48)).toBe('stale-rate');
    expect(currencyBlock('EUR', { asOf: '2026-11-29T06:00:00Z' }, now, 48)).toBeNull();
    expect(currencyBlock('USD', null, now, 48)).toBeNull();
  });
});
