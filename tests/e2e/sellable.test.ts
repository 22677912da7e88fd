/// <reference lib="dom" />
import { beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES } from '@shop/shared';
import { describeWithBrowser, saveScreenshot } from './helpers/browser.js';
import { storeInBrowser } from './helpers/store-in-browser.js';

// docs/rules.md#money-at-checkout and docs/rules.md#only-what-can-ship-is-sold as a shopper and the admin see them in Chromium: a cart line whose
// product was removed from Printful shows a notice and a remove button and blocks checkout until
// removed; the admin sync screen lists the variants the margin guard keeps off sale.

const KEPT = 'Pixel Perfect Tee';
const RETIRED = 'Ship It Tee';
const STICKER = 'Margin Test Sticker';
const WIDTHS = [375, 768, 1024, 1280];
const VIEWPORT = { width: 1280, height: 900 };
// Polls wait for their outcome for most of the test's own time, not vitest's default second: a
// cart write or a catalogue reload on a busy 2-core machine takes longer than that, and is not a
// failure.
const PATIENTLY = { timeout: 90_000 };

describeWithBrowser('only what can ship is sold, in the browser', () => {
  const suite = storeInBrowser({ products: 4 });

  beforeAll(async () => {
    // Kiss-cut stickers: the largest size costs Printful more than its retail price.
    suite.stack.printful.catalogue.add({ name: STICKER, kind: 'sticker' });
    await suite.stack.runSync({ fullSync: true });
  });

  async function addToCart(page: Page, title: string): Promise<void> {
    await page.goto(`${suite.stack.url}/store`);
    // The store page is pre-rendered: a click that lands while React is still hydrating its links
    // can be lost, and then no wait is long enough. Click once the app says it has hydrated, and
    // then wait for the product's heading for as long as the test may run (a busy machine loads
    // the product page's chunk slowly, which is not a failure).
    await page.locator('#root[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 0 });
    await page.getByRole('link', { name: title, exact: true }).click();
    await page.waitForURL(/\/store\/product\//, { timeout: 0 });
    await page.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 0 });
    // Apparel starts with no size chosen (docs/rules.md#what-a-merch-shopper-expects).
    await page.getByRole('group', { name: 'Size' }).getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => page.getByTestId('add-to-cart-message').textContent(), PATIENTLY).toMatch(/^Added /);
  }

  test('a cart line of a product removed from Printful is flagged, blocks checkout and can be removed', async () => {
    const page = await suite.newPage(VIEWPORT);
    await addToCart(page, RETIRED);
    await addToCart(page, KEPT);
    await page.goto(`${suite.stack.url}/store/cart`);
    await expect.poll(() => page.getByTestId('cart-line').count(), PATIENTLY).toBe(2);
    await expect.poll(() => page.locator('.sync-status').textContent(), PATIENTLY).toBe('');

    const retired = suite.stack.printful.catalogue.list().find((p) => p.name === RETIRED)!;
    suite.stack.printful.catalogue.remove(retired.id);
    await suite.stack.runSync({ fullSync: true });

    await page.reload();
    const flagged = page.getByTestId('cart-line').filter({ has: page.getByTestId('unavailable-flag') });
    await expect.poll(() => flagged.count(), PATIENTLY).toBe(1);
    expect(await flagged.getByRole('heading', { level: 3 }).textContent()).toBe(RETIRED);
    expect(await flagged.getByTestId('unavailable-flag').textContent()).toContain(MESSAGES.productUnavailable);
    expect(await page.getByRole('button', { name: 'Checkout' }).isDisabled()).toBe(true);

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(page, `cart-unavailable-${width}`);
    }

    await flagged.getByRole('button', { name: /^Remove/ }).click();
    await expect.poll(() => page.getByTestId('cart-line').count(), PATIENTLY).toBe(1);
    expect(await page.getByTestId('cart-line').getByRole('heading', { level: 3 }).textContent()).toBe(KEPT);
    await page.getByRole('link', { name: 'Checkout' }).waitFor();
  });

  test('the admin sync screen lists the variant priced below cost', async () => {
    const page = await suite.newPage(VIEWPORT);
    await page.goto(`${suite.stack.url}/login`);
    await page.getByLabel('E-mail address').fill(suite.stack.admin.email);
    await page.getByLabel('Password', { exact: true }).fill(suite.stack.admin.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    await page.waitForURL(`${suite.stack.url}/admin`); // an admin lands on the admin home
    await page.goto(`${suite.stack.url}/admin/sync`);
    const table = page.getByTestId('margin-guard');
    await table.waitFor();
    const rows = await table
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent)));
    expect(rows).toEqual([[STICKER, 'White / 5.5″×5.5″', '$4.49', '$4.69', '$4.69']]);

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(page, `admin-margins-${width}`);
    }
  });
});
