/// <reference lib="dom" />
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { MESSAGES } from '@shop/shared';
import { describeWithBrowser, launchBrowser, saveScreenshot, VIEWPORTS } from './helpers/browser.js';
import { startStoreStack, type StoreStack } from './helpers/stack.js';

// A tap that needs the network while the browser is offline says so, and the page opens by itself
// when the connection returns; the store's pictures that cannot arrive are neutral squares, not
// broken-image icons (docs/promises.md, "The cookie warning and the connection notice").

describeWithBrowser('offline taps', () => {
  let stack: StoreStack;
  let browser: Browser;

  beforeAll(async () => {
    stack = await startStoreStack();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    test(`${name}: the cart tapped offline says it needs a connection, then opens once back online`, async () => {
      const context = await browser.newContext({ viewport });
      await context.addInitScript(() => localStorage.setItem('cookie-consent', 'declined'));
      const page = await context.newPage();
      await page.goto(`${stack.url}/store`);
      await page.getByTestId('product-card').first().waitFor();
      await page.waitForLoadState('load');
      await page.locator('#root[data-hydrated]').waitFor({ state: 'attached' });
      await page.getByTestId('offline-navigation').waitFor({ state: 'attached', timeout: 20_000 });

      await context.setOffline(true);
      // Pictures asked for now (as those further down a long list would be) fail: each becomes
      // the neutral square instead of the browser's broken-image icon.
      await page.evaluate(() => {
        for (const img of Array.from(document.querySelectorAll<HTMLImageElement>('.product-card__image')))
          img.src = `${img.src}${img.src.includes('?') ? '&' : '?'}asked-offline`;
      });
      await expect
        .poll(() => page.locator('img[data-picture-missing]').count(), { timeout: 20_000 })
        .toBeGreaterThan(0);
      await page.locator('a.cart-link').click();
      const notice = page.getByRole('status').filter({ hasText: MESSAGES.offlineNavigation });
      await notice.waitFor({ timeout: 20_000 });
      await saveScreenshot(page, `offline-tap-cart-${viewport.width}`);

      await context.setOffline(false);
      await page.waitForURL(/\/store\/cart$/, { timeout: 20_000 });
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expect.poll(() => notice.count(), { timeout: 20_000 }).toBe(0);
      await context.close();
    });
  }
});
