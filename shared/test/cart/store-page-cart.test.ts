import { describe, expect, it } from 'vitest';
import {
  addStorePageItem,
  removeStorePageItem,
  setStorePageItemQuantity,
  storePageCartItemId,
  storePageCartItemSchema,
  storePageTotals,
} from '../../src/domain/cart/index.js';
import { tshirt } from './fixtures.js';

const mug = { id: 'mug', title: 'Mug', price: 12.99 };

describe('storePageCartItemId', () => {
  it('joins product id, size and colour', () => {
    expect(storePageCartItemId('p1', 'M', 'Black')).toBe('p1-M-Black');
  });
  it("uses 'default' where size or colour is absent", () => {
    expect(storePageCartItemId('p1')).toBe('p1-default-default');
    expect(storePageCartItemId('p1', '', 'Red')).toBe('p1-default-Red');
    expect(storePageCartItemId('p1', 'L', null)).toBe('p1-L-default');
  });
});

describe('store page cart', () => {
  it('adds with quantity 1 by default and raises the same product, size and colour', () => {
    let items = addStorePageItem([], { product: tshirt, size: 'M', color: 'Black' });
    items = addStorePageItem(items, { product: tshirt, size: 'M', color: 'Black', quantity: 2 });
    items = addStorePageItem(items, { product: mug });
    expect(items.map((i) => [i.cartItemId, i.quantity])).toEqual([
      ['prod-tshirt-M-Black', 3],
      ['mug-default-default', 1],
    ]);
    expect(storePageTotals(items)).toEqual({ itemCount: 2, totalItems: 4, totalPrice: 87.96 });
    expect(items.every((i) => storePageCartItemSchema.safeParse(i).success)).toBe(true);
  });

  it('removes by cartItemId and sets quantities, zero or less removing the line', () => {
    const items = addStorePageItem(addStorePageItem([], { product: mug }), { product: tshirt, size: 'S' });
    expect(removeStorePageItem(items, 'mug-default-default').map((i) => i.cartItemId)).toEqual([
      'prod-tshirt-S-default',
    ]);
    expect(setStorePageItemQuantity(items, 'mug-default-default', 4)[0].quantity).toBe(4);
    expect(setStorePageItemQuantity(items, 'mug-default-default', 0)).toHaveLength(1);
  });
});
