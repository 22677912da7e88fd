import { describe, expect, it } from 'vitest';
import type { Order } from '@shop/shared/schemas';
import { shopperAlertEmail, studioAlertEmail } from '../../src/jobs/notifications/order-alert-emails.js';
import { orderLine, paidOrder } from '../../../tests/fixtures/paid-order.js';

// The after-payment e-mails' content: the studio's name, the short number, items with unit
// prices, subtotal, shipping, tax and total, a support contact; provider text escaped.

const now = '2026-11-23T10:00:00.000Z';
const order: Order = paidOrder({
  id: 'ord_5f2c9a1b7d3e4f60a8b9c0d1',
  number: 'CS-10042',
  sessionId: 'cs_test_abc1234567890',
  items: [orderLine({ name: 'Pixel <b>Perfect</b> Tee', variantName: 'Black / M' })],
  amounts: { subtotal: 49.98, shipping: 4.75, tax: 4.3, total: 59.03, currency: 'USD' },
  totalPrice: 59.03,
  owner: { kind: 'user', id: 'u1' },
  createdAt: now,
  updatedAt: now,
  paidAt: now,
  fulfilment: { provider: 'printful', orderId: 100000001, status: 'failed' },
});
const links = { supportEmail: 'help@studio.test', url: 'https://shop.test/account' };

describe('after-payment e-mails', () => {
  it('a refund e-mail names the studio, the order number, each unit price, the amounts and where to ask', () => {
    const email = shopperAlertEmail(
      order,
      { orderId: order.id, kind: 'refunded', note: '59.03', refundId: 're_1' },
      links,
    );
    expect(email.subject).toBe('Your Copperleaf Studio order CS-10042: $59.03 refunded');
    for (const part of [email.text, email.html]) {
      expect(part).toContain('Copperleaf Studio');
      expect(part).toContain('CS-10042');
      expect(part).toContain('$24.99');
      for (const amount of ['$49.98', '$4.75', '$4.30', '$59.03']) expect(part).toContain(amount);
      expect(part).toContain('help@studio.test');
    }
    expect(email.replyTo).toBe('help@studio.test');
    expect(email.html).toContain('max-width:600px');
    expect(email.html).toContain('Pixel &lt;b&gt;Perfect&lt;/b&gt; Tee');
    expect(email.html).not.toContain('<b>Perfect</b>');
  });

  it("a studio alert carries Printful's reason, the references and what to do, with the reason escaped", () => {
    const email = studioAlertEmail(
      order,
      { orderId: order.id, kind: 'fulfilment-failed', note: 'File <script>x</script> missing' },
      { ...links, url: 'https://shop.test/admin/orders?status=paid' },
    );
    expect(email.subject).toBe(
      '[Copperleaf Studio] Order CS-10042: Printful order failed (File <script>x</script> missing)',
    );
    expect(email.text).toMatch(/What to do: Fix the cause in Printful's dashboard/);
    expect(email.text).toContain('cs_test_abc1234567890');
    expect(email.html).toContain('File &lt;script&gt;x&lt;/script&gt; missing');
    expect(email.html).not.toContain('<script>');
  });

  it('the studio hears of a cancellation before production with the amount refunded, not as a reason', () => {
    const email = studioAlertEmail(
      order,
      { orderId: order.id, kind: 'cancelled-in-grace', note: '313.84' },
      { ...links, url: 'https://shop.test/admin/orders/x' },
    );
    expect(email.subject).toBe(
      '[Copperleaf Studio] Order CS-10042: cancelled by the shopper before production ($313.84 refunded)',
    );
    expect(email.text).toContain('Refunded: $313.84');
    expect(email.text).not.toContain('Reason given');
  });

  it("a studio alert's footer says what it is, instead of asking the studio to write to itself", () => {
    const email = studioAlertEmail(
      order,
      { orderId: order.id, kind: 'fulfilment-failed', note: 'File missing' },
      { ...links, url: 'https://shop.test/admin/orders/x' },
    );
    for (const part of [email.text, email.html]) {
      expect(part).not.toContain('Questions? Write to');
      expect(part).toContain('An alert from the store to the studio about order CS-10042');
    }
  });
});
