/// <reference lib="dom" />
// page.evaluate callbacks run in the browser, so their code sees the DOM types.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import blogRoutes from '../../api/src/routes/blog/index.js';
import blog from '../../api/src/services/blog/blog-plugin.js';
import { describeWithBrowser, launchBrowser, saveScreenshot, VIEWPORTS } from './helpers/browser.js';
import { startSpaServer, type SpaServer } from './helpers/spa-server.js';
import { ensureWebBuild } from './helpers/web-build.js';

// The built SPA in Chromium: every route of the spec's table renders its page, the particles
// background only where the spec puts it, the /success redirect, recovery from a failed chunk,
// and screenshots for a human to look at (tests/artifacts/).

type Heading = string | RegExp;
interface RouteCase {
  path: string;
  heading: Heading;
  particles?: boolean;
}

// Pages of this suite's own area are matched exactly; store, admin and test pages loosely, as
// their content belongs to the store feature.
const ROUTES: RouteCase[] = [
  { path: '/', heading: 'We build websites that load fast, read well and work for everyone.', particles: true },
  { path: '/about', heading: 'A small studio that sweats the details', particles: true },
  { path: '/team', heading: 'Five people, every project', particles: true },
  { path: '/privacy', heading: 'Privacy policy' },
  { path: '/clients', heading: 'Clients and templates' },
  { path: '/templates', heading: 'Clients and templates' },
  { path: '/hire', heading: 'Hire the studio' },
  { path: '/packages', heading: 'Clear packages, fixed prices' },
  { path: '/packages/seasons', heading: 'Seasonal offers' },
  { path: '/service-details', heading: 'What we do, in detail' },
  { path: '/contact/quote', heading: 'Request a quote' },
  { path: '/blog', heading: 'Notes from the studio' },
  { path: '/blog/scoping-in-two-weeks', heading: 'How we scope a project in two weeks' },
  { path: '/products', heading: /product|store|shop/i },
  { path: '/store/products', heading: /product|store|shop/i },
  { path: '/store', heading: /store|shop/i },
  { path: '/storefront', heading: /store|shop/i },
  { path: '/store/old', heading: /store|shop/i },
  { path: '/store/product/demo-product', heading: /product/i },
  { path: '/store/cart', heading: /cart/i },
  { path: '/checkout', heading: /checkout|cart/i },
  { path: '/store/checkout', heading: /checkout|cart/i },
  { path: '/store/confirmation', heading: /order|confirm/i },
  { path: '/order-confirmation', heading: /order|confirm/i },
  { path: '/store/order-success', heading: /order|success|thank/i },
  { path: '/store/printful', heading: /print|product/i },
  { path: '/printful-products', heading: /print|product/i },
  { path: '/store/printful/123', heading: /print|product/i },
  { path: '/admin/sync', heading: /sync|sign in|log in/i },
  { path: '/login', heading: /sign in|log in/i },
  { path: '/api-test', heading: /api/i },
  { path: '/network-test', heading: /network/i },
  { path: '/firestore-test', heading: /live|stream|firestore/i },
];

const ALIASES: Array<[string, string]> = [
  ['/clients', '/templates'],
  ['/products', '/store/products'],
  ['/checkout', '/store/checkout'],
  ['/store/confirmation', '/order-confirmation'],
  ['/store/printful', '/printful-products'],
];

