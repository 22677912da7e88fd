/// <reference lib="dom" />
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { describeWithBrowser, saveScreenshot, VIEWPORTS } from './helpers/browser.js';
import { storeInBrowser } from './helpers/store-in-browser.js';

// Shipping is chosen where the total is shown (docs/rules.md#money-at-checkout): on the checkout
// page the quoted options are a radio group, the total follows the one checked, and the payment
// page opens with that option preselected and charges it; the order says it.

const SHIRT = 'Pixel Perfect Tee';
const TABLET = { width: 768, height: 1024 };

const amount = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

describeWithBrowser('choosing shipping at checkout', () => {
  const suite = storeInBrowser();

  async function shirtInCart(page: Page): Promise<void> {
    await page.goto(`${suite.stack.url}/store`);
    await page.getByRole('link', { name: SHIRT, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: SHIRT }).waitFor();
    await page.getByRole('group', { name: 'Size' }).getByRole('radio', { name: 'M', exact: true }).check();
    await page.getByRole('button', { name: 'Add to cart' }).first().click();
    await expect.poll(() => page.getByTestId('add-to-cart-message').textContent()).toMatch(/^Added /);
  }

  async function shipTo(page: Page, zip: string): Promise<void> {
    if ((await page.getByTestId('shipping-destination').count()) > 0)
      await page.getByTestId('shipping-estimate').getByRole('button', { name: 'Change', exact: true }).click();
    await page.getByLabel('Country', { exact: true }).selectOption('US');
    await page.getByLabel('State or territory').selectOption({ label: 'Oregon' });
    await page.getByLabel(/^Postal code/).fill(zip);
    await page.getByRole('button', { name: 'Show shipping options' }).click();
  }

  const totalLine = async (page: Page) => ({
    label: await page.getByTestId('total-with-shipping-label').textContent(),
    total: await page.getByTestId('total-with-shipping').textContent(),
  });

  test('Express picked on the checkout page is the total shown, preselected on the payment page, charged and on the order', async () => {
    const page = await suite.newPage(VIEWPORTS.phone);
    await shirtInCart(page);
    await page.goto(`${suite.stack.url}/store/checkout`);
    await page.locator('#root[data-hydrated="true"]').waitFor();
    await page.getByTestId('sandbox-notice').waitFor();
    await shipTo(page, '97205');

    const group = page.getByRole('group', { name: 'Shipping' });
    const flat = group.getByRole('radio', { name: /^Flat Rate/ });
    const express = group.getByRole('radio', { name: /^Express/ });
    await express.waitFor();
    expect(await page.getByText('Pick one of these on the payment page').count()).toBe(0);
    const items = amount(await page.getByTestId('checkout-total').textContent());
    const price = async (option: 'Flat Rate' | 'Express') =>
      amount(
        await page.getByTestId('shipping-option').filter({ hasText: option }).locator('span').last().textContent(),
      );
    const flatPrice = await price('Flat Rate');
    const expressPrice = await price('Express');
    expect(expressPrice).toBeGreaterThan(flatPrice);

    // The cheapest is checked until the shopper picks.
    expect(await flat.isChecked()).toBe(true);
    expect(await totalLine(page)).toEqual({
      label: 'Total with Flat Rate',
      total: `$${(items + flatPrice).toFixed(2)}`,
    });

    await express.check();
    await expect
      .poll(() => totalLine(page))
      .toEqual({
        label: 'Total with Express',
        total: `$${(items + expressPrice).toFixed(2)}`,
      });
    // Arrow keys move the choice within the group, as in any radio group.
    await express.focus();
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => flat.isChecked()).toBe(true);
    await expect.poll(() => totalLine(page)).toMatchObject({ label: 'Total with Flat Rate' });
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => express.isChecked()).toBe(true);
    await expect.poll(() => totalLine(page)).toMatchObject({ label: 'Total with Express' });

    // Without a postal code no Express is quoted: the total falls back to the cheapest option.
    await shipTo(page, '');
    await expect.poll(() => page.getByTestId('shipping-option').count()).toBe(1);
    await expect
      .poll(() => page.getByTestId('total-with-shipping').textContent())
      .toBe(`$${(items + flatPrice).toFixed(2)}`);
    await shipTo(page, '97205');
    await express.waitFor();
    await express.check();
    await expect.poll(() => totalLine(page)).toMatchObject({ label: 'Total with Express' });
    const promised = await page.getByTestId('total-with-shipping').textContent();

    await page.evaluate(() => window.scrollTo(0, 0));
    expect(
      await page
        .getByTestId('checkout-total')
        .evaluate((el) => el.getBoundingClientRect().bottom <= window.innerHeight),
    ).toBe(true);
    await saveScreenshot(page, 'shipping-choice-checkout-375');
    await page.getByTestId('shipping-options').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'shipping-choice-options-375');
    await page.setViewportSize(TABLET);
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'shipping-choice-checkout-768');
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'shipping-choice-checkout-1280');
    await page.setViewportSize(VIEWPORTS.phone);

    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL((u) => u.origin === new URL(suite.stack.stripe.url).origin);
    const sessionId = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]);
    const preselected = page.locator('label:has(input[name="shipping_rate"]:checked)');
    expect(await preselected.textContent()).toMatch(/^\s*Express: Arrives /);
    expect(await page.locator('input[name="shipping_rate"]').count()).toBe(2);
    await saveScreenshot(page, 'shipping-choice-payment-page-375');
    await page.getByLabel('E-mail').fill('express@example.com');
    await page.getByLabel('Full name').fill('Express Buyer');
    await page.getByLabel('Address line 1').fill('1120 SW 5th Ave');
    await page.getByLabel('City').fill('Portland');
    await page.getByLabel('State / region').fill('OR');
    await page.getByLabel('Postal code').fill('97205');
    await page.locator('button.pay').click();

    await page.waitForURL((u) => u.pathname === '/store/confirmation' && u.searchParams.has('session_id'));
    const charged = suite.stack.stripe.sessions.get(sessionId)!.session;
    expect(charged.shipping_cost?.amount_total).toBe(Math.round(expressPrice * 100));
    expect(charged.amount_total).toBe(Math.round((items + expressPrice) * 100));
    await expect
      .poll(() => page.getByTestId('order-status').getAttribute('data-status'), { timeout: 30_000 })
      .toBe('paid');
    expect(await page.getByTestId('shipping-method').textContent()).toBe('Express');
    expect(await page.getByTestId('order-total').textContent()).toBe(promised);
  });
});
