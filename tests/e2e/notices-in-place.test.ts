/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import { expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { MESSAGES } from '@shop/shared';
import { describeWithBrowser, saveScreenshot, VIEWPORTS } from './helpers/browser.js';
import { storeInBrowser } from './helpers/store-in-browser.js';

// The notices a page shows above its content (the connection notice, the welcome after sign-up)
// never lie over the header or the page's heading: on a small phone each takes its place in the
// page, and the store says "You are offline" once (review 2026-11-26, #31 and #2).

const SMALL_PHONE = { width: 375, height: 667 };
const OFFLINE = /you are offline|you're offline/i;

describeWithBrowser('notices in their place', () => {
  const suite = storeInBrowser();

  /** Whether what the browser would hit at the element's centre is the element or inside it. */
  async function uncovered(target: Locator): Promise<boolean> {
    return target.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit !== null && (el === hit || el.contains(hit));
    });
  }

  /** Wholly inside the window. */
  async function inView(target: Locator): Promise<boolean> {
    return target.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0;
    });
  }

  /** The header (its centre, the logo and the cart) and the h1 are in view and nothing lies over them. */
  async function expectHeaderAndHeadingClear(page: Page, where: string): Promise<void> {
    const header = page.getByRole('banner');
    for (const [name, target] of [
      ['header', header],
      ['logo', header.locator('.site-header__brand')],
      ['cart', header.locator('a.cart-link')],
      ['h1', page.getByRole('heading', { level: 1 })],
    ] as const) {
      expect({ where, name, inView: await inView(target) }).toEqual({ where, name, inView: true });
      expect({ where, name, uncovered: await uncovered(target) }).toEqual({ where, name, uncovered: true });
    }
  }

  /** Elements whose own text says the browser is offline (the innermost ones, as a reader meets them). */
  async function offlineMessages(page: Page): Promise<string[]> {
    return page.evaluate((pattern) => {
      const re = new RegExp(pattern, 'i');
      return Array.from(document.body.querySelectorAll<HTMLElement>('*'))
        .filter((el) => el.offsetParent !== null || getComputedStyle(el).position === 'fixed')
        .filter((el) => re.test(el.innerText ?? ''))
        .filter((el) => !Array.from(el.children).some((child) => re.test((child as HTMLElement).innerText ?? '')))
        .map((el) => el.innerText);
    }, OFFLINE.source);
  }

  async function goOffline(page: Page, where: string): Promise<void> {
    const context = page.context();
    await context.setOffline(true);
    const notice = page.locator('[data-network-status="offline"]');
    await notice.waitFor({ timeout: 20_000 });
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expectHeaderAndHeadingClear(page, `${where}, top of the page`);
    // The heading scrolled to as focus or a link would bring it (just under the sticky header).
    await page
      .getByRole('heading', { level: 1 })
      .evaluate((h1) => h1.scrollIntoView({ block: 'start', behavior: 'instant' }));
    await expectHeaderAndHeadingClear(page, `${where}, heading scrolled to`);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));

    expect(await offlineMessages(page)).toHaveLength(1);
    // One line on a small phone.
    const lines = await notice.evaluate((el) => {
      const lineHeight = parseFloat(getComputedStyle(el).lineHeight);
      const style = getComputedStyle(el);
      const content = el.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
      return Math.round(content / lineHeight);
    });
    expect(lines).toBe(1);
    await saveScreenshot(page, `notices-offline-${where}-${page.viewportSize()!.width}`);

    await context.setOffline(false);
    await expect.poll(() => notice.count(), { timeout: 20_000 }).toBe(0);
    expect(await offlineMessages(page)).toEqual([]);
  }

  async function openStore(page: Page): Promise<void> {
    await page.goto(`${suite.stack.url}/store`);
    await page.getByTestId('product-card').first().waitFor();
    await page.waitForLoadState('load');
    await page.locator('#root[data-hydrated]').waitFor({ state: 'attached' });
    // The offline taps' notice (loaded after hydration) is in the browser before the connection drops.
    await page.getByTestId('offline-navigation').waitFor({ state: 'attached', timeout: 20_000 });
  }

  for (const viewport of [SMALL_PHONE, VIEWPORTS.desktop]) {
    test(`${viewport.width} px: offline on the store and on a product, one short notice covers neither header nor heading`, async () => {
      const page = await suite.newPage(viewport);
      await openStore(page);
      await goOffline(page, 'store');

      await page.getByRole('link', { name: 'Pixel Perfect Tee', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Pixel Perfect Tee' }).waitFor();
      await goOffline(page, 'product');
    });
  }

  for (const viewport of [SMALL_PHONE, VIEWPORTS.desktop]) {
    test(`${viewport.width} px: the welcome after sign-up sits under the header, over nothing, is announced and can be dismissed`, async () => {
      const page = await suite.newPage(viewport);
      await page.goto(`${suite.stack.url}/login`);
      await page.locator('#root[data-hydrated]').waitFor({ state: 'attached' });
      await page.getByRole('button', { name: 'Create account' }).first().click();
      await page.getByLabel('E-mail address').fill(`welcome-${randomUUID()}@example.test`);
      await page.getByLabel('Password', { exact: true }).fill('long-enough-password');
      await page.getByRole('button', { name: 'Create account' }).last().click();
      // Creating the account goes through the identity provider's emulator, slow on a busy machine.
      await page.waitForURL(`${suite.stack.url}/store`, { timeout: 60_000 });

      const notice = page.getByTestId('page-notice');
      const text = notice.getByText(MESSAGES.welcomeAccountReady);
      await text.waitFor({ timeout: 20_000 });
      await page.getByTestId('product-card').first().waitFor();
      await expectHeaderAndHeadingClear(page, 'after sign-up');
      // Under the header, in view.
      const header = (await page.getByRole('banner').boundingBox())!;
      expect((await text.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
      expect(await inView(text)).toBe(true);
      // Read politely by screen readers, once.
      expect(
        await notice.evaluate(
          (el) => el.getAttribute('aria-live') ?? (el.getAttribute('role') === 'status' ? 'polite' : null),
        ),
      ).toBe('polite');
      expect(await page.getByText(MESSAGES.welcomeAccountReady).count()).toBe(1);
      await saveScreenshot(page, `notices-welcome-${viewport.width}`);

      await notice.getByRole('button', { name: 'Dismiss this notice' }).click();
      await expect.poll(() => page.getByText(MESSAGES.welcomeAccountReady).count()).toBe(0);
      await expectHeaderAndHeadingClear(page, 'welcome dismissed');
    });
  }

  test('375 px: on a slow link the notice is a line of the header, over neither the header, the heading nor the buy bar, and a dismissal holds', async () => {
    const page = await suite.newPage(SMALL_PHONE);
    // About 0.3 Mbps, below the spec's 1 Mbps: the speed test after loading says "slow".
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: 40_000,
      uploadThroughput: 40_000,
    });
    // The test store shows Printful's own mockups unresized (about 350 KB each): at this speed they
    // alone hold the page's load, after which the speed test runs, for minutes. The notice is about
    // the page, not its pictures, so they are left out here.
    await page.route('**/images/mockups/**', (route) => route.abort());
    await page.goto(`${suite.stack.url}/store`);
    await page.getByRole('link', { name: 'Pixel Perfect Tee', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Pixel Perfect Tee' }).waitFor({ timeout: 60_000 });
    const notice = page.locator('[data-network-status="slow"]');
    await notice.waitFor({ timeout: 60_000 });
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expectHeaderAndHeadingClear(page, 'slow link');
    expect(await inView(notice)).toBe(true);
    // Scrolled down, the sticky header keeps it at the top: the buy bar at the bottom is clear.
    await page.evaluate(() => window.scrollTo({ top: 900, behavior: 'instant' }));
    // The bar docks and undocks as the page scrolls: read it and what lies over it in one step.
    const barCovered = await page.evaluate(() => {
      const bar = document.querySelector('.buy-bar');
      if (!bar) return false;
      const box = bar.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit !== null && bar !== hit && !bar.contains(hit);
    });
    expect(barCovered).toBe(false);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await saveScreenshot(page, 'notices-slow-375');

    await notice.getByRole('button', { name: 'Dismiss this notice' }).click();
    await expect.poll(() => notice.count()).toBe(0);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Pixel Perfect Tee' }).waitFor({ timeout: 60_000 });
    await page.waitForLoadState('load');
    await page.locator('#root[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });
    // The speed test runs again after this load and finds the link slow; the visitor said enough.
    await page.waitForFunction(
      () => performance.getEntriesByType('resource').some((e) => e.name.includes('speedTest=')),
      undefined,
      { timeout: 60_000 },
    );
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(await notice.count()).toBe(0);
  });
});
