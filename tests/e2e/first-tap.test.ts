/// <reference lib="dom" />
import { expect, test } from 'vitest';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { AUTH_SESSION_HINT_KEY } from '@shop/shared';
import { describeWithBrowser, saveScreenshot, VIEWPORTS } from './helpers/browser.js';
import { storeInBrowser } from './helpers/store-in-browser.js';

// A tap is never lost on a phone: the product form, a cart line's quantity and Remove, and the
// cookie banner work as plain HTML forms from the moment they can be seen, before the app's code
// has arrived (here it never arrives: its scripts are refused), and the app adopts what they did
// once it loads.

const SHIRT = 'Pixel Perfect Tee';

/** The app's own code (the entry and its chunks); boot.js, the small loader, still runs. */
const isAppScript = (url: URL) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js');

async function withoutApp(target: Page | BrowserContext): Promise<() => Promise<void>> {
  const refuse = (route: Route) => route.abort();
  await target.route(isAppScript, refuse);
  return () => target.unroute(isAppScript, refuse);
}

/** Holds the app's code back until `release()` is called, then lets it load: a slow phone's wait. */
async function appHeldBack(page: Page): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(isAppScript, async (route) => {
    await released;
    await route.continue();
  });
  return async () => release();
}

/** True while no app code has run on the page: its script failed and nothing took the page over. */
function appAbsent(page: Page): Promise<boolean> {
  return page.evaluate(
    () =>
      document.documentElement.getAttribute('data-app-script') !== 'loaded' &&
      !document.getElementById('root')?.hasAttribute('data-hydrated'),
  );
}

async function cartLines(page: Page) {
  return page.getByTestId('cart-line').evaluateAll((lines) =>
    lines.map((line) => ({
      name: line.querySelector('.cart-line__name')?.textContent?.trim(),
      details: (line.querySelector('.cart-line__meta')?.textContent ?? '').split(' · ')[0]?.trim(),
      quantity: line.querySelector('select')?.value,
    })),
  );
}

