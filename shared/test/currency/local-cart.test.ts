import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/errors/index.js';
import {
  localCartAmounts,
  localCartLines,
  localShippingQuote,
  type CurrencyCode,
  type LocalPricing,
} from '../../src/domain/currency/index.js';
import { judgeDiscount, localMarginFloorCents } from '../../src/domain/discount/index.js';
import { orderAmountInUsd, salesByCurrency, usdEquivalent } from '../../src/domain/order/index.js';

// docs/rules.md#local-prices: the cart priced in each currency on the way out (the stored cart
// keeps dollars), its shipping converted with the same rate and tax, and the sums the reports make.

const tee = {
  id: 'tee',
  title: 'Tee',
  price: 25,
  variants: [
    { id: 'tee-m', price: 25, catalog_variant_id: 1 },
    { id: 'tee-xl', price: 27.5, catalog_variant_id: 2 },
  ],
};
const products = new Map([['tee', tee]]);
const line = (id: string, variantId: string, price: number, quantity: number) => ({
  id,
  productId: 'tee',
  variantId,
  catalog_variant_id: null,
  price,
  quantity,
});
const LINES = [line('a', 'tee-m', 25, 2), line('b', 'tee-xl', 27.5, 1)];

const pricing = (currency: CurrencyCode, rate: number, extra: Partial<LocalPricing> = {}): LocalPricing => ({
  currency,
  rate,
  handSet: new Map(),
  offSale: new Set(),
  ...extra,
});

interface Case {
  currency: CurrencyCode;
  rate: number;
  /** The M and XL tees, minor units. */
  units: [number, number];
  /** $14.00 of shipping in the currency, major units. */
  shipping: number;
}

const CASES: Case[] = [
  { currency: 'USD', rate: 1, units: [2500, 2750], shipping: 14 },
  // 25 x 0.92 x 1.23 = 28.29 -> 28; 27.50 -> 31.12 -> 31. Shipping 14 x 0.92 x 1.23 = 15.84.
  { currency: 'EUR', rate: 0.92, units: [2800, 3100], shipping: 15.84 },
  // 25 x 0.79 x 1.2 = 23.70 -> 23.99; 27.50 -> 26.07 -> 25.99. Shipping 14 x 0.79 x 1.2 = 13.27.
  { currency: 'GBP', rate: 0.79, units: [2399, 2599], shipping: 13.27 },
  // Before tax: 25 x 1.39 = 34.75 -> 34.99; 27.50 -> 38.23 -> 37.99. Shipping 19.46.
  { currency: 'CAD', rate: 1.39, units: [3499, 3799], shipping: 19.46 },
  // 25 x 1.53 x 1.1 = 42.08 -> 41.99; 27.50 -> 46.28 -> 45.99. Shipping 14 x 1.53 x 1.1 = 23.56.
  { currency: 'AUD', rate: 1.53, units: [4199, 4599], shipping: 23.56 },
  // Zero-decimal: 25 x 150 x 1.1 = 4125 -> 4100; 27.50 -> 4537.5 -> 4500. Shipping 2310 yen.
  { currency: 'JPY', rate: 150, units: [4100, 4500], shipping: 2310 },
];

describe.each(CASES)('a cart in $currency', ({ currency, rate, units, shipping }) => {
  it('prices each line from the catalogue at the rate and adds the subtotal in minor units', () => {
    const lines = localCartLines(LINES, products, pricing(currency, rate));
    expect(lines.map((l) => l.unitAmount)).toEqual(units);
    const amounts = localCartAmounts(
      currency,
      lines.map((l, i) => ({ unitAmount: l.unitAmount, quantity: LINES[i].quantity })),
    );
    expect(amounts).toEqual({
      currency,
      subtotal: 2 * units[0] + units[1],
      discount: 0,
      total: 2 * units[0] + units[1],
    });
  });

  it('converts a dollar shipping quote with the same rate and tax, to the minor unit', () => {
    const quote = { options: [{ id: 'STANDARD', amount: 14, currency: 'USD' }] };
    expect(localShippingQuote(quote, { currency, rate }).options[0]).toMatchObject({ amount: shipping, currency });
  });
});

