/// <reference lib="dom" />
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { describeWithBrowser } from './helpers/browser.js';
import { storeInBrowser } from './helpers/store-in-browser.js';

// The pages the server renders are taken over by the app as they are (docs/rules.md#local-prices):
// a hydration mismatch makes React throw the server's HTML away and draw the page again, so it
// flickers and a choice made before the app ran is lost. A shopper in US dollars and one in euros
// open and reload product pages, the store, the cart and the home page; the browser must report
// no error, React's hydration errors (#418 and its kin) included.

describeWithBrowser('server pages taken over without a mismatch', () => {
  const suite = storeInBrowser();

  async function shopper(acceptLanguage: string): Promise<{ page: Page; errors: string[] }> {
    const asOf = new Date().toISOString();
    await suite.stack.store.set(COLLECTIONS.exchangeRates, 'EUR', {
      currency: 'EUR',
      rate: 0.92,
      asOf,
      source: 'feed',
      sourceDate: null,
    });
    const context = await suite.newContext();
    await context.setExtraHTTPHeaders({ 'Accept-Language': acceptLanguage });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error' && /hydrat|#418|#423|#425/i.test(m.text())) errors.push(`${page.url()}: ${m.text()}`);
    });
    return { page, errors };
  }

  /** The page is the app's, and what it asks for once it runs has arrived. */
  async function takenOver(page: Page): Promise<void> {
    await page.locator('#root[data-hydrated]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle').catch(() => undefined);
  }

  async function productPaths(page: Page): Promise<string[]> {
    await page.goto(`${suite.stack.url}/store`);
    await takenOver(page);
    const hrefs = await page
      .getByTestId('product-card')
      .locator('a[href*="/store/product/"]')
      .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    return [...new Set(hrefs)].slice(0, 2);
  }

  for (const [who, language, price] of [
    ['a shopper in US dollars', 'en-US,en;q=0.8', /^(From )?\$\d/],
    ['a shopper in euros', 'en-IE,en;q=0.8', /^(From )?€\d/],
  ] as const) {
    test(`${who}: product pages, loaded and reloaded, then the store, cart and home page`, async () => {
      const { page, errors } = await shopper(language);
      const products = await productPaths(page);
      expect(products).toHaveLength(2);
      for (const path of products) {
        await page.goto(`${suite.stack.url}${path}`);
        await takenOver(page);
        expect(await page.getByTestId('product-price').textContent()).toMatch(price);
        await page.reload();
        await takenOver(page);
        expect(await page.getByTestId('product-price').textContent()).toMatch(price);
        // The page the shopper reads is the product, not a loading screen drawn over it.
        await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBe(1);
      }
      for (const path of ['/store', '/store/cart', '/']) {
        await page.goto(`${suite.stack.url}${path}`);
        await takenOver(page);
        await page.reload();
        await takenOver(page);
      }
      expect(errors).toEqual([]);
    });
  }
});
