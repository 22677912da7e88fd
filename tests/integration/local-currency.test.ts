import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema } from '@shop/shared/schemas';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { readableMessage } from '../fixtures/mime-message.js';
import { startCheckoutStack, type CheckoutStack } from './checkout-stack.js';

// docs/rules.md#local-prices: a shopper in Dublin pays in euros exactly what the cart showed, and
// the order, its e-mail and the studio's figures keep what was paid, the rate and the dollars.

const RATE = 0.92;
const DUBLIN = { country: 'IE', zip: 'D02 X285' };

let stack: CheckoutStack;

beforeAll(async () => {
  stack = await startCheckoutStack({ env: { STRIPE_AUTOMATIC_TAX: 'true' } });
  await stack.store.set(COLLECTIONS.exchangeRates, 'EUR', {
    currency: 'EUR',
    rate: RATE,
    asOf: new Date().toISOString(),
    source: 'feed',
    sourceDate: null,
  });
});

afterAll(async () => {
  await stack?.close();
});

describe('a checkout in euros', () => {
  it('charges the cart total in EUR, and the order records the euros, the rate and the dollars', async () => {
    const shopper = stack.guest();
    shopper.headers.cookie = 'shop_currency=EUR';
    const [tee] = stack.products;
    await shopper.add(tee.id, 2, { size: tee.variants[0].size, color: tee.variants[0].color });
    const cart = (await fetch(`${stack.apiUrl}/api/cart`, { headers: shopper.headers }).then((r) => r.json())) as {
      currency: string;
      amounts: { total: number };
    };
    expect(cart.currency).toBe('EUR');

    const session = await shopper.checkout(DUBLIN);
    const record = stack.stripeSandbox.sessions.get(session.id)!;
    expect(record.session.currency).toBe('eur');
    expect(record.session.amount_subtotal).toBe(cart.amounts.total);

    await stack.pay(session.url, 'card', undefined, {
      country: 'IE',
      city: 'Dublin',
      state: '',
      postal_code: 'D02 X285',
    });
    await stack.waitForOrder(session.id, (o) => o.status === 'paid');
    const stored = await stack.store.query(COLLECTIONS.orders, { where: [['sessionId', '==', session.id]] });
    const order = orderSchema.parse(stored.docs[0].data);
    const paid = stack.stripeSandbox.sessions.get(session.id)!.session;
    expect(order).toMatchObject({ currency: 'EUR', exchangeRate: RATE });
    expect(order.amounts).toMatchObject({
      currency: 'EUR',
      subtotal: cart.amounts.total / 100,
      total: (paid.amount_total ?? 0) / 100,
    });
    // Prices include VAT: Stripe takes it out of them, adding nothing on top.
    expect(paid.amount_total).toBe((paid.amount_subtotal ?? 0) + (paid.total_details?.amount_shipping ?? 0));
    expect(order.amountsUsd).toMatchObject({
      currency: 'USD',
      total: Math.round(((paid.amount_total ?? 0) / 100 / RATE) * 100) / 100,
    });
    expect(order.items[0]).toMatchObject({ unitPrice: cart.amounts.total / 200, unitPriceUsd: tee.variants[0].price });

    await stack.queuesIdle();
    const email = readableMessage(
      readFileSync(path.join(stack.config.OUTBOX_DIR, `order-confirmation-${order.id}.eml`), 'utf8'),
    );
    const total = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(order.amounts!.total);
    expect(email).toContain(`Total: ${total}`);
    // The VAT inside the prices is said to be included, not added.
    const vat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(order.amounts!.tax);
    expect(email).toContain(`VAT included: ${vat}`);
    expect(email).not.toMatch(/\$\d/);
  });
});
