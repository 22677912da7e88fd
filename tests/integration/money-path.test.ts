import { shippingOptionLabel } from '@shop/shared/domain/delivery';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { orderAlertJobId } from '@shop/shared/domain/order';
import { orderSchema, type ShippingRatesResponse } from '@shop/shared/schemas';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { TEST_SHIPPING } from '../fixtures/shipping-destination.js';
import { startCheckoutStack, type CheckoutStack } from './checkout-stack.js';

// What a checkout charges (docs/rules.md#money-at-checkout), end to end through the API, both sandboxes, Redis,
// SQLite and the workers: the shopper picks a shipping option, Stripe adds tax, and the paid order
// records exactly what Stripe charged and is placed at Printful with the method paid for.

let stack: CheckoutStack;

beforeAll(async () => {
  stack = await startCheckoutStack({ env: { STRIPE_AUTOMATIC_TAX: 'true' } });
});

afterAll(async () => {
  await stack?.close();
});

const cents = (n: number | null | undefined) => (n ?? 0) / 100;

describe('the money path', () => {
  it('charges items, the chosen shipping and tax, stores those amounts and ships with the chosen method', async () => {
    const shopper = stack.guest();
    const [first, second] = stack.products;
    await shopper.add(first.id, 2, { size: first.variants[0].size, color: first.variants[0].color });
    await shopper.add(second.id, 1, { size: second.variants[0].size, color: second.variants[0].color });

    const query = new URLSearchParams(TEST_SHIPPING).toString();
    const quote = (await (
      await fetch(`${stack.apiUrl}/api/cart/shipping-rates?${query}`, { headers: shopper.headers })
    ).json()) as ShippingRatesResponse;
    expect(quote.source).toBe('printful');
    const express = quote.options.find((o) => o.id !== 'STANDARD');
    expect(express).toBeDefined();

    const session = await shopper.checkout();
    const record = stack.stripeSandbox.sessions.get(session.id)!;
    const chosen = record.shippingRates.find((r) => r.metadata.printful_shipping === express!.id)!;
    expect(chosen.fixed_amount.amount).toBe(Math.round(express!.amount * 100));
    await stack.pay(session.url, 'card', chosen.id);

    const order = await stack.waitForOrder(session.id, (o) => o.fulfilment.status === 'pending');
    const charged = record.session;
    expect(charged.total_details?.amount_tax).toBeGreaterThan(0);
    expect(order.amounts).toEqual({
      subtotal: cents(charged.amount_subtotal),
      shipping: cents(charged.total_details?.amount_shipping),
      tax: cents(charged.total_details?.amount_tax),
      // docs/rules.md#what-a-merch-shopper-expects: no code, nothing off.
      discount: cents(charged.total_details?.amount_discount),
      total: cents(charged.amount_total),
      currency: 'USD',
    });
    expect(order.amounts!.shipping).toBe(express!.amount);
    const itemsTotal = Math.round((first.variants[0].price * 2 + second.variants[0].price) * 100) / 100;
    expect(order.amounts!.subtotal).toBe(itemsTotal);
    expect(order.amounts!.total).toBeCloseTo(order.amounts!.subtotal + order.amounts!.shipping + order.amounts!.tax, 2);
    // The delivery window quoted is kept with the promise the cart showed, so the confirmation says
    // the same arrival; the option's name is kept without Printful's own date note.
    expect(order.shippingMethod).toEqual({
      id: express!.id,
      name: shippingOptionLabel(express!.name),
      minDeliveryDays: express!.minDeliveryDays,
      maxDeliveryDays: express!.maxDeliveryDays,
      promise: express!.arrives,
    });
    const confirmation = await (await fetch(`${stack.apiUrl}/api/orders/by-session/${session.id}`)).json();
    expect(confirmation).toMatchObject({ paidAt: order.paidAt, shippingMethod: order.shippingMethod });
    expect(order.number).toMatch(/^CS-\d{5,}$/);

    const placed = stack.printfulSandbox.orders.list().filter((o) => o.external_id === order.id);
    expect(placed).toHaveLength(1);
    expect(placed[0].shipping).toBe(express!.id);
  });

  it('keeps the preselected (cheapest) option when the shopper does not choose', async () => {
    const shopper = stack.guest();
    const [product] = stack.products;
    await shopper.add(product.id, 1, { size: product.variants[0].size, color: product.variants[0].color });
    const session = await shopper.checkout();
    await stack.pay(session.url);
    const order = await stack.waitForOrder(session.id, (o) => o.fulfilment.status === 'pending');
    expect(order.shippingMethod?.id).toBe('STANDARD');
    const placed = stack.printfulSandbox.orders.list().find((o) => o.external_id === order.id);
    expect(placed?.shipping).toBe('STANDARD');
    expect(order.amounts?.shipping).toBe(
      cents(stack.stripeSandbox.sessions.get(session.id)!.shippingRates[0].fixed_amount.amount),
    );
  });

  it('holds an order paid with an address outside its quote: paid, not sent to Printful, the studio told', async () => {
    const shopper = stack.guest();
    const [product] = stack.products;
    await shopper.add(product.id, 3, { size: product.variants[0].size, color: product.variants[0].color });
    // Quoted for California, paid with an Alaska address (Stripe only limits the country).
    const session = await shopper.checkout({ country: 'US', state: 'CA', zip: '91311' });
    await stack.pay(session.url, 'card', undefined, { state: 'AK', city: 'Anchorage', postal_code: '99501' });

    const order = await stack.waitForOrder(session.id, (o) => o.fulfilment.status === 'held-address');
    expect(order.status).toBe('paid');
    await stack.queuesIdle();
    expect(stack.printfulOrdersFor(order.id)).toEqual([]);
    const stored = orderSchema.parse(await stack.store.get(COLLECTIONS.orders, order.id));
    expect(stored.fulfilment.reason).toBe(
      'Shipping was quoted for CA, US but the order was paid with an address in AK, US; held, not sent to Printful',
    );
    const alert = `${orderAlertJobId('shipping-mismatch', order.id, session.id, 'studio')}.eml`;
    expect(stack.outboxFiles()).toContain(alert);
    // Quoted-printable: undo its soft line breaks before reading the text.
    const email = readFileSync(path.join(stack.config.OUTBOX_DIR, alert), 'utf8').replace(/=\n/g, '');
    expect(email).toContain('held: paid outside its quote');
    expect(email).toContain('Retry fulfilment');
  });

  it('places the order as usual when the paid address is where it was quoted', async () => {
    const shopper = stack.guest();
    const [product] = stack.products;
    await shopper.add(product.id, 1, { size: product.variants[0].size, color: product.variants[0].color });
    const session = await shopper.checkout({ country: 'US', state: 'IL' });
    await stack.pay(session.url, 'card', undefined, { state: 'il' });
    const order = await stack.waitForOrder(session.id, (o) => o.fulfilment.status === 'pending');
    expect(stack.printfulOrdersFor(order.id)).toHaveLength(1);
  });
});
