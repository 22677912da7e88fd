/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { JOBS } from '@shop/shared/server/queues';
import path from 'node:path';
import { expect, test } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { confirmationEmailJobId, variantLabel } from '@shop/shared/domain/order';
import { variantWords } from '@shop/shared/domain/product';
import { orderSchema } from '@shop/shared/schemas';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { orderStatusPath } from '@shop/shared/pages';
import { payOnHostedPage, TEST_SHOPPER_ADDRESS } from '../fixtures/hosted-payment.js';
import { TEST_SHIPPING } from '../fixtures/shipping-destination.js';
import { outboxFiles } from '../fixtures/outbox.js';
import { readableMessage } from '../fixtures/mime-message.js';
import { describeWithBrowser, saveScreenshot, VIEWPORTS } from './helpers/browser.js';
import { storeInBrowser } from './helpers/store-in-browser.js';

// Journey 2's "within the hour" (docs/journeys.md), in Chromium against the whole stack with the
// grace period on (docs/after-payment.md#the-grace-period-before-production): a phone guest finds
// the order by number and e-mail, opens it with the code e-mailed to them, reads that it is not
// made yet, cancels it and is refunded; on a
// desktop the confirmation page offers the same, and once the order has gone to print, only a
// request to the studio. Journey 2's end: the link of the confirmation e-mail, opened in a fresh
// browser, changes a line's size within the hour, and the Printful draft follows.

const SHIRT = 'Pixel Perfect Tee';

describeWithBrowser('the grace period in the browser', () => {
  // TRUST_PROXY: each shopper below comes from an address of their own (x-forwarded-for), as real
  // shoppers do, so the lookups of one test do not spend the per-client budget of the next.
  const suite = storeInBrowser({ env: { ORDER_GRACE_MINUTES: '60', TRUST_PROXY: '127.0.0.1' } });

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

  /** The one-time code the order page asked for, from the e-mail the mail sink kept. */
  async function codeFromOutbox(orderId: string): Promise<string> {
    const files = () =>
      outboxFiles(suite.stack.config.OUTBOX_DIR).filter((f) =>
        f.startsWith(`${JOBS.notifications.orderAccessCode}-${orderId}-`),
      );
    await expect.poll(() => files().length, { timeout: 30_000 }).toBe(1);
    const email = readableMessage(readFileSync(path.join(suite.stack.config.OUTBOX_DIR, files()[0]), 'utf8'));
    return /Your code: (\d{6})/.exec(email)![1];
  }

  test('a phone guest looks the order up within the hour, cancels it and is refunded in full', async () => {
    const { sessionId } = await paidGuestOrder();
    const order = (await orderOfSession(sessionId))!;
    const page = await suite.newPage(VIEWPORTS.phone);
    await page.goto(`${suite.stack.url}${orderStatusPath(order.number!)}`);
    await page.getByLabel('E-mail address').fill(TEST_SHOPPER_ADDRESS.email);
    await page.getByRole('button', { name: 'Find my order' }).click();
    await expect.poll(() => page.getByTestId('order-card-status').textContent()).toBe('Not yet made');
    // Number and e-mail show where it stands; cancelling takes the code e-mailed to the order's address.
    await page.getByRole('button', { name: 'E-mail me a code' }).click();
    await page.getByLabel('Code from the e-mail').fill(await codeFromOutbox(order.id));
    await page.getByRole('button', { name: 'Open my order' }).click();
    await expect
      .poll(() => page.getByTestId('order-cancel-until').textContent())
      .toMatch(/You can cancel this order until/);
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

  /** The order-status link of the confirmation e-mail the mail sink kept, as a path on this store. */
  async function confirmationLink(orderId: string): Promise<string> {
    const file = `${confirmationEmailJobId(orderId)}.eml`;
    await expect.poll(() => outboxFiles(suite.stack.config.OUTBOX_DIR), { timeout: 30_000 }).toContain(file);
    const email = readableMessage(readFileSync(path.join(suite.stack.config.OUTBOX_DIR, file), 'utf8'));
    const link = /https?:\/\/[^\s"'<>]*\/store\/order-status\?number=[^\s"'<>]+/.exec(email)?.[0];
    expect(link, 'the confirmation e-mail links to the order').toBeDefined();
    const url = new URL(link!.replaceAll('&amp;', '&'));
    expect(url.searchParams.get('key')).toMatch(/^[A-Za-z0-9_-]{32}$/);
    return `${url.pathname}${url.search}`;
  }

  test.each([
    ['phone', VIEWPORTS.phone, 375],
    ['desktop', VIEWPORTS.desktop, 1280],
  ] as const)(
    "on a %s, the confirmation e-mail's link opens the order in a fresh browser and changes a size; the Printful draft follows",
    async (_name, viewport, width) => {
      const { sessionId } = await paidGuestOrder();
      const before = (await orderOfSession(sessionId))!;
      const link = await confirmationLink(before.id);

      // A fresh browser: no session, no e-mail typed; the link's key finds the order.
      const context = await suite.newContext(viewport);
      await context.setExtraHTTPHeaders({ 'x-forwarded-for': `198.51.100.${width === 375 ? 75 : 128}` });
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      await page.goto(`${suite.stack.url}${link}`);
      const change = page.getByTestId('order-change');
      await change.waitFor();
      expect(await page.getByTestId('order-card-production').textContent()).toBe('Production: Not yet made');
      const select = change.getByLabel(/Change size or colour: Pixel Perfect Tee/);
      // The first size or colour at the price paid ("Black / L", colour first); other prices cannot be chosen.
      const choice = await select.evaluate((el) => {
        const option = Array.from((el as HTMLSelectElement).options).find((o) => o.value && !o.disabled);
        return option ? option.textContent : null;
      });
      expect(choice).toBeTruthy();
      await select.selectOption({ label: choice! });
      await saveScreenshot(page, `grace-change-email-link-${width}`);
      await change.getByRole('button', { name: 'Save', exact: true }).click();

      await expect.poll(() => page.getByTestId('order-change-result').textContent()).toBe(MESSAGES.orderChanged);
      // The order read again shows the new size, on the line and in its change form.
      await expect
        .poll(() => change.getByTestId('order-change-line').first().textContent())
        .toContain(`(now ${choice})`);
      const after = (await orderOfSession(sessionId))!;
      expect(variantWords(after.items[0])).toBe(choice);
      expect(await page.getByTestId('order-card-item').first().textContent()).toContain(variantLabel(after.items[0]));
      await saveScreenshot(page, `grace-change-email-link-${width}-changed`);

      expect(after.items[0].syncVariantId).not.toBe(before.items[0].syncVariantId);
      expect(after.changes).toEqual([expect.objectContaining({ kind: 'variant', via: 'email-link' })]);
      // The Printful sandbox's draft now names the new variant, and is still a draft.
      const draft = () => suite.stack.printful.orders.list().find((o) => o.external_id === before.id);
      await expect
        .poll(() => draft()?.items[0].sync_variant_id, { timeout: 30_000 })
        .toBe(after.items[0].syncVariantId);
      expect(draft()?.status).toBe('draft');
    },
  );
});
