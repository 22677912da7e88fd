/// <reference lib="dom" />
import { TEST_SHIPPING } from '../fixtures/shipping-destination.js';
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { orderSchema } from '@shop/shared/schemas';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { createStripeClient } from '@shop/shared/providers/stripe';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { confirmationEmailJobId } from '@shop/shared/domain/order';
import { createTestUser, type TestUser } from '../fixtures/auth.js';
import { payOnHostedPage, TEST_SHOPPER_ADDRESS } from '../fixtures/hosted-payment.js';
import { readableMessage } from '../fixtures/mime-message.js';
import { outboxFiles } from '../fixtures/outbox.js';
import { describeWithBrowser, saveScreenshot } from './helpers/browser.js';
import { storeInBrowser } from './helpers/store-in-browser.js';

// After payment, in Chromium against the whole real stack (docs/rules.md#after-payment): a signed-in shopper
// pays, the studio refunds the payment in Stripe (the sandbox signs and delivers the refund events
// to the API, the worker applies them), then the shopper sees the refunded order on /account and
// the admin finds it on /admin/orders.

const SHIRT = 'Pixel Perfect Tee';

describeWithBrowser('orders after payment in the browser', () => {
  const suite = storeInBrowser();
  const { newPage } = suite;
  let shopper: TestUser;

  beforeAll(async () => {
    shopper = await createTestUser({ email: `buyer-${randomUUID()}@example.test` });
  });

  async function signIn(page: Page, email: string, password: string, landing = '/store'): Promise<void> {
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    await page.waitForURL(`${suite.stack.url}${landing}`);
  }

  /** The shopper's checkout through the API with their own token, paid on the sandbox's page. */
  async function paidOrderOf(user: TestUser): Promise<string> {
    const headers = { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' };
    const products = (await (await fetch(`${suite.stack.url}/api/products?limit=50`)).json()) as {
      products: Array<{ id: string; title: string }>;
    };
    const shirt = products.products.find((p) => p.title === SHIRT)!;
    const added = await fetch(`${suite.stack.url}/api/cart/items`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ productId: shirt.id, quantity: 2, size: 'M' }),
    });
    expect(added.status).toBeLessThan(300);
    const checkout = await fetch(`${suite.stack.url}/api/checkout/sessions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ shipping: TEST_SHIPPING }),
    });
    const { id: sessionId, url } = (await checkout.json()) as { id: string; url: string };
    await payOnHostedPage(url);
    return sessionId;
  }

  async function orderOfSession(sessionId: string) {
    const page = await suite.stack.store.query(COLLECTIONS.orders, {
      where: [['sessionId', '==', sessionId]],
      limit: 1,
    });
    return page.docs[0] ? orderSchema.parse(page.docs[0].data) : null;
  }

  test('a refunded order shows on the shopper’s /account and on the admin’s /admin/orders', async () => {
    const sessionId = await paidOrderOf(shopper);
    await expect
      .poll(async () => (await orderOfSession(sessionId))?.fulfilment.status, { timeout: 30_000 })
      .toBe('pending');

    // The studio refunds the whole payment in Stripe; the sandbox delivers the signed events.
    const stripe = createStripeClient(suite.stack.config, { maxNetworkRetries: 0 });
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    const refund = await stripe.refunds.create({ payment_intent: session.payment_intent as string });
    await expect.poll(async () => (await orderOfSession(sessionId))?.status, { timeout: 30_000 }).toBe('refunded');
    // The Printful order, still pending, is cancelled right after.
    await expect
      .poll(async () => (await orderOfSession(sessionId))?.fulfilment.status, { timeout: 30_000 })
      .toBe('canceled');
    const order = (await orderOfSession(sessionId))!;
    expect(order.refunds).toEqual([{ id: refund.id, amount: refund.amount / 100, status: 'succeeded' }]);

    const page = await newPage();
    await page.goto(`${suite.stack.url}/account`);
    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await signIn(page, shopper.email, shopper.password, '/account');
    const card = page.getByTestId('account-order').first();
    await card.waitFor();
    expect(await card.getByTestId('order-card-status').textContent()).toBe('Refunded');
    expect(await card.getByTestId('order-card-refunded').textContent()).toBe(
      `−${new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(refund.amount / 100)}`,
    );
    expect(await card.textContent()).toContain(SHIRT);
    for (const width of [375, 768, 1024, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await saveScreenshot(page, `account-orders-${width}`);
    }

    const admin = await newPage();
    await admin.goto(`${suite.stack.url}/admin/orders?status=refunded`);
    await admin.waitForURL(`${suite.stack.url}/login`);
    await signIn(admin, suite.stack.admin.email, suite.stack.admin.password, '/admin/orders');
    await admin.getByRole('combobox', { name: 'Status' }).selectOption('refunded');
    const row = admin.getByTestId('admin-order').filter({ hasText: session.id });
    await row.waitFor();
    expect(await row.getByTestId('admin-order-status').textContent()).toBe('Refunded');
    expect(await row.textContent()).toContain(refund.id);
    await row.getByText(/^History/).click();
    expect(await row.locator('.admin-order__events').textContent()).toMatch(/Stripe: (refund made|payment refunded)/);
    for (const width of [375, 768, 1024, 1280]) {
      await admin.setViewportSize({ width, height: 900 });
      await saveScreenshot(admin, `admin-orders-${width}`);
    }
  });

  test('an order paid with an address outside its quote reads "on hold" on the confirmation, the lookup, the e-mail and the admin', async () => {
    // A guest quoted for California pays with an Alaska address (a gift, a slip in the list).
    const headers = { 'x-guest-id': `guest-${randomUUID()}`, 'content-type': 'application/json' };
    const { products } = (await (await fetch(`${suite.stack.url}/api/products?limit=50`)).json()) as {
      products: Array<{ id: string; title: string }>;
    };
    const shirt = products.find((p) => p.title === SHIRT)!;
    const added = await fetch(`${suite.stack.url}/api/cart/items`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ productId: shirt.id, quantity: 1, size: 'M' }),
    });
    expect(added.status).toBeLessThan(300);
    const checkout = await fetch(`${suite.stack.url}/api/checkout/sessions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ shipping: { country: 'US', state: 'CA', zip: '91311' } }),
    });
    const { id: sessionId, url } = (await checkout.json()) as { id: string; url: string };
    const back = await payOnHostedPage(url, 'card', undefined, {
      state: 'AK',
      city: 'Anchorage',
      postal_code: '99501',
    });
    await expect
      .poll(async () => (await orderOfSession(sessionId))?.fulfilment.status, { timeout: 30_000 })
      .toBe('held-address');
    const order = (await orderOfSession(sessionId))!;

    // The confirmation the shopper lands on: on hold, what happens next, no "confirmed".
    const page = await newPage();
    await page.goto(new URL(new URL(back).pathname + new URL(back).search, suite.stack.url).toString());
    const heading = page.getByTestId('order-stage');
    await expect.poll(() => heading.getAttribute('data-stage'), { timeout: 30_000 }).toBe('on-hold');
    const notice = (await page.getByTestId('order-status').innerText()).toLowerCase();
    expect(notice).toContain('on hold');
    expect(notice).toContain('we will contact you');
    expect(notice).not.toContain('confirmed');
    expect(notice).not.toContain('sent the order to our print partner');
    expect(await page.getByTestId('delivery-estimate').count()).toBe(0);
    // Nor does the way to cancel it say it has gone to print.
    await expect.poll(() => page.locator('main').innerText()).toMatch(/nothing is being made/i);
    expect(await page.locator('main').innerText()).not.toMatch(/gone to print/i);
    await saveScreenshot(page, 'held-order-confirmation-1280');

    // Later, the lookup by number and e-mail: the same words, never an internal code.
    await page.goto(`${suite.stack.url}/store/order-status`);
    await page.getByLabel('Order number').fill(order.number!);
    await page.getByLabel('E-mail address').fill(TEST_SHOPPER_ADDRESS.email);
    await page.getByRole('button', { name: 'Find my order' }).click();
    const card = page.getByTestId('order-card');
    await card.waitFor();
    expect(await card.getByTestId('order-card-status').textContent()).toBe('On hold');
    expect(await card.textContent()).not.toContain('held-address');
    expect(await card.getByTestId('order-card-hold').textContent()).toMatch(/we will contact you/i);
    expect(await card.innerText()).not.toMatch(/gone to print/i);
    await saveScreenshot(page, 'held-order-lookup-1280');

    // The e-mail says the same: payment received, on hold; nothing about printing now.
    const file = `${confirmationEmailJobId(order.id)}.eml`;
    await expect.poll(() => outboxFiles(suite.stack.config.OUTBOX_DIR), { timeout: 20_000 }).toContain(file);
    const email = readableMessage(readFileSync(path.join(suite.stack.config.OUTBOX_DIR, file), 'utf8'));
    expect(email).toMatch(/Subject: .*on hold/);
    expect(email).not.toMatch(/printing your items now/i);

    // The studio's list: the same badge, and a filter that finds it.
    const admin = await newPage();
    await admin.goto(`${suite.stack.url}/admin/orders?status=on-hold`);
    await admin.waitForURL(`${suite.stack.url}/login`);
    await signIn(admin, suite.stack.admin.email, suite.stack.admin.password, '/admin/orders');
    await admin.getByRole('combobox', { name: 'Status' }).selectOption('on-hold');
    const row = admin.getByTestId('admin-order').filter({ hasText: sessionId });
    await row.waitFor();
    expect(await row.getByTestId('admin-order-status').textContent()).toBe('On hold');
  });
});