describeWithBrowser('site in the browser', () => {
  let server: SpaServer;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    const root = ensureWebBuild();
    server = await startSpaServer({
      root,
      api: async (app) => {
        await app.register(blog);
        await app.register(blogRoutes, { prefix: '/api/blog' });
      },
    });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    // A returning visitor who has already answered the cookie banner, so it covers nothing.
    await context.addInitScript(() => {
      if (!localStorage.getItem('cookie-consent')) localStorage.setItem('cookie-consent', 'declined');
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(path: string, on: BrowserContext = context): Promise<Page> {
    const page = await on.newPage();
    await page.goto(`${server.url}${path}`);
    await page.locator('main h1').first().waitFor();
    return page;
  }

  const h1 = (page: Page) => page.locator('main h1').first().innerText();

  /** Each route's heading as the route's own test saw it, for the aliases to compare. */
  const seen = new Map<string, string>();

  test.each(ROUTES)('$path renders its page', async ({ path, heading, particles = false }) => {
    const page = await open(path);
    try {
      const text = await h1(page);
      seen.set(path, text);
      if (typeof heading === 'string') expect(text).toBe(heading);
      else expect(text).toMatch(heading);
      expect(text).not.toBe('Unexpected Application Error!');
      expect(text).not.toBe('Page not found');
      expect(await page.locator('canvas.particles').count()).toBe(particles ? 1 : 0);
      expect(await page.title()).toContain('Copperleaf Studio');
    } finally {
      await page.close();
    }
  });

  // Both addresses were opened by the routes' test above: a page load each is not needed again.
  test.each(ALIASES)('%s and %s are the same page', (a, b) => {
    expect(seen.get(a), `${a} was opened by the routes' test`).toBeTruthy();
    expect(seen.get(b)).toBe(seen.get(a));
  });

  test('an unknown address shows "Page not found"; an unknown blog post shows "Post not found"', async () => {
    const page = await open('/no/such/page');
    expect(await h1(page)).toBe('Page not found');
    await page.goto(`${server.url}/blog/no-such-post`);
    await page.getByRole('heading', { level: 1, name: 'Post not found' }).waitFor();
    await page.close();
  });

  test('/success redirects to /store/order-success and keeps the query string', async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/success?session_id=cs_test_123&x=1`);
    await page.waitForURL(`${server.url}/store/order-success?session_id=cs_test_123&x=1`);
    await page.close();
  });

  test('the home page downloads no store, admin or test-page code', async () => {
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${server.url}/`);
    await page.locator('main h1').waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.some((s) => /\/home-[\w-]+\.js$/.test(s))).toBe(true);
    // The header's cart count reads the saved cart once the page has loaded: its reader and the
    // chunks the reader itself imports (the saved line's schema) only.
    const readers = scripts.filter((s) => /\/cart-persistence-[\w-]+\.js$/.test(s));
    const readerImports: string[] = [];
    for (const reader of readers) {
      const source = await (await fetch(`${server.url}${reader}`)).text();
      readerImports.push(...[...source.matchAll(/from\s*"\.\/([\w-]+\.js)"/g)].map((m) => `/assets/${m[1]}`));
    }
    expect(
      scripts.filter(
        (s) =>
          /\/(store|storefront|products?|cart|checkout|printful|admin-sync|login|api-test|network-test|firestore-test)-[\w-]+\.js$/.test(
            s,
          ) &&
          !readers.includes(s) &&
          !readerImports.includes(s),
      ),
    ).toEqual([]);
    await page.close();
  });

  test('a route chunk that cannot be downloaded shows "Loading chunk about failed" with a Reload button', async () => {
    const page = await context.newPage();
    let attempts = 0;
    await page.route(/\/assets\/about-[\w-]+\.js$/, (route) => {
      // The loader's imports come from the module that imports the chunk; a modulepreload link
      // the bundler adds beside them comes from the page, and is not a try of the loader's.
      if (/\.js$/.test(route.request().headers().referer ?? '')) attempts++;
      return route.abort('connectionreset');
    });
    await page.goto(`${server.url}/about`);
    await page.getByRole('heading', { level: 1, name: 'Loading chunk about failed' }).waitFor();
    expect(attempts).toBe(2); // the first try and one retry

    // Once the network is back, Reload brings the page.
    await page.unroute(/\/assets\/about-[\w-]+\.js$/);
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('heading', { level: 1, name: 'A small studio that sweats the details' }).waitFor();
    await page.close();
  });

  test('the particles stand still when the visitor asks for reduced motion, and move otherwise', async () => {
    const still = await browser.newContext({ viewport: VIEWPORTS.desktop, reducedMotion: 'reduce' });
    const page = await open('/', still);
    const canvas = page.locator('canvas.particles');
    const a = await canvas.screenshot();
    await page.waitForTimeout(400);
    expect((await canvas.screenshot()).equals(a)).toBe(true);
    await still.close();

    // A capable device: particles are never drawn on a low-end one, and this machine has 2 cores.
    const capable = await browser.newContext({ viewport: VIEWPORTS.desktop });
    await capable.addInitScript(() => {
      Object.defineProperty(navigator, 'hardwareConcurrency', { get: () => 8 });
      Object.defineProperty(navigator, 'deviceMemory', { get: () => 8 });
    });
    const moving = await open('/', capable);
    const movingCanvas = moving.locator('canvas.particles');
    const b = await movingCanvas.screenshot();
    await moving.waitForTimeout(400);
    expect((await movingCanvas.screenshot()).equals(b)).toBe(false);
    await moving.close();
    await capable.close();
  });

  test('keyboard: the first Tab reaches the skip link, which moves focus to the main content', async () => {
    const page = await open('/packages');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await page.close();
  });

  test('a first visit shows the cookie banner; accepting stores the choice for a year and hides it', async () => {
    const fresh = await browser.newContext({ viewport: VIEWPORTS.phone });
    const page = await open('/', fresh);
    const banner = page.getByRole('region', { name: 'Cookies and analytics' });
    await banner.waitFor();
    await saveScreenshot(page, 'home-375-first-visit');
    await page.getByRole('button', { name: 'Accept' }).click();
    await banner.waitFor({ state: 'detached' });
    const cookie = (await fresh.cookies()).find((c) => c.name === 'cookie-consent');
    expect(cookie?.value).toBe('accepted');
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(365);
    expect(await page.evaluate(() => localStorage.getItem('analytics-consent'))).toBe('true');
    await page.reload();
    await page.locator('main h1').waitFor();
    expect(await banner.count()).toBe(0);
    await fresh.close();
  });

  test('screenshots of the home page and a blog post at 375 px and 1280 px', async () => {
    for (const [name, viewport] of Object.entries({ 375: VIEWPORTS.phone, 1280: VIEWPORTS.desktop })) {
      const page = await context.newPage();
      await page.setViewportSize(viewport);
      await page.goto(`${server.url}/`);
      await page.locator('main h1').waitFor();
      await saveScreenshot(page, `home-${name}`);
      await page.goto(`${server.url}/blog/design-systems-for-small-teams`);
      await page.getByRole('heading', { level: 1, name: 'Design systems for small teams' }).waitFor();
      await saveScreenshot(page, `blog-post-${name}`);
      await page.close();
    }
  });
});
