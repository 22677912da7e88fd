import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cartTotals, roundToCents } from '../../src/domain/cart/index.js';

describe('cartTotals', () => {
  it('counts lines, sums quantities and prices', () => {
    expect(
      cartTotals([
        { price: 24.99, quantity: 2 },
        { price: 12.99, quantity: 1 },
      ]),
    ).toEqual({ itemCount: 2, totalItems: 3, totalPrice: 62.97 });
  });

  it('is zero for an empty cart', () => {
    expect(cartTotals([])).toEqual({ itemCount: 0, totalItems: 0, totalPrice: 0 });
  });

  it('gives a total in whole cents equal to the integer-cent sum for any cart', () => {
    const lineArb = fc.record({
      cents: fc.integer({ min: 1, max: 100_000 }),
      quantity: fc.integer({ min: 1, max: 10 }),
    });
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 60 }), (lines) => {
        const totals = cartTotals(lines.map((l) => ({ price: l.cents / 100, quantity: l.quantity })));
        const expectedCents = lines.reduce((sum, l) => sum + l.cents * l.quantity, 0);
        expect(Math.round(totals.totalPrice * 100)).toBe(expectedCents);
        expect(totals.totalPrice).toBe(roundToCents(totals.totalPrice));
      }),
    );
  });
});

describe('roundToCents', () => {
  it.each([
    [1.005, 1.01],
    [0.1 + 0.2, 0.3],
    [19.999, 20],
    [2, 2],
  ])('rounds %d to %d', (input, expected) => expect(roundToCents(input)).toBe(expected));
});
