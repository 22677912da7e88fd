/// <reference lib="dom" />
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { describeWithBrowser, VIEWPORTS } from './helpers/browser.js';
import { storeInBrowser } from './helpers/store-in-browser.js';

// docs/rules.md#local-prices in Chromium against the whole store: a fan in Dublin opens the store
// in euros with the VAT line in the footer, switches to pounds with the keyboard (every price on
// the page, and the next pages, in pounds), and back to euros with the mouse; the app, once it runs,
// keeps the page's currency (its catalogue reads and live stream ask for it).

describeWithBrowser('local prices in the browser', () => {
  const suite = storeInBrowser();

  async function irishPage(
    viewport: { width: number; height: number } = VIEWPORTS.desktop,
  ): Promise<{ page: Page; errors: string[] }> {
    const asOf = new Date().toISOString();
    for (const [currency, rate] of [
      ['EUR', 0.92],
      ['GBP', 0.79],
    ] as const)
      await suite.stack.store.set(COLLECTIONS.exchangeRates, currency, {
        currency,
        rate,
        asOf,
        source: 'feed',
        sourceDate: null,
      });
    const context = await suite.newContext(viewport);
    await context.setExtraHTTPHeaders({ 'Accept-Language': 'en-IE,en;q=0.8' });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error' && /hydrat|#418|#423|#425/i.test(m.text())) errors.push(m.text());
    });
    return { page, errors };
  }

  /** Every price the store's cards show, once the app has taken the page over. */
  async function cardPrices(page: Page): Promise<string[]> {
    await page.locator('#root[data-hydrated]').waitFor({ state: 'attached' });
    return page.locator('.product-card__price').allTextContents();
  }

  const picker = (page: Page) => page.getByRole('combobox', { name: 'Currency' });
  /** The picker applies a choice in place once the app has wired it (after the page is taken over). */
  const pickerReady = (page: Page) => page.locator('form.currency-picker[data-ready]').waitFor({ state: 'attached' });

  test('euros with VAT for Dublin; pounds by keyboard on this page and the next; euros again by mouse', async () => {
    const { page, errors } = await irishPage();
    await page.goto(`${suite.stack.url}/store`);
    await page.getByTestId('product-card').first().waitFor();
    const euros = await cardPrices(page);
    expect(euros.length).toBeGreaterThan(0);
    for (const price of euros) expect(price).toMatch(/^(From )?€\d/);
    await expect.poll(() => picker(page).inputValue()).toBe('EUR');
    expect(await page.locator('.currency-picker__note').textContent()).toBe('Prices in euros include VAT.');
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'shop_currency')?.value).toBe('EUR');

    // Keyboard: moving through the list does not load a page; "Change" does.
    await pickerReady(page);
    await picker(page).focus();
    await page.keyboard.press('ArrowDown');
    expect(await picker(page).inputValue()).toBe('GBP');
    expect(new URL(page.url()).searchParams.get('currency')).toBeNull();
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Change');
    await Promise.all([page.waitForURL(/currency=GBP/), page.keyboard.press('Enter')]);
    await page.getByTestId('product-card').first().waitFor();
    for (const price of await cardPrices(page)) expect(price).toMatch(/^(From )?£\d/);
    expect(await page.locator('.currency-picker__note').textContent()).toBe('Prices in pounds sterling include VAT.');
    // The live stream's snapshot (after the app runs) is in pounds too: no price turns back.
    await page.waitForLoadState('networkidle').catch(() => undefined);
    for (const price of await cardPrices(page)) expect(price).toMatch(/^(From )?£\d/);

    // The cookie keeps pounds: the store without ?currency= and a product page.
    await page.goto(`${suite.stack.url}/store`);
    for (const price of await cardPrices(page)) expect(price).toMatch(/^(From )?£\d/);
    // Each store page the server wrote in the shopper's currency was taken over as it was.
    expect(errors).toEqual([]);
    await page.getByTestId('product-card').first().getByRole('link').first().click();
    await page.getByTestId('product-price').waitFor();
    await page.locator('#root[data-hydrated]').waitFor({ state: 'attached' });
    expect(await page.getByTestId('product-price').textContent()).toMatch(/^(From )?£\d/);
    await expect.poll(() => picker(page).inputValue()).toBe('GBP');
    await page.reload();
    await page.locator('#root[data-hydrated]').waitFor({ state: 'attached' });
    expect(await page.getByTestId('product-price').textContent()).toMatch(/^(From )?£\d/);

    // The mouse: a choice applies at once.
    await pickerReady(page);
    await Promise.all([page.waitForURL(/currency=EUR/), picker(page).selectOption('EUR')]);
    await page.locator('#root[data-hydrated]').waitFor({ state: 'attached' });
    expect(await page.getByTestId('product-price').textContent()).toMatch(/^(From )?€\d/);
    expect(await page.locator('.currency-picker__note').textContent()).toBe('Prices in euros include VAT.');
  });

  test('on a phone the picker is a 44px target and nothing scrolls sideways', async () => {
    const { page } = await irishPage(VIEWPORTS.phone);
    await page.goto(`${suite.stack.url}/store`);
    await page.getByTestId('product-card').first().waitFor();
    for (const control of [picker(page), page.getByRole('button', { name: 'Change' })]) {
      const box = await control.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
