import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { parsePictureUrl } from '@shop/shared/pictures';
import { describeWithBrowser, VIEWPORTS } from './helpers/browser.js';
import { storeInBrowser } from './helpers/store-in-browser.js';

// The store's own pictures in Chromium (docs/performance.md#product-pictures), with the pipeline on
// as `npm start` runs it: the sync made the sandbox's 1000 px mockups into the store's widths, and
// a phone downloads AVIF copies at the width each place shows, not Printful's PNGs.

const SHIRT = 'Pixel Perfect Tee';

/** What an <img> shows: the address picked from its srcset, whether it loaded, and its box. */
function shown(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((imgs) =>
    imgs.map((img) => {
      const el = img as HTMLImageElement;
      return { src: el.currentSrc, naturalWidth: el.naturalWidth, shownWidth: el.getBoundingClientRect().width };
    }),
  );
}

/** The width a picture address names (`/api/pictures/<key>/<width>`). */
function widthIn(url: string): number {
  const match = /\/api\/pictures\/([^/]+)\/(\d+)$/.exec(new URL(url).pathname);
  expect(match, url).not.toBeNull();
  expect(parsePictureUrl(new URL(`/api/pictures/${match![1]}`, url).toString())).not.toBeNull();
  return Number(match![2]);
}

describeWithBrowser('product pictures in the browser', () => {
  const suite = storeInBrowser({
    products: 2,
    env: { PICTURE_STORE: 'local', PICTURES_DIR: mkdtempSync(path.join(os.tmpdir(), 'e2e-pictures-')) },
  });

  test('a phone gets each card and the gallery as AVIF at the width it shows, and a cart line the same picture', async () => {
    const page = await suite.newPage(VIEWPORTS.phone);
    const types = new Map<string, string>();
    page.on('response', (res) => {
      if (res.url().includes('/api/pictures/')) types.set(res.url(), res.headers()['content-type'] ?? '');
    });
    await page.goto(`${suite.stack.url}/store`);
    await page.getByTestId('product-card').first().waitFor();
    await expect
      .poll(async () => (await shown(page, '.product-card__image')).every((img) => img.naturalWidth > 0))
      .toBe(true);
    for (const card of await shown(page, '.product-card__image')) {
      // naturalWidth is the width srcset's descriptor gives the picture, so only "loaded" is read from it.
      const width = widthIn(card.src);
      // Two cards a row on a 375 px phone: about 170 px each, never the 1000 px source.
      expect(width).toBeLessThanOrEqual(480);
      expect(width).toBeGreaterThanOrEqual(card.shownWidth);
      expect(types.get(card.src)).toBe('image/avif');
    }

    await page.getByRole('link', { name: SHIRT, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: SHIRT }).waitFor();
    const main = '[data-testid="gallery-main"]';
    await expect.poll(async () => (await shown(page, main))[0]!.naturalWidth).toBeGreaterThan(0);
    const first = (await shown(page, main))[0]!;
    expect(widthIn(first.src)).toBeLessThan(1000);
    expect(types.get(first.src)).toBe('image/avif');
    const colours = page.getByRole('group', { name: 'Colour' }).getByRole('radio');
    const names = await colours.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    await page.getByRole('group', { name: 'Colour' }).getByRole('radio', { name: names[1], exact: true }).check();
    await expect.poll(async () => (await shown(page, main))[0]!.src).not.toBe(first.src);
    await expect.poll(async () => (await shown(page, main))[0]!.naturalWidth).toBeGreaterThan(0);
    const chosen = (await shown(page, main))[0]!;
    expect(widthIn(chosen.src)).toBe(widthIn(first.src));

    await page.getByRole('group', { name: 'Size' }).getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('link', { name: 'View cart' }).first().click();
    await page.getByTestId('cart-line').first().waitFor();
    await expect.poll(async () => (await shown(page, '.cart-line__image'))[0]!.naturalWidth).toBeGreaterThan(0);
    const line = (await shown(page, '.cart-line__image'))[0]!;
    // The same picture as the colour chosen, at a cart line's width.
    expect(line.src.replace(/\/\d+$/, '')).toBe(chosen.src.replace(/\/\d+$/, ''));
    expect(widthIn(line.src)).toBeLessThanOrEqual(320);
  });
});
