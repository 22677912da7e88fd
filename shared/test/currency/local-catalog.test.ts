import { describe, expect, it } from 'vitest';
import {
  currencyMarginFindings,
  localiseProduct,
  variantLocalPrices,
  type PricedProduct,
} from '../../src/domain/currency/index.js';

// docs/rules.md#local-prices: a product's prices in a currency (converted, or set by hand) and the
// variants a rate move takes off sale there.

const tee: PricedProduct = {
  id: 'tee',
  title: 'Studio Tee',
  price: 25,
  variants: [
    { id: 'tee-s', price: 25, catalog_variant_id: 4011 },
    { id: 'tee-2xl', price: 28, catalog_variant_id: 4012 },
  ],
};

describe('variant prices in a currency', () => {
  it('converts each variant at the rate, with the included tax, to the price point', () => {
    // 25 x 0.92 x 1.23 = 28.29 -> €28; 28 x 0.92 x 1.23 = 31.68 -> €32.
    expect(Object.fromEntries(variantLocalPrices(tee, 'EUR', 0.92))).toEqual({ 'tee-s': 2800, 'tee-2xl': 3200 });
    expect(Object.fromEntries(variantLocalPrices(tee, 'USD', 1))).toEqual({ 'tee-s': 2500, 'tee-2xl': 2800 });
  });

  it('takes a hand-set price for the cheapest variant and keeps a dearer one in proportion', () => {
    // 27 x 28/25 = 30.24 -> €30.
    expect(Object.fromEntries(variantLocalPrices(tee, 'EUR', 0.92, 2700))).toEqual({
      'tee-s': 2700,
      'tee-2xl': 3000,
    });
  });
});

describe('the margin guard after a rate move', () => {
  const costs = new Map([
    ['4011', 12],
    ['4012', 14],
  ]);
  const input = { products: [tee], costs, minMarginPercent: 20, bufferPercent: 3, handSet: new Map() };

  it('finds nothing while the converted prices keep the margin', () => {
    expect(currencyMarginFindings({ ...input, currency: 'EUR', rate: 0.92 })).toEqual([]);
    expect(currencyMarginFindings({ ...input, currency: 'USD', rate: 1 })).toEqual([]);
  });

  it('takes a hand-set price off sale in its currency when the rate moves against it', () => {
    const handSet = new Map([['tee', 1900]]);
    expect(currencyMarginFindings({ ...input, handSet, currency: 'EUR', rate: 0.92 })).toEqual([]);
    const moved = currencyMarginFindings({ ...input, handSet, currency: 'EUR', rate: 1.1 });
    expect(moved.map((f) => f.variantId)).toEqual(['tee-s', 'tee-2xl']);
    expect(moved[0]).toMatchObject({
      currency: 'EUR',
      productId: 'tee',
      title: 'Studio Tee',
      price: 1900,
      costUsd: 12,
    });
    expect(moved[0]!.minimumPrice).toBeGreaterThan(1900);
  });

  it("finds the thin margin the zone's highest VAT eats, even at an unchanged rate", () => {
    // $14.99 against a cost of $12 x 1.2 = $14.40 keeps the USD guard; €17.00 (with Irish VAT)
    // less Finland's 25.5% and the 3% buffer is worth less than $14.40.
    const thin = { ...tee, price: 14.99, variants: [{ id: 'tee-s', price: 14.99, catalog_variant_id: 4011 }] };
    const findings = currencyMarginFindings({ ...input, products: [thin], currency: 'EUR', rate: 0.92 });
    expect(findings).toEqual([expect.objectContaining({ variantId: 'tee-s', price: 1700, minimumPrice: 1715 })]);
  });

  it('leaves a variant without a known cost to the USD guard', () => {
    expect(currencyMarginFindings({ ...input, costs: new Map(), currency: 'EUR', rate: 5 })).toEqual([]);
  });
});

describe('a catalogue product in a currency', () => {
  const product = {
    ...tee,
    variants: tee.variants.map((v) => ({ ...v, currency: 'USD' })),
  };
  const pricing = (currency: 'USD' | 'EUR' | 'JPY', rate: number) => ({
    currency,
    rate,
    handSet: new Map<string, number>(),
    offSale: new Set<string>(),
  });

  const minor = (v: object) => (v as { unit_amount?: number }).unit_amount;
  it('carries unit_amount, the price in minor units, beside each decimal price', () => {
    const euros = localiseProduct(product, pricing('EUR', 0.92));
    expect(euros).toMatchObject({ price: 28, unit_amount: 2800 });
    expect(euros.variants.map((v) => [v.price, minor(v), v.currency])).toEqual([
      [28, 2800, 'EUR'],
      [32, 3200, 'EUR'],
    ]);
    const dollars = localiseProduct(product, pricing('USD', 1));
    expect(dollars).toMatchObject({ price: 25, unit_amount: 2500 });
    expect(dollars.variants.map(minor)).toEqual([2500, 2800]);
    // Yen have no minor unit: the amount is the price.
    const yen = localiseProduct(product, pricing('JPY', 150));
    expect(yen.variants.every((v) => minor(v) === v.price)).toBe(true);
  });
});
