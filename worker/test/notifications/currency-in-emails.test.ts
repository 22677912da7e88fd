import { describe, expect, it } from 'vitest';
import { summaryHtml, summaryText } from '../../src/jobs/notifications/branded-layout.js';
import { paidOrder } from '../../../tests/fixtures/paid-order.js';

// docs/rules.md#local-prices: an order's e-mails write money in the currency it was paid in, and
// the VAT inside euro, pound and Australian-dollar prices as included, not added.

describe('order e-mails in the currency paid', () => {
  const order = (currency: 'EUR' | 'GBP' | 'CAD' | 'JPY', amounts: Record<string, number>) =>
    paidOrder({
      currency,
      exchangeRate: 0.92,
      items: paidOrder().items.map((item) => ({ ...item, unitPrice: amounts.unit, unitPriceUsd: 24.99, quantity: 2 })),
      amounts: {
        subtotal: amounts.subtotal,
        discount: 0,
        shipping: amounts.shipping,
        tax: amounts.tax,
        total: amounts.total,
        currency,
      },
    });

  it('euros, VAT included', () => {
    const text = summaryText(order('EUR', { unit: 28, subtotal: 56, shipping: 9.32, tax: 12.21, total: 65.32 }));
    expect(text).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/: 2 x €28\.00 = €56\.00$/),
        'Subtotal: €56.00',
        'Shipping: €9.32',
        'VAT included: €12.21',
        'Total: €65.32',
      ]),
    );
    expect(text.join('\n')).not.toMatch(/\$/);
  });

  it('pounds, VAT included; Canadian dollars with the tax added', () => {
    expect(summaryText(order('GBP', { unit: 23.99, subtotal: 47.98, shipping: 7, tax: 9.16, total: 54.98 }))).toContain(
      'VAT included: £9.16',
    );
    const cad = summaryText(order('CAD', { unit: 33.99, subtotal: 67.98, shipping: 10, tax: 10.14, total: 88.12 }));
    expect(cad).toEqual(expect.arrayContaining(['Tax: CA$10.14', 'Total: CA$88.12']));
  });

  it('yen in whole units', () => {
    const html = summaryHtml(order('JPY', { unit: 4100, subtotal: 8200, shipping: 2310, tax: 956, total: 10510 }));
    expect(html).toContain('¥10,510');
    expect(html).toContain('2 &times; ¥4,100');
  });
});
