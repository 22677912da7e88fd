/// <reference lib="dom" />
// page.evaluate callbacks run in the browser, so their code sees the DOM types.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createTestApp, type TestApp } from '../../api/test/helpers/test-app.js';
import { PLACEHOLDER_IMAGE } from '@shop/shared';
import { announce, seedCatalogue, storefrontProduct } from '../../api/test/catalog/catalog-fixtures.js';
import { describeWithBrowser, launchBrowser, VIEWPORTS } from './helpers/browser.js';
import { ensureWebBuild } from './helpers/web-build.js';

// Pages rendered at build time (and the store pages, rendered on request), served by the real API (docs/rules.md#search-engines-and-link-previews): the SPA takes them over
// without a flash (the server's DOM nodes are kept, not replaced), without layout shift and without
// console errors, and navigation works afterwards.

interface PageReport {
  /** Whether the first <h1> the HTML parser made is still the one on screen after hydration. */
  sameHeading: boolean;
  heading: string;
  layoutShift: number;
  /** Whether the cookie banner the HTML parser made (a first visit's) is the one on screen now. */
  sameBanner: boolean;
  /** Its buttons work (a plain form before the script, the app once it runs). */
  bannerReady: boolean;
}

// Runs before any page script: records the parsed <h1> and sums layout shifts as they happen.
const OBSERVE = () => {
  const w = window as unknown as { __shift: number; __firstHeading: Element | null; __firstBanner: Element | null };
  w.__shift = 0;
  w.__firstHeading = null;
  w.__firstBanner = null;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
      if (!entry.hadRecentInput) w.__shift += entry.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
  document.addEventListener('readystatechange', () => {
    if (document.readyState === 'interactive') {
      w.__firstHeading = document.querySelector('main h1');
      w.__firstBanner = document.querySelector('#root > .consent-banner');
    }
  });
};

let t: TestApp;
let base: string;
let browser: Browser;

async function hydrated(page: Page): Promise<void> {
  // web/src/app/root-layout.tsx marks the root once the page's content is the SPA's (hydrated or rendered).
  await page.waitForSelector('#root[data-hydrated="true"]', { state: 'attached' });
  await page.waitForLoadState('networkidle');
}

async function report(page: Page): Promise<PageReport> {
  return page.evaluate(() => {
    const w = window as unknown as { __shift: number; __firstHeading: Element | null; __firstBanner: Element | null };
    const heading = document.querySelector('main h1');
    const banner = document.querySelector('#root > .consent-banner');
    return {
      sameHeading: !!heading && heading === w.__firstHeading,
      heading: heading?.textContent ?? '',
      layoutShift: w.__shift,
      sameBanner: !!banner && banner === w.__firstBanner,
      bannerReady: !!banner && Array.from(banner.querySelectorAll('button')).every((b) => !b.disabled),
    };
  });
}