describe('lines a currency cannot sell', () => {
  it('flags a variant kept off sale there with the reason, and leaves it out of the subtotal', () => {
    const lines = localCartLines(LINES, products, pricing('EUR', 0.92, { offSale: new Set(['tee\ntee-xl']) }));
    expect(lines[1]).toEqual({
      id: 'b',
      unitAmount: null,
      unavailable: true,
      unavailableReason: MESSAGES.variantOffSaleIn('euros'),
    });
    const amounts = localCartAmounts('EUR', [
      { unitAmount: lines[0].unitAmount, quantity: 2 },
      { unitAmount: lines[1].unitAmount, quantity: 1 },
    ]);
    expect(amounts.subtotal).toBe(5600);
  });

  it('uses the studio’s hand-set price over the conversion', () => {
    const lines = localCartLines(LINES, products, pricing('GBP', 0.79, { handSet: new Map([['tee', 1999]]) }));
    expect(lines[0].unitAmount).toBe(1999);
  });
});

describe('discount codes in another currency', () => {
  const code = {
    id: 'X',
    code: 'X',
    active: true,
    startsAt: null,
    endsAt: null,
    maxRedemptions: null,
    minSubtotal: null,
    stripeCouponId: 'c',
    stripePromotionCodeId: 'p',
    createdAt: '',
    createdBy: '',
    updatedAt: '',
  };
  const check = { subtotalCents: 8700, currency: 'EUR' as const, floorCents: 0, redemptions: 0, now: new Date() };

  it('takes a percent off the euro subtotal', () => {
    expect(judgeDiscount({ ...code, kind: 'percent', value: 10 }, check)).toEqual({ offCents: 870 });
  });

  it('refuses an amount-off code (set in dollars) outside USD, saying so', () => {
    expect(judgeDiscount({ ...code, kind: 'amount', value: 5 }, check).refusal?.message).toBe(MESSAGES.discountUsdOnly);
  });

  it('keeps the margin in the currency: the floor is each unit’s least euro price at the rate', () => {
    // $20 cost, 10% margin, 3% buffer: 20 x 1.1 / 0.97 x 0.92 x 1.255 = 26.19 euros a unit.
    const floor = localMarginFloorCents([{ quantity: 3, cost: 20 }], {
      currency: 'EUR',
      rate: 0.92,
      minMarginPercent: 10,
      bufferPercent: 3,
    });
    expect(floor).toBe(3 * 2619);
    expect(judgeDiscount({ ...code, kind: 'percent', value: 10 }, { ...check, floorCents: floor })).toMatchObject({
      refusal: { code: 'aborted' },
    });
  });
});

describe('sales in several currencies', () => {
  const euro = {
    currency: 'EUR' as const,
    exchangeRate: 0.92,
    amounts: { subtotal: 56, shipping: 15.84, tax: 13.43, discount: 0, total: 71.84, currency: 'EUR' as const },
    totalPrice: 71.84,
  };
  const dollar = {
    currency: 'USD' as const,
    amounts: { subtotal: 50, shipping: 14, tax: 0, discount: 0, total: 64, currency: 'USD' as const },
    totalPrice: 64,
  };

  it('counts an order in dollars at the rate it was priced at', () => {
    expect(orderAmountInUsd(euro, 71.84)).toBe(78.09);
    expect(orderAmountInUsd(dollar, 64)).toBe(64);
    expect(usdEquivalent(euro.amounts, 0.92)).toEqual({
      subtotal: 60.87,
      shipping: 17.22,
      tax: 14.6,
      discount: 0,
      total: 78.09,
      currency: 'USD',
    });
  });

  it('says what was paid in each currency, dollars first', () => {
    expect(salesByCurrency([euro, dollar, euro])).toEqual([
      { currency: 'USD', orders: 1, paid: 64, usd: 64 },
      { currency: 'EUR', orders: 2, paid: 143.68, usd: 156.18 },
    ]);
  });
});
