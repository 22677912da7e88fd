import { describe, expect, it } from 'vitest';
import { DEFAULT_STORE_CURRENCIES, acceptedLanguages, shopperCurrency } from '../../src/domain/currency/index.js';

// docs/rules.md#local-prices: which currency a request is priced in.

const enabled = DEFAULT_STORE_CURRENCIES;

describe('Accept-Language', () => {
  it('orders the tags by weight, keeping the header order among equals, and drops q=0 and junk', () => {
    expect(acceptedLanguages('en-GB;q=0.8, en-IE, fr;q=0.8, de;q=0, <script>')).toEqual(['en-IE', 'en-GB', 'fr']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
});

describe("a request's currency", () => {
  it('takes ?currency= first and asks to remember it when the cookie says otherwise', () => {
    expect(shopperCurrency({ query: 'gbp', cookie: 'EUR', enabled })).toMatchObject({
      currency: 'GBP',
      source: 'query',
      remember: true,
    });
    expect(shopperCurrency({ query: 'EUR', cookie: 'EUR', enabled })).toMatchObject({ remember: false });
  });

  it('then the cookie, then the guess from the proxy country or the languages', () => {
    expect(shopperCurrency({ cookie: 'CAD', acceptLanguage: 'en-IE', enabled })).toMatchObject({
      currency: 'CAD',
      source: 'cookie',
    });
    expect(shopperCurrency({ acceptLanguage: 'en-IE,en;q=0.9', enabled })).toEqual({
      currency: 'EUR',
      source: 'guess',
      country: 'IE',
      remember: false,
    });
    expect(shopperCurrency({ country: 'AU', acceptLanguage: 'en-US', enabled })).toMatchObject({ currency: 'AUD' });
  });

  it('ignores an unknown or switched-off currency and falls back to USD for an unpriced country', () => {
    expect(shopperCurrency({ query: 'XYZ', cookie: 'JPY', acceptLanguage: 'pt-BR', enabled })).toEqual({
      currency: 'USD',
      source: 'guess',
      country: 'BR',
      remember: false,
    });
  });
});
