/// <reference lib="dom" />
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { MESSAGES } from '@shop/shared';
import { CHROME_ARGS, CHROME_PATH } from '../fixtures/chromium.js';
import { describeWithBrowser, followAppScripts, launchBrowser, VIEWPORTS } from './helpers/browser.js';
import { startStoreStack, type StoreStack } from './helpers/stack.js';

// The spec's banner when the browser blocks third-party cookies, checked the way the store does
// it: a hidden frame on another site (here the other loopback name of the same server) tries to
// keep a cookie. A fresh browser context blocks third-party cookies, as Chrome's incognito windows
// and Safari do; a profile set like Chrome's default window keeps them.

describeWithBrowser('third-party cookie banner', () => {
  let stack: StoreStack;
  let browser: Browser;
  let keepingProfile: BrowserContext | null = null;
  const profileDir = mkdtempSync(path.join(os.tmpdir(), 'shop-cookies-profile-'));

  beforeAll(async () => {
    stack = await startStoreStack({ env: { COOKIE_PROBE_ORIGIN: 'loopback' } });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await keepingProfile?.close();
    await browser?.close();
    await stack?.close();
    rmSync(profileDir, { recursive: true, force: true });
  });

  /** The store opened under "localhost", so the check frame on 127.0.0.1 is another site. */
  const storeUrl = () => stack.url.replace('127.0.0.1', 'localhost');

  async function answerConsent(context: BrowserContext): Promise<void> {
    await context.addInitScript(() => {
      if (!localStorage.getItem('cookie-consent')) localStorage.setItem('cookie-consent', 'declined');
    });
  }

  /** Waits until the page's check has answered (the verdict is kept for the tab). */
  async function checked(page: Page): Promise<string> {
    const verdict = await page.waitForFunction(() => sessionStorage.getItem('third-party-cookies'), null, {
      timeout: 20_000,
    });
    return (await verdict.jsonValue()) as string;
  }

  test('a browser that blocks third-party cookies gets the warning beside the page, never over it, and a dismissal holds in the next tab', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    await answerConsent(context);
    const page = await context.newPage();
    await page.goto(`${storeUrl()}/store`);
    await page.getByTestId('product-card').first().waitFor();

    const banner = page.getByRole('alert').filter({ hasText: MESSAGES.thirdPartyCookies });
    await banner.waitFor({ timeout: 20_000 });
    expect(await checked(page)).toBe('blocked');
    // It covers neither the header nor the "Store" heading (docs/rules.md#the-signed-in-shopper).
    const box = (await banner.boundingBox())!;
    for (const covered of [page.getByRole('banner'), page.getByRole('heading', { level: 1 })]) {
      const other = (await covered.boundingBox())!;
      const overlaps = box.y < other.y + other.height && other.y < box.y + box.height;
      expect(overlaps).toBe(false);
    }

    await page.getByRole('button', { name: 'Dismiss the cookie warning' }).click();
    await expect.poll(() => banner.count()).toBe(0);
    // Dismissed in this browser: a new tab does not bring it back.
    const nextTab = await context.newPage();
    await nextTab.goto(`${storeUrl()}/about`);
    await nextTab.getByRole('heading', { level: 1 }).waitFor();
    await nextTab.waitForLoadState('load');
    // The warning's check runs once the page is idle after load: past that point it would show.
    await nextTab.evaluate(() => new Promise((done) => requestIdleCallback(() => requestIdleCallback(done))));
    expect(await nextTab.getByText(MESSAGES.thirdPartyCookies).count()).toBe(0);
    await context.close();
  });

  test('a browser that keeps third-party cookies sees no warning', async () => {
    // Chrome's default for ordinary windows: block third-party cookies in incognito only.
    mkdirSync(path.join(profileDir, 'Default'), { recursive: true });
    writeFileSync(
      path.join(profileDir, 'Default', 'Preferences'),
      JSON.stringify({ profile: { cookie_controls_mode: 2 } }),
    );
    keepingProfile = followAppScripts(
      await chromium.launchPersistentContext(profileDir, {
        executablePath: CHROME_PATH,
        args: CHROME_ARGS,
        headless: true,
        viewport: VIEWPORTS.phone,
      }),
    );
    await answerConsent(keepingProfile);
    const page = await keepingProfile.newPage();
    await page.goto(`${storeUrl()}/store`);
    await page.getByTestId('product-card').first().waitFor();
    expect(await checked(page)).toBe('kept');
    expect(await page.getByText(MESSAGES.thirdPartyCookies).count()).toBe(0);
  });
});
