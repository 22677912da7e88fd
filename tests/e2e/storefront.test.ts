/// <reference lib="dom" />
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { createTestUser } from '../fixtures/auth.js';
import { decodePng, isPng, pixelsNear } from '../fixtures/png.js';
import { MOCKUP_SIZE_PX } from '../sandbox/printful/mockup-png.js';
import { seriousAxeFindings } from './helpers/axe.js';
import { describeWithBrowser, VIEWPORTS } from './helpers/browser.js';
import { storeInBrowser } from './helpers/store-in-browser.js';

// The storefront as a shopper sees it, in Chromium against the whole real stack: the grid's
// layout and images, search on /store, the colour switching the picture, add-to-cart feedback in
// view, two tabs editing one cart, the header at every width, and the live catalogue on a
// product page.

const SHIRT = 'Pixel Perfect Tee';
const MUG = '404 Coffee Not Found Mug';

describeWithBrowser('storefront in the browser', () => {
  const suite = storeInBrowser();
  const { newContext, newPage } = suite;

  async function openStore(page: Page): Promise<void> {
    await page.goto(`${suite.stack.url}/store`);
    await page.getByTestId('product-card').first().waitFor();
  }

  /** Each card's box and its image's rendered size. */
  function cardBoxes(page: Page) {
    return page.getByTestId('product-card').evaluateAll((cards) =>
      cards.map((card) => {
        const box = card.getBoundingClientRect();
        const img = card.querySelector('img')!.getBoundingClientRect();
        return {
          top: Math.round(box.top),
          left: Math.round(box.left),
          imgWidth: Math.round(img.width),
          imgHeight: Math.round(img.height),
        };
      }),
    );
  }

  const cardsInFirstRow = (boxes: { top: number }[]) => boxes.filter((b) => b.top === boxes[0].top).length;

  test('on a phone the grid shows 2 products a row with square images and nothing scrolls sideways', async () => {
    const page = await newPage(VIEWPORTS.phone);
    await openStore(page);
    const boxes = await cardBoxes(page);
    expect(boxes.length).toBeGreaterThanOrEqual(4);
    expect(cardsInFirstRow(boxes)).toBe(2);
    for (const box of boxes) expect(box.imgHeight).toBe(box.imgWidth);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test('on a desktop the grid shows 4 a row, and product names and prices are above the fold', async () => {
    const page = await newPage(VIEWPORTS.desktop);
    await openStore(page);
    const boxes = await cardBoxes(page);
    expect(cardsInFirstRow(boxes)).toBe(4);
    for (const box of boxes) expect(box.imgHeight).toBe(box.imgWidth);
    const firstPrice = await page.locator('.product-card__price').first().boundingBox();
    expect(firstPrice!.y + firstPrice!.height).toBeLessThanOrEqual(800);
    const firstTitle = await page.locator('.product-card__title').first().boundingBox();
    expect(firstTitle!.y + firstTitle!.height).toBeLessThanOrEqual(800);
  });

  test('search on /store narrows the grid; a search with no match offers a reset that brings everything back', async () => {
    const page = await newPage();
    await openStore(page);
    const all = await page.getByTestId('product-card').count();
    await page.getByRole('searchbox', { name: 'Search products' }).fill('mug');
    await expect.poll(() => page.getByTestId('result-count').textContent()).toMatch(/matching "mug"$/);
    const titles = await page.locator('.product-card__title').allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.length).toBeLessThan(all);
    for (const title of titles) expect(title.toLowerCase()).toContain('mug');
    expect(new URL(page.url()).searchParams.get('q')).toBe('mug');

    await page.getByRole('searchbox', { name: 'Search products' }).fill('no such thing anywhere');
    await page.getByTestId('empty-results').waitFor();
    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await expect.poll(() => page.getByTestId('product-card').count()).toBe(all);
    expect(await page.getByRole('searchbox', { name: 'Search products' }).inputValue()).toBe('');
  });

  test('choosing a colour switches the picture, and the cart line shows the chosen colour', async () => {
    const page = await newPage(VIEWPORTS.phone);
    await openStore(page);
    await page.getByRole('link', { name: SHIRT, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: SHIRT }).waitFor();
    const main = page.getByTestId('gallery-main');
    const colours = page.getByRole('group', { name: 'Colour' }).getByRole('radio');
    const names = await colours.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    expect(names.length).toBeGreaterThan(1);
    const first = await main.getAttribute('src');
    await page.getByRole('group', { name: 'Colour' }).getByRole('radio', { name: names[1], exact: true }).check();
    await expect.poll(() => main.getAttribute('src')).not.toBe(first);
    const chosen = (await main.getAttribute('src'))!;
    // The picture is the variant's own mockup, in its colour, a PNG as Printful's are.
    const picture = await fetch(chosen);
    expect(picture.headers.get('content-type')).toBe('image/png');
    const hex = suite.stack.printful.catalogue
      .list()
      .find((p) => p.name === SHIRT)!
      .variants.find((v) => v.colour.name === names[1])!.colour.hex;
    expect(pixelsNear(decodePng(new Uint8Array(await picture.arrayBuffer())), hex)).toBeGreaterThan(2_000);
    // The browser shows it: the picture loaded, at its full size (Printful's size class).
    expect(await main.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(MOCKUP_SIZE_PX);

    await page.getByRole('group', { name: 'Size' }).getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('link', { name: 'View cart' }).first().click();
    await page.getByTestId('cart-line').first().waitFor();
    expect(await page.getByTestId('cart-line').first().locator('img').getAttribute('src')).toBe(chosen);
  });

  test("a product page's link preview shows the product's own mockup, a PNG", async () => {
    const product = suite.stack.printful.catalogue.list().find((p) => p.name === SHIRT)!;
    const html = await (await fetch(`${suite.stack.url}/store/product/${product.id}`)).text();
    const meta = (property: string) =>
      new RegExp(`<meta property="${property}" content="([^"]*)"`)
        .exec(html)?.[1]
        .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
    const image = meta('og:image')!;
    expect(new URL(image).pathname).toMatch(/^\/images\/mockups\/tshirt\/[0-9a-f]{6}\.png$/);
    expect(meta('og:image:alt')).toBe(SHIRT);
    const response = await fetch(image);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(isPng(new Uint8Array(await response.arrayBuffer()))).toBe(true);
  });

  test('add-to-cart feedback appears inside the viewport on a phone, with the way to the cart', async () => {
    const page = await newPage(VIEWPORTS.phone);
    await openStore(page);
    await page.getByRole('link', { name: MUG, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: MUG }).waitFor();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const message = page.getByTestId('add-to-cart-message');
    await expect.poll(() => message.textContent()).toMatch(/^Added 1 x /);
    const box = (await message.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(VIEWPORTS.phone.height);
    expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    expect(await message.getByRole('link', { name: 'View cart' }).isVisible()).toBe(true);
  });

  test('on a phone the delivery estimate below the fold is there when the shopper scrolls down to it, and nothing below it moves', async () => {
    const page = await newPage(VIEWPORTS.phone);
    await openStore(page);
    await page.getByRole('link', { name: MUG, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: MUG }).waitFor();
    await page.locator('#root[data-hydrated]').waitFor({ state: 'attached' });
    // Where the next thing down (shipping and returns, the size guide) sits on the page.
    const below = () =>
      page.locator('.product-facts').evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    const before = await below();
    const estimate = page.getByTestId('delivery-estimate');
    await estimate.scrollIntoViewIfNeeded();
    await expect
      .poll(() => estimate.textContent())
      .toMatch(/^Arrives [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}.* with standard shipping to the US\./);
    expect(await estimate.isVisible()).toBe(true);
    expect(await below()).toBe(before);
  });

  test('a team orders 15 of one item in two adds (each add 1 to 10, a line up to 100)', async () => {
    const page = await newPage();
    await openStore(page);
    await page.getByRole('link', { name: MUG, exact: true }).click();
    await page.getByRole('spinbutton', { name: 'Quantity' }).fill('10');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => page.getByTestId('add-to-cart-message').textContent()).toMatch(/^Added 10 x /);
    await page.getByRole('spinbutton', { name: 'Quantity' }).fill('5');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => page.getByTestId('add-to-cart-message').textContent()).toMatch(/^Added 5 x /);
    await expect.poll(() => page.getByRole('link', { name: 'Cart, 15 items' }).count()).toBeGreaterThan(0);
  });

  test('two tabs editing one cart lose no change', async () => {
    const context = await newContext();
    const [first, second] = [await context.newPage(), await context.newPage()];
    const names = async (tab: Page) => (await tab.getByTestId('cart-line').locator('h3').allTextContents()).sort();
    const saved = (tab: Page) => expect.poll(() => tab.locator('.sync-status').textContent()).toBe('');
    const addFrom = async (tab: Page, title: string) => {
      await tab.getByRole('link', { name: 'Store', exact: true }).click();
      await tab.getByRole('link', { name: title, exact: true }).click();
      const sizes = tab.getByRole('group', { name: 'Size' });
      if (title === SHIRT) await sizes.getByRole('radio').first().check();
      await tab.getByRole('button', { name: 'Add to cart' }).click();
      await expect.poll(() => tab.getByTestId('add-to-cart-message').textContent()).toMatch(/^Added /);
      await tab.getByRole('link', { name: /^Cart, \d+ items?$/ }).click();
      await tab.getByTestId('cart-line').first().waitFor();
      await saved(tab);
    };
    await openStore(first);
    await addFrom(first, SHIRT);
    // The second tab reads the cart now, then only works inside the page it has.
    await second.goto(`${suite.stack.url}/store/cart`);
    await expect.poll(() => names(second)).toEqual([SHIRT]);
    await addFrom(first, MUG);
    // Removing the shirt from the older view must not take the mug the other tab added.
    await second
      .getByRole('button', { name: /Remove/ })
      .first()
      .click();
    await saved(second);
    await expect.poll(() => names(second)).toEqual([MUG]);
    await first.reload();
    await expect.poll(() => names(first)).toEqual([MUG]);
  });

  test('the header fits at every width from 320 to 1440 px: the logo shows and "Get a quote" stays on one line', async () => {
    const page = await newPage();
    for (const width of [320, 375, 768, 992, 1024, 1100, 1280, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${suite.stack.url}/store`);
      const brand = (await page.locator('.site-header__brand').boundingBox())!;
      expect(brand.width, `logo at ${width}`).toBeGreaterThan(30);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `no sideways scroll at ${width}`,
      ).toBeLessThanOrEqual(width);
      const cta = page.getByRole('link', { name: 'Get a quote' });
      if (await cta.isVisible()) {
        const box = (await cta.boundingBox())!;
        expect(box.height, `"Get a quote" on one line at ${width}`).toBeLessThan(50);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
      }
    }
  });

  test('an open product page and /products follow a sync without a reload', async () => {
    const product = await newPage();
    const list = await newPage();
    const original = 'Ship It Tee';
    await product.goto(`${suite.stack.url}/store`);
    await product.getByRole('link', { name: original, exact: true }).click();
    await product.getByRole('heading', { level: 1, name: original }).waitFor();
    await list.goto(`${suite.stack.url}/products`);
    await list.getByRole('link', { name: original, exact: true }).waitFor();

    const id = suite.stack.printful.catalogue.list().find((p) => p.name === original)!.id;
    const renamed = `${original} (Second Run)`;
    const patch = await fetch(`${suite.stack.printful.url}/__sandbox/products/${id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: renamed }),
    });
    expect(patch.status).toBe(200);
    await suite.stack.runSync({ fullSync: true });

    await product.getByRole('heading', { level: 1, name: renamed }).waitFor({ timeout: 30_000 });
    await list.getByRole('link', { name: renamed, exact: true }).waitFor({ timeout: 30_000 });
  });

  test('the header says who is signed in', async () => {
    const user = await createTestUser();
    const page = await newPage();
    await page.goto(`${suite.stack.url}/login`);
    expect(
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign in' }).isVisible(),
    ).toBe(true);
    await page.getByLabel('E-mail address').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    await page.waitForURL(`${suite.stack.url}/store`);
    const account = page.getByTestId('header-account');
    // Its name starts with the label it shows (WCAG 2.5.3), then says who is signed in.
    await expect
      .poll(() => account.evaluate((el) => el.textContent?.replace(/\s+/g, ' ').trim()))
      .toBe(`${user.email.charAt(0).toUpperCase()}Account, signed in as ${user.email}`);
    expect(await account.getAttribute('aria-label')).toBeNull();
    // The account entry is a menu (docs/rules.md#the-signed-in-shopper): its "Orders" item leads to the account page.
    await account.click();
    await page.getByRole('banner').getByRole('link', { name: 'Orders', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
    expect(await page.getByRole('heading', { level: 1, name: 'Sign in' }).count()).toBe(0);
    // axe-core finds nothing serious on a signed-in shopper's pages: the account button's name
    // starts with the label it shows (2.5.3 Label in Name).
    for (const path of ['/account', '/store']) {
      if (path !== '/account') {
        await page.goto(`${suite.stack.url}${path}`);
        await page.locator('#root[data-hydrated]').waitFor();
        await account.waitFor();
      }
      expect(await seriousAxeFindings(page), path).toEqual([]);
    }
  });

  test('a product that does not exist gets the friendly not-found page', async () => {
    const page = await newPage();
    await page.goto(`${suite.stack.url}/store/product/no-such-product`);
    await page.getByRole('heading', { level: 1, name: 'Product not found' }).waitFor();
    expect(await page.getByText('Error 404').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Back to the store' }).isVisible()).toBe(true);
    expect(await page.locator('.callout--error').count()).toBe(0);
  });
});