describeWithBrowser('the first tap, before the app has loaded', () => {
  const suite = storeInBrowser();

  async function openShirtWithoutApp(page: Page): Promise<void> {
    await page.goto(`${suite.stack.url}/store`);
    await page.getByRole('link', { name: SHIRT, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: SHIRT }).waitFor();
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-script'));
  }

  test('Add to cart tapped before the app has loaded puts the item in the cart, and the app keeps it', async () => {
    const page = await suite.newPage(VIEWPORTS.phone);
    const allowApp = await withoutApp(page);
    const adds: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') adds.push(new URL(request.url()).pathname);
    });
    await openShirtWithoutApp(page);
    expect(await appAbsent(page)).toBe(true);

    // Without a size the browser itself asks for one; nothing is sent.
    await page.getByRole('button', { name: 'Add to cart' }).click();
    expect(adds).toEqual([]);
    expect(new URL(page.url()).search).toBe('');

    await page.getByRole('group', { name: 'Size' }).getByRole('radio', { name: 'M', exact: true }).check();
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/store/cart'),
      page.getByRole('button', { name: 'Add to cart' }).click(),
    ]);
    expect(adds).toEqual(['/store/cart/add']);
    expect(new URL(page.url()).search).toBe('');
    await page.getByTestId('cart-line').first().waitFor();
    expect(await appAbsent(page)).toBe(true);
    expect(await cartLines(page)).toEqual([{ name: SHIRT, details: 'Black / M', quantity: '1' }]);
    await expect(page.getByTestId('cart-total-items').textContent()).resolves.toBe('1');

    // The app, once it loads, shows the same cart: it adopted the forms' cart identity.
    await allowApp();
    await page.reload();
    await page.locator('#root[data-hydrated]').waitFor();
    expect(await cartLines(page)).toEqual([{ name: SHIRT, details: 'Black / M', quantity: '1' }]);
    await page.waitForFunction(() => !document.querySelector('.sync-status')?.textContent);
    await page.goto(`${suite.stack.url}/store`);
    // The header's count is drawn once the app has read the cart on the new page.
    await page.locator('#root[data-hydrated]').waitFor();
    await expect
      .poll(() => page.getByRole('banner').getByRole('link', { name: /cart/i }).first().textContent(), {
        timeout: 20_000,
      })
      .toContain('1');
  });

  test.each([
    ['phone', VIEWPORTS.phone],
    ['desktop', VIEWPORTS.desktop],
  ] as const)(
    'on a %s, a size chosen while the app loads is still chosen once it has, and Add to cart then adds it',
    async (_name, viewport) => {
      const page = await suite.newPage(viewport);
      const releaseApp = await appHeldBack(page);
      // Not waiting for the app's entry, which is held back.
      await page.goto(`${suite.stack.url}/store`, { waitUntil: 'domcontentloaded' });
      await page.getByRole('link', { name: SHIRT, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: SHIRT }).waitFor();
      expect(await appAbsent(page)).toBe(true);

      // The shopper taps L while the page is still the server's, then the app takes over.
      const sizes = page.getByRole('group', { name: 'Size' });
      await sizes.getByRole('radio', { name: 'L', exact: true }).check();
      await releaseApp();
      await page.locator('#root[data-hydrated]').waitFor();

      await expect(sizes.getByRole('radio', { name: 'L', exact: true }).isChecked()).resolves.toBe(true);
      await page.getByRole('button', { name: 'Add to cart' }).click();
      const message = page.getByTestId('add-to-cart-message');
      await expect(message.textContent()).resolves.toContain(`Added 1 x ${SHIRT} (Black / L)`);
      await saveScreenshot(page, `first-tap-size-kept-${_name}`);
    },
  );

  test('a tap before the app has loaded, after the cart cookie is gone, adds to the cart this browser already had', async () => {
    const context = await suite.newContext(VIEWPORTS.phone);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    // A cart made with the app: its guest id is in local storage and in the cookie.
    await openShirtWithoutApp(page).catch(() => undefined);
    await page.locator('#root[data-hydrated]').waitFor();
    const sizes = page.getByRole('group', { name: 'Size' });
    await sizes.getByRole('radio', { name: 'S', exact: true }).check();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByTestId('add-to-cart-message').textContent()).resolves.toContain('Added 1 x');
    const stored = await page.evaluate(() => localStorage.getItem('guestUserId'));
    // Saved on the server (the app sends a change half a second after the last one).
    await expect
      .poll(() =>
        page.evaluate(
          async (id) =>
            ((await (await fetch('/api/cart', { headers: { 'X-Guest-Id': id! } })).json()) as { cartItems?: [] })
              .cartItems?.length ?? 0,
          stored,
        ),
      )
      .toBe(1);
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'guest-id')?.value).toBe(stored);

    // The cookie goes (cleared by the browser or a privacy tool); storage stays. The next visit's
    // tap lands before the app has loaded.
    await context.clearCookies();
    await withoutApp(page);
    await openShirtWithoutApp(page);
    await sizes.getByRole('radio', { name: 'L', exact: true }).check();
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/store/cart'),
      page.getByRole('button', { name: 'Add to cart' }).click(),
    ]);
    await page.getByTestId('cart-line').first().waitFor();
    // The same guest, the earlier line kept.
    expect((await context.cookies()).find((c) => c.name === 'guest-id')?.value).toBe(stored);
    expect(await cartLines(page)).toEqual([
      { name: SHIRT, details: 'Black / S', quantity: '1' },
      { name: SHIRT, details: 'Black / L', quantity: '1' },
    ]);
  });

  test("a cart line's quantity and Remove work before the app has loaded", async () => {
    const page = await suite.newPage(VIEWPORTS.phone);
    await withoutApp(page);
    await openShirtWithoutApp(page);
    await page.getByRole('group', { name: 'Size' }).getByRole('radio', { name: 'L', exact: true }).check();
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/store/cart'),
      page.getByRole('button', { name: 'Add to cart' }).click(),
    ]);
    await page.getByTestId('cart-line').first().waitFor();

    // Choosing a quantity sends the line's form; the page that comes back shows the new quantity.
    await Promise.all([
      page.waitForResponse((response) => new URL(response.url()).pathname === '/store/cart/update'),
      page.getByLabel(/^Quantity/).selectOption('3'),
    ]);
    await page.waitForLoadState('load');
    await page.waitForFunction(() => document.querySelector('.cart-line select') instanceof HTMLSelectElement);
    expect(await appAbsent(page)).toBe(true);
    expect(await cartLines(page)).toEqual([{ name: SHIRT, details: 'Black / L', quantity: '3' }]);
    await expect(page.getByTestId('cart-total-items').textContent()).resolves.toBe('3');

    await Promise.all([
      page.waitForResponse((response) => new URL(response.url()).pathname === '/store/cart/update'),
      page.getByRole('button', { name: /^Remove/ }).click(),
    ]);
    await page.getByText('Your cart is empty.').waitFor();
    expect(await appAbsent(page)).toBe(true);
  });

  test('a form already sent is not sent again by a second tap while the answer is on its way', async () => {
    const page = await suite.newPage(VIEWPORTS.phone);
    await withoutApp(page);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
    });
    await openShirtWithoutApp(page);
    await page.getByRole('group', { name: 'Size' }).getByRole('radio', { name: 'S', exact: true }).check();
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/store/cart'),
      // Two taps within the same moment, as an impatient thumb makes them.
      page.evaluate(() => {
        const button = Array.from(document.querySelectorAll('button')).find(
          (b) => b.textContent?.trim() === 'Add to cart',
        )!;
        button.click();
        button.click();
      }),
    ]);
    await page.getByTestId('cart-line').first().waitFor();
    expect(posts).toEqual(['/store/cart/add']);
    expect(await cartLines(page)).toEqual([{ name: SHIRT, details: 'Black / S', quantity: '1' }]);
  });

  test('the cookie banner can be answered before the app has loaded, and stays answered', async () => {
    const context = await suite.newContext(VIEWPORTS.phone);
    // This visitor has never answered it (the suite's visitors have, in local storage).
    await context.addInitScript(() => localStorage.removeItem('cookie-consent'));
    const page = await context.newPage();
    await withoutApp(page);
    await openShirtWithoutApp(page);
    const path = new URL(page.url()).pathname;
    const banner = page.getByRole('region', { name: 'Cookies and analytics' });
    await banner.waitFor();
    await Promise.all([
      page.waitForURL((url) => url.pathname === path),
      banner.getByRole('button', { name: 'Accept' }).click(),
    ]);
    await page.getByRole('heading', { level: 1, name: SHIRT }).waitFor();
    await banner.waitFor({ state: 'detached' });
    expect((await context.cookies()).find((c) => c.name === 'cookie-consent')?.value).toBe('accepted');
  });

  test('a browser that kept a session is not offered "Sign in" before the app knows who is there', async () => {
    const page = await suite.newPage(VIEWPORTS.desktop);
    const allowApp = await withoutApp(page);
    await page.goto(`${suite.stack.url}/store`);
    const signIn = page.getByRole('banner').locator('.site-nav__sign-in');
    // A guest's page offers it from the first paint.
    await expect(signIn.isVisible()).resolves.toBe(true);

    // Signed in yesterday: the served page keeps the entry's place but paints no "Sign in".
    await page.evaluate((key) => localStorage.setItem(key, '1'), AUTH_SESSION_HINT_KEY);
    await page.goto(`${suite.stack.url}/store`);
    expect(await appAbsent(page)).toBe(true);
    await expect(signIn.isVisible()).resolves.toBe(false);
    expect((await signIn.boundingBox())?.width).toBeGreaterThanOrEqual(100);
    await saveScreenshot(page, 'session-pending-header-desk');

    // The app finds the session gone (it never was, here): "Sign in" comes back.
    await allowApp();
    await page.reload();
    await page.locator('#root[data-hydrated]').waitFor();
    await signIn.waitFor({ state: 'visible' });
  });
});
