import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STORE_CURRENCIES,
  CURRENCIES,
  convertAmount,
  formatMoney,
  highestTaxRate,
  keepsMargin,
  localPrice,
  localShipping,
  meetsStripeMinimum,
  minimumLocalPrice,
  parseCurrency,
  priceTaxRate,
  toPricePoint,
  type CurrencyCode,
} from '../../src/domain/currency/index.js';

// docs/rules.md#local-prices: a test per currency for rounding, Stripe's minimums and the margin guard.

interface Case {
  currency: CurrencyCode;
  /** Units per US dollar. */
  rate: number;
  /** A $25.00 tee in the currency, as a shopper there sees it. */
  tee: number;
  teeText: string;
  /** Stripe's minimum charge and one minor unit under it. */
  minimum: number;
}

const CASES: Case[] = [
  { currency: 'USD', rate: 1, tee: 2500, teeText: '$25.00', minimum: 50 },
  // 25 x 0.92 = 23.00, with Ireland's 23% VAT 28.29, to whole euros.
  { currency: 'EUR', rate: 0.92, tee: 2800, teeText: '€28.00', minimum: 50 },
  // 25 x 0.79 = 19.75, with 20% VAT 23.70, to the nearest .99.
  { currency: 'GBP', rate: 0.79, tee: 2399, teeText: '£23.99', minimum: 30 },
  // 25 x 1.39 = 34.75, shown before tax in Canada, to the nearest .99.
  { currency: 'CAD', rate: 1.39, tee: 3499, teeText: 'CA$34.99', minimum: 50 },
  // 25 x 1.53 = 38.25, with 10% GST 42.08, to the nearest .99.
  { currency: 'AUD', rate: 1.53, tee: 4199, teeText: 'A$41.99', minimum: 50 },
  // Zero-decimal: 25 x 150 = 3,750 yen, with 10% tax 4,125, to whole hundreds.
  { currency: 'JPY', rate: 150, tee: 4100, teeText: '¥4,100', minimum: 50 },
];

describe.each(CASES)('$currency', ({ currency, rate, tee, teeText, minimum }) => {
  it('converts a USD price at the rate, adds the tax shown prices include, and rounds to a price point', () => {
    expect(localPrice(2500, rate, currency)).toBe(tee);
    expect(formatMoney(tee, currency)).toBe(teeText);
  });

  it("refuses a charge under Stripe's minimum in the currency", () => {
    expect(meetsStripeMinimum(currency, minimum)).toBe(true);
    expect(meetsStripeMinimum(currency, minimum - 1)).toBe(false);
  });

  it('keeps a price on sale only when its USD worth, after tax and the buffer, covers cost plus margin', () => {
    const guard = { currency, rate, costUsd: 12, minMarginPercent: 20, bufferPercent: 3 };
    const floor = minimumLocalPrice(guard);
    expect(keepsMargin({ ...guard, priceMinor: floor })).toBe(true);
    expect(keepsMargin({ ...guard, priceMinor: floor - 1 })).toBe(false);
    // The floor, taken back to dollars, is never under $14.40 (12 + 20%).
    const backToUsd = floor / 10 ** CURRENCIES[currency].decimals / rate / (1 + highestTaxRate(currency) / 100);
    expect(backToUsd).toBeGreaterThanOrEqual(14.4);
  });

  it('takes a hand-set price off sale when the rate moves so far that it would sell below cost', () => {
    const handSet = localPrice(2000, rate, currency);
    const guard = { currency, rate, costUsd: 12, minMarginPercent: 20, bufferPercent: 3, priceMinor: handSet };
    expect(keepsMargin(guard)).toBe(true);
    expect(keepsMargin({ ...guard, rate: rate * 1.6 })).toBe(currency === 'USD');
  });
});

describe('price points', () => {
  it('rounds to the nearest .99 with a tie going up, never below one unit', () => {
    expect(toPricePoint(2348, 'GBP')).toBe(2299);
    expect(toPricePoint(2349, 'GBP')).toBe(2399); // 22.99 and 23.99 are as near: up
    expect(toPricePoint(2350, 'GBP')).toBe(2399);
    expect(toPricePoint(20, 'GBP')).toBe(99);
  });

  it('rounds euros to whole units and yen to whole hundreds', () => {
    expect(toPricePoint(2849, 'EUR')).toBe(2800);
    expect(toPricePoint(2850, 'EUR')).toBe(2900);
    expect(toPricePoint(4149, 'JPY')).toBe(4100);
    expect(toPricePoint(4150, 'JPY')).toBe(4200);
  });

  it('converts shipping exactly to the minor unit, with the included tax, not to a price point', () => {
    // $4.99 at 0.92 = 4.5908, with 23% VAT 5.6467 -> €5.65.
    expect(localShipping(499, 0.92, 'EUR')).toBe(565);
    // $4.99 at 150 yen = 748.5, with 10% 823.35 -> 823 yen (no minor unit).
    expect(localShipping(499, 150, 'JPY')).toBe(823);
    expect(convertAmount(499, 1.39, 'CAD')).toBe(694);
  });
});

describe('tax included in shown prices', () => {
  it('includes Irish VAT in euro prices, UK VAT in pounds and GST in Australian dollars; none in USD or CAD', () => {
    expect(priceTaxRate('EUR')).toBe(23);
    expect(priceTaxRate('GBP')).toBe(20);
    expect(priceTaxRate('AUD')).toBe(10);
    expect(priceTaxRate('USD')).toBe(0);
    expect(priceTaxRate('CAD')).toBe(0);
  });

  it("guards euro margins at the euro area's highest VAT (Finland's 25.5%), wherever the parcel goes", () => {
    expect(highestTaxRate('EUR')).toBe(25.5);
  });
});

describe('a currency named by a shopper or a link', () => {
  it('accepts an enabled currency in any case and refuses the rest', () => {
    expect(parseCurrency('eur', DEFAULT_STORE_CURRENCIES)).toBe('EUR');
    expect(parseCurrency(' GBP ', DEFAULT_STORE_CURRENCIES)).toBe('GBP');
    expect(parseCurrency('JPY', DEFAULT_STORE_CURRENCIES)).toBeNull();
    expect(parseCurrency('XYZ', DEFAULT_STORE_CURRENCIES)).toBeNull();
    expect(parseCurrency(['EUR'], DEFAULT_STORE_CURRENCIES)).toBeNull();
  });
});
