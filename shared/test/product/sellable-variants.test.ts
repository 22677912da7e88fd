import { describe, expect, it } from 'vitest';
import {
  isRetiredChoice,
  isSellableProductDoc,
  minimumRetailPrice,
  splitSellable,
} from '../../src/domain/product/index.js';
import { parseConfig } from '../../src/server/config/index.js';
import { printfulDetail } from './printful-fixture.js';

// The margin guard and retirement rules (docs/rules.md#money-at-checkout, docs/rules.md#only-what-can-ship-is-sold) that the sync applies and the API
// reads back.

describe('the margin guard', () => {
  it('rounds the minimum price up to the cent, so a fraction below cost plus margin never sells', () => {
    expect(minimumRetailPrice(4.69, 0)).toBe(4.69);
    expect(minimumRetailPrice(4.69, 10)).toBe(5.16);
    expect(minimumRetailPrice(10, 12.5)).toBe(11.25);
    expect(minimumRetailPrice(0.1, 0)).toBe(0.1);
  });

  it('keeps variants at or above cost plus margin, retires the others and names why', () => {
    const detail = printfulDetail({
      variants: [{ retail_price: '30.00' }, { retail_price: '20.00' }, { retail_price: '40.00', is_ignored: true }],
    });
    const costs = new Map([
      [19851, 25],
      [19852, 25],
      [19853, 25],
    ]);
    const split = splitSellable(detail, costs, 20);
    expect(split.sellable.sync_variants.map((v) => v.id)).toEqual([4927683005]);
    expect(split.retiredVariants).toEqual([
      {
        id: 4927683006,
        size: 'M',
        color: 'White',
        reason: 'below-margin',
        retailPrice: 20,
        cost: 25,
        minimumPrice: 30,
      },
      { id: 4927683007, size: 'L', color: 'White', reason: 'ignored', retailPrice: 40, cost: 25, minimumPrice: 30 },
    ]);
    expect(split.retired).toBe(false);
  });

  it('keeps a variant off sale while its cost is unknown (fails closed)', () => {
    const split = splitSellable(printfulDetail({ variants: [{ retail_price: '1.00' }] }), new Map(), 50);
    expect(split.sellable.sync_variants).toHaveLength(0);
    expect(split.retiredVariants).toEqual([expect.objectContaining({ reason: 'cost-unknown', cost: null })]);
    expect(split.retired).toBe(true);
  });

  it('retires a product ignored in Printful or left without a sellable variant', () => {
    expect(splitSellable(printfulDetail({ product: { is_ignored: true } }), new Map(), 0).retired).toBe(true);
    const allBelow = printfulDetail({ variants: [{ retail_price: '5.00' }] });
    expect(splitSellable(allBelow, new Map([[19851, 9]]), 0).retired).toBe(true);
  });

  it('reads MIN_MARGIN_PERCENT from the environment, 0 by default, and refuses a negative one', () => {
    expect(parseConfig({}).MIN_MARGIN_PERCENT).toBe(0);
    expect(parseConfig({ MIN_MARGIN_PERCENT: '15' }).MIN_MARGIN_PERCENT).toBe(15);
    expect(() => parseConfig({ MIN_MARGIN_PERCENT: '-1' })).toThrow(/MIN_MARGIN_PERCENT/);
  });
});

describe('stored documents', () => {
  it('an archived or ignored product is not sold; an active one is', () => {
    expect(isSellableProductDoc({ status: 'archived', variants: [{}] })).toBe(false);
    expect(isSellableProductDoc({ sync_product: { is_ignored: true } })).toBe(false);
    expect(isSellableProductDoc({ status: 'active', variants: [{}] })).toBe(true);
  });

  it('names a retired size and colour of a product still sold', () => {
    const doc = { status: 'active', retiredVariants: [{ size: '5.5″×5.5″', color: 'White' }] };
    expect(isRetiredChoice(doc, { size: '5.5″×5.5″', color: 'White' })).toBe(true);
    expect(isRetiredChoice(doc, { size: '3″×3″', color: 'White' })).toBe(false);
    expect(isRetiredChoice(doc, {})).toBe(false);
    expect(isRetiredChoice({ status: 'archived' }, {})).toBe(true);
  });
});
