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

  it('lets a line grow past 10 by adds of 1 to 10, as a team ordering 15 of one size does', () => {
    const items = addCartItem([line({ id: 'a', quantity: 10 })], line({ id: 'b', quantity: 5 }));
    expect(items).toEqual([expect.objectContaining({ id: 'a', quantity: 15 })]);
  });

  it('refuses to take a line above 100 and leaves the cart as it was', () => {
    const items = [line({ id: 'a', quantity: 95 })];
    expect(() => addCartItem(items, line({ id: 'b', quantity: 6 }))).toThrow(
      'You already have 95; at most 100 of one item per order',
    );
    expect(items[0].quantity).toBe(95);
    expect(addCartItem(items, line({ id: 'b', quantity: 5 }))[0].quantity).toBe(100);
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

  it('sets a line to up to 100 and refuses more', () => {
    expect(setCartItemQuantity(items, 'a', 15)[0].quantity).toBe(15);
    expect(setCartItemQuantity(items, 'a', 100)[0].quantity).toBe(100);
    expect(() => setCartItemQuantity(items, 'a', 101)).toThrow('A line holds at most 100 of one item');
  });
});

describe('mergeCartItems', () => {
  it('adds up the same product, size and colour and appends the rest, dropping nothing', () => {
    const user = [line({ id: 'u1', quantity: 2 })];
    const guest = [line({ id: 'g1', quantity: 3 }), line({ id: 'g2', size: 'M', quantity: 1 })];
    const { items, dropped } = mergeCartItems(user, guest);
    expect(items.map((i) => [i.id, i.quantity])).toEqual([
      ['u1', 5],
      ['g2', 1],
    ]);
    expect(dropped).toEqual([]);
  });

  it('keeps units above 10 on a merged line (a line holds up to 100)', () => {
    const { items, dropped } = mergeCartItems([line({ id: 'u1', quantity: 7 })], [line({ id: 'g1', quantity: 6 })]);
    expect(items[0].quantity).toBe(13);
    expect(dropped).toEqual([]);
  });

  it('caps a merged line at 100 and reports the units that did not fit', () => {
    const { items, dropped } = mergeCartItems(
      [line({ id: 'u1', quantity: 96 })],
      [line({ id: 'g1', quantity: 10, name: 'Tee' })],
    );
    expect(items[0].quantity).toBe(100);
    expect(dropped).toEqual([
      { productId: items[0].productId, name: 'Tee', size: items[0].size, color: items[0].color, quantity: 6 },
    ]);
  });

  it('never passes 100 lines, and reports each guest line left out', () => {
    const user = Array.from({ length: 99 }, (_, n) => line({ id: `u${n}`, productId: `p${n}` }));
    const guest = [line({ id: 'g1', productId: 'x1', quantity: 2 }), line({ id: 'g2', productId: 'x2', quantity: 3 })];
    const { items, dropped } = mergeCartItems(user, guest);
    expect(items).toHaveLength(100);
    expect(items.at(-1)?.id).toBe('g1');
    expect(dropped).toEqual([expect.objectContaining({ productId: 'x2', quantity: 3 })]);
  });

  it('leaves the user cart as it was when the guest cart is empty', () => {
    const user = [line({ id: 'u1', quantity: 2 })];
    expect(mergeCartItems(user, [])).toEqual({ items: user, dropped: [] });
  });
});
