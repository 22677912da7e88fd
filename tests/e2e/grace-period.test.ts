/// <reference lib="dom" />
import { expect, test } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { orderSchema } from '@shop/shared/schemas';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { orderStatusPath } from '@shop/shared/pages';
import { payOnHostedPage, TEST_SHOPPER_ADDRESS } from '../fixtures/hosted-payment.js';
import { TEST_SHIPPING } from '../fixtures/shipping-destination.js';
import { describeWithBrowser, saveScreenshot, VIEWPORTS } from './helpers/browser.js';
import { storeInBrowser } from './helpers/store-in-browser.js';

// Journey 2's "within the hour" (docs/journeys.md), in Chromium against the whole stack with the
// grace period on (docs/after-payment.md#the-grace-period-before-production): a phone guest finds
// the order by number and e-mail, reads that it is not made yet, cancels it and is refunded; on a
// desktop the confirmation page offers the same, and once the order has gone to print, only a
// request to the studio.

const SHIRT = 'Pixel Perfect Tee';

describeWithBrowser('the grace period in the browser', () => {
  const suite = storeInBrowser({ env: { ORDER_GRACE_MINUTES: '60' } });

  /** A guest's shirts, bought through the API and paid on the sandbox's page. */
  async function paidGuestOrder(): Promise<{ sessionId: string }> {
    const headers = { 'x-guest-id': `guest-${crypto.randomUUID()}`, 'content-type': 'application/json' };
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
    await expect
      .poll(async () => (await orderOfSession(sessionId))?.fulfilment.status, { timeout: 30_000 })
      .toBe('draft');
    return { sessionId };
  }

  async function orderOfSession(sessionId: string) {
    const page = await suite.stack.store.query(COLLECTIONS.orders, {
      where: [['sessionId', '==', sessionId]],
      limit: 1,
    });
    return page.docs[0] ? orderSchema.parse(page.docs[0].data) : null;
  }

  test('a phone guest looks the order up within the hour, cancels it and is refunded in full', async () => {
    const { sessionId } = await paidGuestOrder();
    const order = (await orderOfSession(sessionId))!;
    const page = await suite.newPage(VIEWPORTS.phone);
    await page.goto(`${suite.stack.url}${orderStatusPath(order.number!)}`);
    await page.getByLabel('E-mail address').fill(TEST_SHOPPER_ADDRESS.email);
    await page.getByRole('button', { name: 'Find my order' }).click();
    await expect.poll(() => page.getByTestId('order-card-status').textContent()).toBe('Not yet made');
    expect(await page.getByTestId('order-cancel-until').textContent()).toMatch(/You can cancel this order until/);
    await saveScreenshot(page, 'grace-lookup-phone');

    await page.getByRole('button', { name: 'Cancel order' }).click();
    // One more question before anything is sent.
    expect(await page.getByText('Cancel this order and refund the full payment?').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Yes, cancel my order' }).click();
    await expect.poll(() => page.getByTestId('order-cancel-result').textContent()).toBe(MESSAGES.orderCancelled);
    await expect.poll(() => page.getByTestId('order-card-status').textContent(), { timeout: 30_000 }).toBe('Cancelled');
    await saveScreenshot(page, 'grace-lookup-phone-cancelled');
    await expect.poll(async () => (await orderOfSession(sessionId))?.status, { timeout: 30_000 }).toBe('refunded');
    expect((await orderOfSession(sessionId))?.fulfilment.status).toBe('canceled');
  });

  test('on a desktop the confirmation page offers the cancel; once in print, only a request to the studio', async () => {
    const { sessionId } = await paidGuestOrder();
    const page = await suite.newPage(VIEWPORTS.desktop);
    await page.goto(`${suite.stack.url}/store/order-success?session_id=${sessionId}`);
    await expect.poll(() => page.getByTestId('order-stage').getAttribute('data-stage')).toBe('changeable');
    expect(await page.getByRole('button', { name: 'Cancel order' }).isVisible()).toBe(true);
    await saveScreenshot(page, 'grace-confirmation-desktop');

    // The studio presses "Confirm now": the order goes to print.
    const order = (await orderOfSession(sessionId))!;
    const released = await fetch(`${suite.stack.url}/api/admin/orders/${order.id}/release`, {
      method: 'POST',
      headers: { authorization: `Bearer ${suite.stack.admin.token}` },
    });
    expect(released.status).toBe(202);
    await expect
      .poll(async () => (await orderOfSession(sessionId))?.fulfilment.status, { timeout: 30_000 })
      .toBe('pending');

    await page.reload();
    await expect.poll(() => page.getByTestId('order-stage').getAttribute('data-stage')).toBe('in-production');
    await page.getByRole('button', { name: 'Ask to cancel' }).click();
    await page.getByRole('button', { name: 'Yes, ask to cancel' }).click();
    await expect.poll(() => page.getByTestId('order-cancel-result').textContent()).toBe(MESSAGES.orderCancelRequested);
    await saveScreenshot(page, 'grace-confirmation-desktop-requested');
    await page.reload();
    await expect.poll(() => page.getByTestId('order-cancel-requested').isVisible()).toBe(true);
    expect((await orderOfSession(sessionId))?.fulfilment.status).toBe('pending');
  });
});
