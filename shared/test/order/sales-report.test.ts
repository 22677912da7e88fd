import { describe, expect, it } from 'vitest';
import { orderLine, paidOrder } from '../../../tests/fixtures/paid-order.js';
import { salesReport } from '../../src/domain/order/index.js';

// What the studio keeps of a month's orders (docs/rules.md#the-back-office). Tax is the state's, not the studio's,
// but tax handed back to a shopper with a refund is not owed: net counts it once, in the refund.

const NO_FEES = { percent: 0, fixed: 0 };
const month = { from: '2031-01', to: '2031-01' };
const at = '2031-01-15T12:00:00.000Z';

describe('sales report net', () => {
  it('a fully refunded order costs the studio only its Stripe fee, not its tax as well', () => {
    const order = paidOrder({
      status: 'refunded',
      createdAt: at,
      paidAt: at,
      items: [orderLine({ quantity: 1 })],
      amounts: { subtotal: 25, shipping: 5, tax: 2, total: 32, currency: 'USD' },
      refunds: [{ id: 're_1', amount: 32, status: 'succeeded' }],
      fulfilment: { provider: 'printful', orderId: 1, status: 'canceled', cost: 13 },
    });
    const [row] = salesReport([order], month, { percent: 3, fixed: 0.25 });
    expect(row).toMatchObject({ revenue: 32, tax: 2, refunds: 32, printfulCost: 0, stripeFees: 1.21, net: -1.21 });
  });

  it('a partial refund hands back its share of the tax', () => {
    const order = paidOrder({
      createdAt: at,
      paidAt: at,
      items: [orderLine({ quantity: 2 })],
      amounts: { subtotal: 85, shipping: 5, tax: 10, total: 100, currency: 'USD' },
      refunds: [{ id: 're_2', amount: 50, status: 'succeeded' }],
      fulfilment: { provider: 'printful', orderId: 2, status: 'fulfilled', cost: 30 },
    });
    const [row] = salesReport([order], month, NO_FEES);
    // 100 paid - 50 back - 5 tax still owed (half of 10) - 30 Printful
    expect(row).toMatchObject({ revenue: 100, tax: 10, refunds: 50, net: 15 });
  });

  it('an order without refunds owes all of its tax', () => {
    const order = paidOrder({
      createdAt: at,
      paidAt: at,
      amounts: { subtotal: 40, shipping: 5, tax: 3.6, total: 48.6, currency: 'USD' },
      fulfilment: { provider: 'printful', orderId: 3, status: 'pending', cost: 20 },
    });
    const [row] = salesReport([order], month, NO_FEES);
    expect(row.net).toBe(25);
  });
});
