import { describe, expect, it } from 'vitest';
import {
  addCartItemBodySchema,
  cartResponseSchema,
  replaceCartBodySchema,
  setCartItemQuantityBodySchema,
} from '../../src/schemas/index.js';
import { buildCartDocument } from '../../src/domain/cart/index.js';
import { line } from './fixtures.js';

describe('cart request schemas', () => {
  it('drops a price or name sent by the browser', () => {
    const body = addCartItemBodySchema.parse({ productId: 'p1', quantity: 1, price: 0.01, name: 'Cheap', size: 'M' });
    expect(body).toEqual({ productId: 'p1', quantity: 1, size: 'M' });
  });

  it('requires a product id and a whole quantity', () => {
    expect(addCartItemBodySchema.safeParse({ quantity: 1 }).success).toBe(false);
    expect(addCartItemBodySchema.safeParse({ productId: ' ', quantity: 1 }).success).toBe(false);
    expect(addCartItemBodySchema.safeParse({ productId: 'p1', quantity: 1.5 }).success).toBe(false);
    expect(setCartItemQuantityBodySchema.safeParse({ quantity: '2' }).success).toBe(false);
  });

  it('limits a whole-cart replacement to 100 lines', () => {
    const item = { productId: 'p1', quantity: 1 };
    expect(replaceCartBodySchema.safeParse({ items: Array(100).fill(item) }).success).toBe(true);
    expect(replaceCartBodySchema.safeParse({ items: Array(101).fill(item) }).success).toBe(false);
  });
});

describe('cart response schema', () => {
  it('accepts the cart document with lines flagged unavailable', () => {
    const doc = buildCartDocument([line()], { sessionId: 'guest-x' });
    const answer = { ...doc, cartItems: doc.cartItems.map((i) => ({ ...i, unavailable: true })) };
    expect(cartResponseSchema.parse(answer)).toEqual(answer);
  });
});
