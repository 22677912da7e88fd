import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors/index.js';
import {
  addCartItem,
  clearCart,
  mergeCartItems,
  removeCartItem,
  setCartItemQuantity,
} from '../../src/domain/cart/index.js';
import { line } from './fixtures.js';

describe('addCartItem', () => {
  it('appends a new line', () => {
    const items = addCartItem([], line({ quantity: 2 }));
    expect(items).toHaveLength(1);
    expect(items[0].quantity).toBe(2);
  });

  it('raises the quantity of the line with the same product, size and colour and keeps its id', () => {
    const first = line({ id: 'a', quantity: 2 });
    const items = addCartItem([first], line({ id: 'b', quantity: 3 }));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id: 'a', quantity: 5 });
  });

  it.each([
    ['size', { size: 'M' }],
    ['colour', { color: 'White' }],
    ['product', { productId: 'other' }],
  ])('appends when the %s differs', (_label, overrides) => {
    const items = addCartItem([line({ id: 'a' })], line({ id: 'b', ...overrides }));
    expect(items.map((i) => i.id)).toEqual(['a', 'b']);
  });

  it('refuses an added quantity outside 1 to 10', () => {
    expect(() => addCartItem([], line({ quantity: 11 }))).toThrow('Quantity must be between 1 and 10');
    expect(() => addCartItem([], line({ quantity: 0 }))).toThrow(AppError);
  });

  it('refuses to take a line above 10 and leaves the cart as it was', () => {
    const items = [line({ id: 'a', quantity: 8 })];
    expect(() => addCartItem(items, line({ id: 'b', quantity: 3 }))).toThrow(
      'You already have 8; at most 10 of one item per order',
    );
    expect(items[0].quantity).toBe(8);
    expect(addCartItem(items, line({ id: 'b', quantity: 2 }))[0].quantity).toBe(10);
  });
});

describe('removeCartItem and clearCart', () => {
  it('removes the line with that id only', () => {
    const items = [line({ id: 'a' }), line({ id: 'b', size: 'M' })];
    expect(removeCartItem(items, 'a').map((i) => i.id)).toEqual(['b']);
    expect(removeCartItem(items, 'missing')).toEqual(items);
  });

  it('clears to an empty cart', () => {
    expect(clearCart()).toEqual([]);
  });
});

describe('setCartItemQuantity', () => {
  const items = [line({ id: 'a', quantity: 2 }), line({ id: 'b', size: 'M', quantity: 1 })];

  it('sets the quantity of that line', () => {
    expect(setCartItemQuantity(items, 'a', 7).map((i) => i.quantity)).toEqual([7, 1]);
  });

  it.each([0, -3])('removes the line for quantity %d', (q) => {
    expect(setCartItemQuantity(items, 'a', q).map((i) => i.id)).toEqual(['b']);
  });

  it('refuses a quantity above 10', () => {
    expect(() => setCartItemQuantity(items, 'a', 11)).toThrow('Quantity must be between 1 and 10');
  });
});

describe('mergeCartItems', () => {
  it('adds up the same product, size and colour and appends the rest', () => {
    const user = [line({ id: 'u1', quantity: 2 })];
    const guest = [line({ id: 'g1', quantity: 3 }), line({ id: 'g2', size: 'M', quantity: 1 })];
    const merged = mergeCartItems(user, guest);
    expect(merged.map((i) => [i.id, i.quantity])).toEqual([
      ['u1', 5],
      ['g2', 1],
    ]);
  });

  it('caps a merged line at 10', () => {
    const merged = mergeCartItems([line({ id: 'u1', quantity: 7 })], [line({ id: 'g1', quantity: 6 })]);
    expect(merged[0].quantity).toBe(10);
  });

  it('leaves the user cart as it was when the guest cart is empty', () => {
    const user = [line({ id: 'u1', quantity: 2 })];
    expect(mergeCartItems(user, [])).toEqual(user);
  });
});