describeWithBrowser('pre-rendered pages in Chromium', () => {
  beforeAll(async () => {
    ensureWebBuild();
    t = await createTestApp({}, undefined, { serveWeb: true });
    // Images the build serves, so a missing file is not mistaken for a page error.
    const images = { thumbnail_url: PLACEHOLDER_IMAGE, images: [PLACEHOLDER_IMAGE] };
    await seedCatalogue(t.store, [
      storefrontProduct('tee-1', {
        title: 'Copperleaf Tee',
        price: 24.5,
        description: 'A soft cotton shirt with the leaf logo.',
        ...images,
      }),
      storefrontProduct('mug-1', { title: 'Copperleaf Mug', price: 14, ...images }),
    ]);
    await announce(t.app, []);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const CASES = [
    { path: '/', heading: 'We build websites that load fast, read well and work for everyone.' },
    { path: '/about', heading: 'A small studio that sweats the details' },
    { path: '/packages', heading: 'Clear packages, fixed prices' },
    { path: '/blog', heading: 'Notes from the studio' },
    { path: '/blog/scoping-in-two-weeks', heading: 'How we scope a project in two weeks' },
    { path: '/no-such-page', heading: 'Page not found' },
    // Rendered by the server on request, from the catalogue.
    { path: '/store', heading: 'Store' },
    { path: '/store/product/tee-1', heading: 'Copperleaf Tee' },
    // Its shell only: the lines come from the shopper's own cart after hydration.
    { path: '/store/cart', heading: 'Your cart' },
  ];

  for (const viewport of ['phone', 'desktop'] as const) {
    test(`on a ${viewport}, each pre-rendered page hydrates in place, without layout shift or console errors`, async () => {
      const context = await browser.newContext({ viewport: VIEWPORTS[viewport] });
      await context.addInitScript(OBSERVE);
      try {
        for (const { path, heading } of CASES) {
          const page = await context.newPage();
          const errors: string[] = [];
          page.on('console', (m) => {
            // The not-found page's own 404 status is logged by Chromium as a failed resource.
            if (m.type() === 'error' && !(path === '/no-such-page' && m.text().includes('404'))) errors.push(m.text());
          });
          page.on('pageerror', (e) => errors.push(e.message));
          const response = await page.goto(`${base}${path}`);
          expect(response?.status(), path).toBe(path === '/no-such-page' ? 404 : 200);
          await hydrated(page);
          const r = await report(page);
          expect(r.heading, path).toBe(heading);
          expect(
            r.sameHeading,
            `${path}: the parsed heading was replaced, so the page re-rendered instead of hydrating`,
          ).toBe(true);
          expect(r.layoutShift, path).toBeLessThan(0.1);
          // A first visit: the server sent the cookie banner with the page, and hydration kept it.
          expect(r.sameBanner, `${path}: the cookie banner was not in the HTML, or was replaced`).toBe(true);
          expect(r.bannerReady, path).toBe(true);
          expect(errors, path).toEqual([]);
          // The page's text painted before any of the app's scripts was even requested.
          const timing = await page.evaluate(() => ({
            paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
            scripts: performance
              .getEntriesByType('resource')
              .filter((r) => /^\/assets\/.+\.js$/.test(new URL(r.name).pathname))
              .map((r) => r.startTime),
          }));
          expect(timing.paint, path).not.toBeNull();
          expect(timing.scripts.length, path).toBeGreaterThan(0);
          expect(Math.min(...timing.scripts), path).toBeGreaterThanOrEqual(timing.paint!);
          await page.close();
        }
      } finally {
        await context.close();
      }
    });
  }

  test('a visitor who answered the cookie banner gets pages without it, before and after hydration', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    await context.addCookies([{ name: 'cookie-consent', value: 'declined', url: base }]);
    await context.addInitScript(OBSERVE);
    try {
      for (const path of ['/', '/store', '/store/cart']) {
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
        page.on('pageerror', (e) => errors.push(e.message));
        await page.goto(`${base}${path}`);
        await hydrated(page);
        expect(
          await page.evaluate(() => (window as unknown as { __firstBanner: Element | null }).__firstBanner),
          path,
        ).toBeNull();
        expect(await page.locator('.consent-banner').count(), path).toBe(0);
        expect(errors, path).toEqual([]);
        await page.close();
      }
    } finally {
      await context.close();
    }
  });

  test('the store and a product page open their live stream without downloading the list they came with, and a change still arrives', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    // Every event the live catalogue stream delivers, by name, from before the page's scripts.
    await context.addInitScript(() => {
      const w = window as unknown as { __streamEvents: string[] };
      w.__streamEvents = [];
      const Native = window.EventSource;
      window.EventSource = class extends Native {
        constructor(url: string | URL, init?: EventSourceInit) {
          super(url, init);
          for (const name of ['snapshot', 'unchanged']) this.addEventListener(name, () => w.__streamEvents.push(name));
        }
      };
    });
    const streamEvents = (page: Page) =>
      page.evaluate(() => (window as unknown as { __streamEvents: string[] }).__streamEvents);
    try {
      for (const path of ['/store/product/tee-1', '/store']) {
        const page = await context.newPage();
        await page.goto(`${base}${path}`);
        await hydrated(page);
        await expect.poll(() => streamEvents(page), { message: path }).toEqual(['unchanged']);
        if (path === '/store') {
          await seedCatalogue(t.store, [storefrontProduct('cap-1', { title: 'Copperleaf Cap', price: 18 })]);
          await announce(t.app, ['cap-1']);
          await expect.poll(() => streamEvents(page)).toEqual(['unchanged', 'snapshot']);
          await page.getByRole('heading', { name: 'Copperleaf Cap' }).waitFor();
        }
        await page.close();
      }
    } finally {
      await context.close();
    }
  });

  test('after hydration, links navigate inside the SPA and a blog post opens from the list', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await page.goto(`${base}/blog`);
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await page.getByRole('link', { name: 'What a 100 ms faster page is worth' }).click();
    await expect.poll(() => page.locator('main h1').textContent()).toBe('What a 100 ms faster page is worth');
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await expect.poll(() => page.title()).toBe('What a 100 ms faster page is worth | Copperleaf Studio');
    await context.close();
  });

  test("the print-on-demand post's link to the store opens the store inside the SPA", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    const page = await context.newPage();
    await page.goto(`${base}/blog/print-on-demand-honestly`);
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await page.locator('.prose').getByRole('link', { name: 'our store', exact: true }).click();
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Store');
    expect(new URL(page.url()).pathname).toBe('/store');
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await context.close();
  });

  test('a page opened from its address starts at the top, whatever page was scrolled before; a reload keeps its place', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    // Every scroll position the document goes through, from before its first script.
    await context.addInitScript(() => {
      const w = window as unknown as { __scrolls: number[] };
      w.__scrolls = [];
      addEventListener('scroll', () => w.__scrolls.push(window.scrollY), { passive: true });
    });
    const page = await context.newPage();
    await page.goto(`${base}/about`);
    await hydrated(page);
    await page.evaluate(() => window.scrollTo({ top: 900, behavior: 'instant' }));
    await page.waitForFunction(() => window.scrollY >= 900);
    // A new address typed or followed from outside: a new document, not a step back in history.
    await page.goto(`${base}/packages`);
    await hydrated(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // Reading on, then reloading the same page, comes back to the same place, and once there it
    // stays: the page is not thrown to the top and back while the script takes it over (React
    // Router's restoration did that, and on a slow phone the second move could come too late).
    await page.evaluate(() => window.scrollTo({ top: 700, behavior: 'instant' }));
    await page.waitForFunction(() => window.scrollY >= 700);
    await page.reload();
    await hydrated(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(700);
    const scrolls = await page.evaluate(() => (window as unknown as { __scrolls: number[] }).__scrolls);
    const back = scrolls.findIndex((y) => y >= 700);
    expect(Math.min(...scrolls.slice(back)), `scroll positions after the reload: ${scrolls.join(', ')}`).toBe(700);
    await context.close();
  });

  test('inside the SPA a new page starts at the top and Back returns to where the last one was left', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await page.goto(`${base}/about`);
    await hydrated(page);
    await page.evaluate(() => window.scrollTo({ top: 600, behavior: 'instant' }));
    await page.waitForFunction(() => window.scrollY >= 600);
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    // Followed where the page stands: Playwright's click would first scroll the sticky header's
    // link "into view", moving the page it leaves.
    await page.evaluate(() =>
      document.querySelector<HTMLAnchorElement>('nav[aria-label="Main"] a[href="/packages"]')!.click(),
    );
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Clear packages, fixed prices');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect.poll(() => page.locator('main h1').textContent()).toBe('A small studio that sweats the details');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await context.close();
  });
});
