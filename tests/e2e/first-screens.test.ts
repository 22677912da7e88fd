/// <reference lib="dom" />
import { expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { describeWithBrowser, saveScreenshot, VIEWPORTS } from './helpers/browser.js';
import { storeInBrowser } from './helpers/store-in-browser.js';

// What the first screen shows, before any scrolling: on a phone the cart's total and its way to
// checkout, and the checkout's total; at 1280x800 the product's Add to cart. A title block must
// not push them below the fold (review 2026-11-29, #17 and #18).

const SHIRT = 'Pixel Perfect Tee';
const MUG = '404 Coffee Not Found Mug';

describeWithBrowser('first screens', () => {
  const suite = storeInBrowser();

  /** Wholly inside the window, at the top of the page. */
  async function inFirstScreen(target: Locator): Promise<boolean> {
    return target.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
    });
  }

  async function openProduct(page: Page, title: string): Promise<void> {
    await page.goto(`${suite.stack.url}/store`);
    await page.getByRole('link', { name: title, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
  }

  async function add(page: Page, size?: string): Promise<void> {
    if (size) await page.getByRole('group', { name: 'Size' }).getByRole('radio', { name: size, exact: true }).check();
    await page.getByRole('button', { name: 'Add to cart' }).first().click();
    await expect.poll(() => page.getByTestId('add-to-cart-message').textContent()).toMatch(/^Added /);
  }

  test('on a phone the cart opens on its total and Checkout, and the checkout on its total', async () => {
    const page = await suite.newPage(VIEWPORTS.phone);
    await openProduct(page, SHIRT);
    await add(page, 'M');
    await openProduct(page, MUG);
    await add(page);
    await page.goto(`${suite.stack.url}/store/cart`);
    await page.getByTestId('cart-line').first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    const quick = page.getByTestId('cart-quick-total');
    expect(await inFirstScreen(quick)).toBe(true);
    expect(await quick.textContent()).toMatch(/\$\d/);
    expect(await inFirstScreen(page.getByRole('link', { name: 'Check out', exact: true }))).toBe(true);
    await saveScreenshot(page, 'first-screen-cart-375');
    await page.setViewportSize(VIEWPORTS.desktop);
    // Beside the lines the summary says it all: the phone's line is not repeated there.
    expect(await quick.isVisible()).toBe(false);
    await saveScreenshot(page, 'first-screen-cart-1280');
    await page.setViewportSize(VIEWPORTS.phone);

    await page.goto(`${suite.stack.url}/store/checkout`);
    await page.getByTestId('checkout-total').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await inFirstScreen(page.getByTestId('checkout-total'))).toBe(true);
    await saveScreenshot(page, 'first-screen-checkout-375');
  });

  test("on a phone the admin's navigation takes one row, and no admin page is wider than the screen", async () => {
    const admin = await suite.newPage(VIEWPORTS.phone);
    await admin.goto(`${suite.stack.url}/login`);
    await admin.getByLabel('E-mail address').fill(suite.stack.admin.email);
    await admin.getByLabel('Password', { exact: true }).fill(suite.stack.admin.password);
    await admin.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    await admin.waitForURL(`${suite.stack.url}/admin`);
    await admin.goto(`${suite.stack.url}/admin/orders`);
    const nav = admin.getByRole('navigation', { name: 'Administration' });
    await nav.waitFor();
    // One row of 44 px links (it scrolls sideways), not three rows above the orders.
    expect(await nav.evaluate((el) => el.getBoundingClientRect().height)).toBeLessThan(70);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await admin.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(admin, 'first-screen-admin-orders-375');
  });

  test('at 1280x800 the product page shows Add to cart in the first screen', async () => {
    const page = await suite.newPage(VIEWPORTS.desktop);
    await openProduct(page, SHIRT);
    await page.evaluate(() => window.scrollTo(0, 0));
    const button = page.locator('main').getByRole('button', { name: 'Add to cart' }).first();
    expect(await inFirstScreen(button)).toBe(true);
    // A title of two lines ("Rubber Duck Debugging Tee" at this width) still leaves it in view.
    await page.getByRole('heading', { level: 1 }).evaluate((h1) => (h1.textContent = 'Rubber Duck Debugging Tee'));
    expect(
      await page.getByRole('heading', { level: 1 }).evaluate((h1) => h1.getBoundingClientRect().height),
    ).toBeGreaterThan(60);
    expect(await inFirstScreen(button)).toBe(true);
    await saveScreenshot(page, 'first-screen-product-1280');
  });
});
