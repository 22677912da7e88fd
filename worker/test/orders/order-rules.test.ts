import { describe, expect, it } from 'vitest';
import { UnrecoverableError } from 'bullmq';
import { withSaveDefaults, type CartItem } from '@shop/shared/domain/cart';
import {
  canMoveOrder,
  cartAfterPurchase,
  lineItemMetadata,
  orderItemFromLineItem,
  toMinorUnits,
} from '@shop/shared/domain/order';
import { ORDER_STATUSES, type Order, type OrderItem } from '@shop/shared/schemas';
import { printfulOrderInput } from '../../src/jobs/orders/printful/printful-order.js';
import { PRINTFUL_TEST_RECIPIENT } from '../../../tests/fixtures/printful-recipient.js';

// The pure rules behind fulfilment: status moves, what a paid cart keeps, what a Stripe line item
// carries, and what Printful is sent.

const line = (id: string, productId: string, quantity: number, size = 'M'): CartItem =>
  withSaveDefaults({
    id,
    productId,
    name: `Product ${productId}`,
    price: 20,
    quantity,
    size,
    color: 'Black',
    catalog_variant_id: 1,
  });

const bought = (l: CartItem, quantity = l.quantity): OrderItem => ({
  lineId: l.id,
  productId: l.productId,
  name: l.name,
  variantName: null,
  size: l.size,
  color: l.color,
  quantity,
  unitPrice: l.price,
  imageUrl: null,
  syncVariantId: 5001,
  catalogVariantId: 1,
});

describe('order status moves', () => {
  it('only ever moves forwards; paid and shipped orders never go back, a refund is final', () => {
    const allowed = ORDER_STATUSES.flatMap((from) =>
      ORDER_STATUSES.filter((to) => canMoveOrder(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed.sort()).toEqual(
      [
        'expired->paid',
        'failed->paid',
        'paid->refunded',
        'paid->shipped',
        'pending->expired',
        'pending->failed',
        'pending->paid',
        'shipped->refunded',
      ].sort(),
    );
  });
});

describe('what stays in a cart once its order is paid', () => {
  const a = line('a', 'p1', 2);
  const b = line('b', 'p2', 1);

  it('is nothing when the cart is still the version checked out', () => {
    expect(cartAfterPurchase([a, b], [bought(a), bought(b)], true)).toEqual([]);
  });

  it('keeps quantities and lines added after checkout when the cart changed', () => {
    const c = line('c', 'p3', 1);
    const kept = cartAfterPurchase([{ ...a, quantity: 3 }, b, c], [bought(a, 2), bought(b)], false);
    expect(kept.map((l) => [l.id, l.quantity])).toEqual([
      ['a', 1],
      ['c', 1],
    ]);
  });

  it('finds a bought line by product, size and colour when its id changed', () => {
    const readded = { ...line('new-id', 'p1', 2) };
    expect(cartAfterPurchase([readded], [bought(a)], false)).toEqual([]);
    expect(cartAfterPurchase([line('x', 'p1', 2, 'L')], [bought(a)], false)).toHaveLength(1);
  });
});

describe('Stripe line items', () => {
  it('carry every order line field through metadata and back', () => {
    const item: OrderItem = {
      ...bought(line('a', 'p1', 3)),
      variantName: 'Tee / M',
      imageUrl: 'https://img.example/a.png',
      unitPrice: 24.99,
    };
    const back = orderItemFromLineItem({
      description: item.name,
      quantity: 3,
      metadata: lineItemMetadata(item),
      price: { unit_amount: 2499 },
    });
    expect(back).toEqual(item);
  });

  it('are priced in whole cents', () => {
    expect(toMinorUnits(24.99)).toBe(2499);
    expect(toMinorUnits(0.1 + 0.2)).toBe(30);
    expect(toMinorUnits(1.005)).toBe(101);
  });

  it('are refused when they were not made by this shop', () => {
    expect(() =>
      orderItemFromLineItem({ description: 'x', quantity: 1, metadata: {}, price: { unit_amount: 100 } }),
    ).toThrow();
  });
});

describe('the Printful order', () => {
  const order = {
    id: 'ord_abc',
    items: [bought(line('a', 'p1', 2))],
    shipping: {
      name: 'Ada',
      email: 'ada@example.com',
      address1: '1 Way',
      address2: null,
      city: 'Springfield',
      stateCode: 'IL',
      countryCode: 'US',
      zip: '62701',
    },
  } as Order;

  it('names our order id as external_id and each line by its sync variant', () => {
    expect(printfulOrderInput(order)).toEqual({
      external_id: 'ord_abc',
      shipping: 'STANDARD',
      recipient: { ...PRINTFUL_TEST_RECIPIENT, email: 'ada@example.com' },
      items: [{ sync_variant_id: 5001, quantity: 2, retail_price: '20.00', name: 'Product p1' }],
    });
  });

  it('ships with the method the shopper paid for', () => {
    const paidExpress = { ...order, shippingMethod: { id: 'PRINTFUL_FAST', name: 'Express' } } as Order;
    expect(printfulOrderInput(paidExpress).shipping).toBe('PRINTFUL_FAST');
  });

  it('cannot be made without an address or a sync variant, and retrying will not help', () => {
    expect(() => printfulOrderInput({ ...order, shipping: null })).toThrow(UnrecoverableError);
    expect(() => printfulOrderInput({ ...order, items: [{ ...order.items[0], syncVariantId: null }] })).toThrow(
      UnrecoverableError,
    );
  });
});
