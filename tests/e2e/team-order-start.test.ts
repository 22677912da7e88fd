/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { productPath } from '@shop/shared/pages';
import { TEAM_ORDER_MAX_PRODUCTS } from '@shop/shared';
import { createTestUser } from '../fixtures/auth.js';
import { describeWithBrowser, saveScreenshot, VIEWPORTS } from './helpers/browser.js';
import { storeInBrowser, type Viewport } from './helpers/store-in-browser.js';

// The lead's start form (docs/rules.md#team-orders): the products chosen first, then a search over
// the whole catalogue that adds more, so the closing day and the names sit near the top and no
// product is out of reach. Every product was once a checkbox, the form two screens high at 1280 px,
// and only the first 24 of the catalogue were offered.

const TABLET: Viewport = { width: 768, height: 1024 };

describeWithBrowser('the team order start form', () => {
  // The store's catalogue size: the old form's cut after 24 hid four products.
  const suite = storeInBrowser({ products: 28 });
  const url = (path: string) => `${suite.stack.url}${path}`;

  /** The start form, from the product's page, once the catalogue is in it (the product is named). */
  async function startAsLead(viewport: Viewport, product: { id: string; title: string }): Promise<Page> {
    const user = await createTestUser();
    const page = await suite.newPage(viewport);
    await page.goto(url('/login'));
    await page.getByLabel('E-mail address').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    await page.waitForURL(url('/store'));
    await page.goto(url(productPath(product.id)));
    await page.getByRole('link', { name: 'Start a team order' }).click();
    await page.waitForURL((u) => u.pathname === '/store/team/start');
    await page.locator('form').getByText(product.title).first().waitFor();
    return page;
  }

  async function catalogue() {
    const answer = (await (await fetch(url('/api/products?limit=100'))).json()) as {
      products: Array<{ id: string; title: string }>;
    };
    return answer.products;
  }

  const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
  const chosenTitles = (page: Page) =>
    page.getByRole('list', { name: 'Chosen products' }).getByRole('listitem').allInnerTexts();

  async function seriousAxeFindings(page: Page): Promise<string[]> {
    // Run through the devtools protocol: the page's content-security policy refuses inline scripts.
    await page.evaluate(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
    return page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: { run: (o: unknown) => Promise<{ violations: Array<{ id: string; impact: string }> }> };
        }
      ).axe;
      const result = await axe.run({
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
        rules: { 'label-content-name-mismatch': { enabled: true } },
      });
      return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
    });
  }

  test('the lead adds by search and keyboard, any product of the catalogue, and the order offers exactly those', async () => {
    const products = await catalogue();
    expect(products.length).toBeGreaterThan(24);
    const hoodie = products.find((p) => /hoodie/i.test(p.title))!;
    // The form offered the lead's product, then the rest of the catalogue, cut after 24.
    const offered = [hoodie, ...products.filter((p) => p.id !== hoodie.id)];
    const hidden = offered[offered.length - 1];
    expect(offered.indexOf(hidden)).toBeGreaterThanOrEqual(24);
    const mugs = products.filter((p) => /\bmug\b/i.test(p.title));
    expect(mugs.length).toBeGreaterThan(1);

    const page = await startAsLead(VIEWPORTS.desktop, hoodie);
    // The closing day is on the first screens now, not below a list of every product (about 1,750 px down before).
    const closing = await page.getByLabel('Closes at the end of').boundingBox();
    expect(closing!.y).toBeLessThan(1000);
    // The lead's product is chosen already, with a way to remove it.
    expect(await chosenTitles(page)).toEqual([expect.stringContaining(hoodie.title)]);
    expect(await page.getByRole('button', { name: `Remove ${hoodie.title}` }).isVisible()).toBe(true);
    await saveScreenshot(page, 'team-order-start-1280');

    await page.getByLabel('Name of the order').fill('Design team');
    await page.getByLabel('Your name, as your team knows you').fill('Robin');

    // Keyboard only: from the chosen product's Remove, Tab reaches the search; a word finds the
    // mugs; Tab reaches the first one's Add, and Enter adds it.
    await page.getByRole('button', { name: `Remove ${hoodie.title}` }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('team-order-search');
    await page.keyboard.type('mug');
    await expect.poll(() => page.getByText(`${mugs.length} products match`).count()).toBe(1);
    const matches = page.locator('#team-order-matches li');
    expect(await matches.count()).toBe(mugs.length);
    await page.keyboard.press('Tab');
    const firstAdd = await focused(page);
    expect(firstAdd).toMatch(/^Add .*Mug/);
    const mug = firstAdd!.slice('Add '.length);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => chosenTitles(page))
      .toEqual([expect.stringContaining(hoodie.title), expect.stringContaining(mug)]);
    // The change is said, and focus stays among the matches, on the next one to add.
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: `Added ${mug}.` })
        .count(),
    ).toBe(1);
    expect(await focused(page)).toMatch(/^Add .*Mug/);
    expect(await focused(page)).not.toBe(`Add ${mug}`);
    await saveScreenshot(page, 'team-order-start-matches-1280');

    // Removing it takes it off the list, and says so.
    await page.getByRole('button', { name: `Remove ${mug}` }).click();
    await expect.poll(() => chosenTitles(page)).toEqual([expect.stringContaining(hoodie.title)]);
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: `Removed ${mug}.` })
        .count(),
    ).toBe(1);

    // A word nothing has says so.
    await page.getByLabel('Add another product').fill('zeppelin');
    await expect.poll(() => page.getByText('No product matches \u201czeppelin\u201d').count()).toBe(1);

    // The product the old form never showed (the last of the catalogue) is found and added, by Space.
    await page.getByLabel('Add another product').fill('');
    await page.getByLabel('Add another product').focus();
    await page.keyboard.type(hidden.title);
    for (let tab = 0; tab < 8 && (await focused(page)) !== `Add ${hidden.title}`; tab += 1)
      await page.keyboard.press('Tab');
    expect(await focused(page)).toBe(`Add ${hidden.title}`);
    await page.keyboard.press('Space');
    await expect
      .poll(() => chosenTitles(page))
      .toEqual([expect.stringContaining(hoodie.title), expect.stringContaining(hidden.title)]);

    await page.getByRole('button', { name: 'Start and get the link' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/store/team/lead/'));
    const link = await page.getByTestId('team-order-link').inputValue();
    const view = (await (
      await fetch(url(`/api/team-orders/link/${new URL(link).pathname.split('/').pop()}`))
    ).json()) as {
      title: string;
      products: Array<{ id: string }>;
    };
    expect(view.title).toBe('Design team');
    expect(view.products.map((p) => p.id)).toEqual([hoodie.id, hidden.id]);
  });

  test('no product is an error that keeps the rest; the limit is said; it fits a phone and passes axe', async () => {
    const products = await catalogue();
    const hoodie = products.find((p) => /hoodie/i.test(p.title))!;
    const page = await startAsLead(VIEWPORTS.phone, hoodie);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    // On a phone, the real fields come before any long list.
    expect((await page.getByLabel('Closes at the end of').boundingBox())!.y).toBeLessThan(1300);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await saveScreenshot(page, 'team-order-start-375');

    // Without a product, sending says what is missing, at the picker, and keeps what was typed.
    await page.getByLabel('Name of the order').fill('Support crew');
    await page.getByRole('button', { name: `Remove ${hoodie.title}` }).click();
    expect(await focused(page)).toBeNull();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('team-order-search');
    await page.getByRole('button', { name: 'Start and get the link' }).click();
    await page.getByText(`Offer from 1 to ${TEAM_ORDER_MAX_PRODUCTS} products`).waitFor();
    expect(await page.getByLabel('Add another product').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('team-order-search');
    expect(await page.getByLabel('Name of the order').inputValue()).toBe('Support crew');
    expect(page.url()).toContain('/store/team/start');
    await saveScreenshot(page, 'team-order-start-none-375');

    // Enter in the search adds its one match rather than sending the form.
    await page.getByLabel('Add another product').fill(hoodie.title);
    await page.keyboard.press('Enter');
    await expect.poll(() => chosenTitles(page)).toEqual([expect.stringContaining(hoodie.title)]);
    expect(page.url()).toContain('/store/team/start');
    await page.getByLabel('Add another product').fill('');

    // Browsing everything: every product of the catalogue can be added, up to the limit, which is then said.
    await page.getByRole('button', { name: `Show all ${products.length}` }).click();
    expect(await page.locator('#team-order-matches li').count()).toBe(products.length);
    for (let n = 1; n < TEAM_ORDER_MAX_PRODUCTS; n += 1)
      await page.locator('#team-order-matches').getByRole('button', { name: /^Add / }).first().click();
    await page.getByText(`You can offer up to ${TEAM_ORDER_MAX_PRODUCTS} products`).waitFor();
    expect(await page.getByText(`Offer from 1 to ${TEAM_ORDER_MAX_PRODUCTS} products`).count()).toBe(0);
    const adds = page.locator('#team-order-matches').getByRole('button', { name: /^Add / });
    expect(await adds.count()).toBe(products.length - TEAM_ORDER_MAX_PRODUCTS);
    expect(await adds.evaluateAll((buttons) => buttons.every((b) => (b as HTMLButtonElement).disabled))).toBe(true);
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await saveScreenshot(page, 'team-order-start-full-375');

    for (const viewport of [TABLET, VIEWPORTS.desktop]) {
      await page.setViewportSize(viewport);
      expect(await overflow()).toBeLessThanOrEqual(0);
      await saveScreenshot(page, `team-order-start-full-${viewport.width}`);
    }
    expect(await seriousAxeFindings(page)).toEqual([]);
  });
});
