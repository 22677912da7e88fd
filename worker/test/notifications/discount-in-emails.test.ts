import { describe, expect, it } from 'vitest';
import { summaryHtml, summaryText } from '../../src/jobs/notifications/branded-layout.js';
import { paidOrder } from '../../../tests/fixtures/paid-order.js';

// docs/rules.md#what-a-merch-shopper-expects: the order e-mails show what a discount code took off, beside the other amounts.

describe('order e-mails with a discount code', () => {
  const discounted = paidOrder({
    discountCode: 'FRIENDS-5',
    amounts: { subtotal: 49.98, discount: 2.5, shipping: 4.99, tax: 0, total: 52.47, currency: 'USD' },
  });

  it('list the code and the amount off between the subtotal and shipping', () => {
    const text = summaryText(discounted);
    expect(text.slice(text.indexOf('Subtotal: $49.98'), text.indexOf('Total: $52.47') + 1)).toEqual([
      'Subtotal: $49.98',
      'Discount: -$2.50',
      'Shipping: $4.99',
      'Tax: $0.00',
      'Total: $52.47',
    ]);
    expect(summaryHtml(discounted)).toContain('Discount');
  });

  it('say nothing of discounts on an order without one', () => {
    const plain = paidOrder({
      amounts: { subtotal: 49.98, discount: 0, shipping: 4.99, tax: 0, total: 54.97, currency: 'USD' },
    });
    expect(summaryText(plain).join('\n')).not.toContain('Discount');
    expect(summaryHtml(plain)).not.toContain('Discount');
  });
});
