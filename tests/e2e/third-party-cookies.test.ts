/// <reference lib="dom" />
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { MESSAGES } from '@shop/shared';
import { CHROME_ARGS, CHROME_PATH } from '../fixtures/chromium.js';
import { describeWithBrowser, followAppScripts, launchBrowser, saveScreenshot, VIEWPORTS } from './helpers/browser.js';
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
    // The full browser: its fresh contexts block third-party cookies, the headless shell's do not.
    browser = await launchBrowser({ fullBrowser: true });
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

  /** Lets React render what a promise just decided: two animation frames. */
  const rendered = (page: Page) =>
    page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

  const overlaps = (a: { y: number; height: number }, b: { y: number; height: number }) =>
    a.y < b.y + b.height && b.y < a.y + a.height;

  test('a browser that blocks third-party cookies is warned only after something failed because of it, beside the page, and a dismissal holds in the next tab', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    await answerConsent(context);
    const page = await context.newPage();
    await page.goto(`${storeUrl()}/store`);
    await page.getByTestId('product-card').first().waitFor();

    // Blocked, but browsing works: no warning on the store (nor on a product, nor at checkout),
    // and no check either (a frame on another site) until something fails for want of cookies.
    await page.waitForLoadState('load');
    await page.evaluate(() => new Promise((done) => requestIdleCallback(() => requestIdleCallback(done))));
    await rendered(page);
    expect(await page.evaluate(() => sessionStorage.getItem('third-party-cookies'))).toBeNull();
    const banner = page.getByRole('alert').filter({ hasText: MESSAGES.thirdPartyCookies });
    expect(await banner.count()).toBe(0);
    await page.getByTestId('product-card').first().getByRole('link').first().click();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await rendered(page);
    expect(await banner.count()).toBe(0);

    // A sign-in through the identity provider's frames fails the way blocked cookies make it fail.
    await page.evaluate(() =>
      window.dispatchEvent(
        new CustomEvent('shop:cookie-dependent-failure', { detail: { code: 'auth/web-storage-unsupported' } }),
      ),
    );
    expect(await checked(page)).toBe('blocked');
    await banner.waitFor({ timeout: 20_000 });
    // It covers neither the header nor the page's heading.
    const box = (await banner.boundingBox())!;
    for (const covered of [page.getByRole('banner'), page.getByRole('heading', { level: 1 })])
      expect(overlaps(box, (await covered.boundingBox())!)).toBe(false);

    // Offline with the warning above the header: the connection notice is a line of the header,
    // under its links, over neither them, nor the warning, nor the page's heading.
    await context.setOffline(true);
    const offline = page.locator('[data-network-status="offline"]');
    await offline.waitFor({ timeout: 20_000 });
    const offlineBox = (await offline.boundingBox())!;
    for (const other of [page.locator('.site-header__inner'), banner, page.getByRole('heading', { level: 1 })])
      expect(overlaps(offlineBox, (await other.boundingBox())!)).toBe(false);
    await saveScreenshot(page, 'third-party-warning-and-offline-375');
    await context.setOffline(false);
    await expect.poll(() => offline.count(), { timeout: 20_000 }).toBe(0);

    await page.getByRole('button', { name: 'Dismiss the cookie warning' }).click();
    await expect.poll(() => banner.count()).toBe(0);
    // Dismissed in this browser: a new tab does not bring it back, even after another failure.
    const nextTab = await context.newPage();
    await nextTab.goto(`${storeUrl()}/about`);
    await nextTab.getByRole('heading', { level: 1 }).waitFor();
    await nextTab.waitForLoadState('load');
    // A dismissal skips the check and the warning, whatever fails.
    await nextTab.locator('#root[data-hydrated]').waitFor();
    await nextTab.evaluate(() => window.dispatchEvent(new CustomEvent('shop:cookie-dependent-failure')));
    await rendered(nextTab);
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
    await page.locator('#root[data-hydrated]').waitFor();
    // Even after a sign-in failed in a way blocked cookies could explain, the check finds them kept.
    await page.evaluate(() =>
      window.dispatchEvent(
        new CustomEvent('shop:cookie-dependent-failure', { detail: { code: 'auth/network-request-failed' } }),
      ),
    );
    expect(await checked(page)).toBe('kept');
    await rendered(page);
    expect(await page.getByText(MESSAGES.thirdPartyCookies).count()).toBe(0);
  });
});
