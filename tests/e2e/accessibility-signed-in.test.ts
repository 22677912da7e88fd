/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, test, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { SHIPPING_DESTINATION_STORAGE_KEY } from '@shop/shared';
import { customerPath } from '@shop/shared/domain/customer';
import { studioDate } from '@shop/shared/domain/time';
import { orderSchema, type Order, type TeamOrderLeadView } from '@shop/shared/schemas';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { createTestUser, type TestUser } from '../fixtures/auth.js';
import { payOnHostedPage } from '../fixtures/hosted-payment.js';
import { TEST_SHIPPING } from '../fixtures/shipping-destination.js';
import { seriousAxeFindings } from './helpers/axe.js';
import { describeWithBrowser, saveScreenshot, VIEWPORTS } from './helpers/browser.js';
import { storeInBrowser } from './helpers/store-in-browser.js';

// Every page a signed-in person opens, as a shopper (the account with its team orders, the cart,
// the checkout, a paid order's confirmation, a team order from its start to its link) and as the
// studio's admin (each back-office page), each with what it shows when in use: axe-core finds
// nothing serious or critical on it on a phone or a desktop (docs/testing.md#accessibility), and
// on the phone nothing makes the page scroll sideways. One picture a page and width in
// tests/artifacts (axe-<page>-<width>.png).

const SHIRT = 'Pixel Perfect Tee';
const MUG = '404 Coffee Not Found Mug';

describeWithBrowser('axe-core on the signed-in pages', () => {
  const suite = storeInBrowser();
  const url = (path: string) => `${suite.stack.url}${path}`;
  let shopper: TestUser;
  let paid: Order;
  let led: TeamOrderLeadView;
  let joinable: TeamOrderLeadView;

  /** A POST to the API, as `user` when given; it must succeed. */
  async function post<T>(path: string, body: unknown, user?: TestUser): Promise<T> {
    const response = await fetch(url(path), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(user ? { authorization: `Bearer ${user.token}` } : {}) },
      body: JSON.stringify(body),
    });
    expect(response.status, `${path}: ${await response.clone().text()}`).toBeLessThan(300);
    return (await response.json()) as T;
  }

  async function orderOfSession(sessionId: string): Promise<Order | null> {
    const page = await suite.stack.store.query(COLLECTIONS.orders, {
      where: [['sessionId', '==', sessionId]],
      limit: 1,
    });
    return page.docs[0] ? orderSchema.parse(page.docs[0].data) : null;
  }

  async function startTeamOrder(lead: TestUser, productId: string, title: string, leadName: string) {
    // A week ahead, so the order is open whatever the hour on the studio's calendar.
    const today = studioDate(new Date(), suite.stack.config.STUDIO_TIMEZONE);
    const closesOn = new Date(Date.parse(`${today}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
    return post<TeamOrderLeadView>(
      '/api/team-orders',
      { productIds: [productId], closesOn, maxMembers: 20, title, leadName },
      lead,
    );
  }

  beforeAll(async () => {
    const { products } = (await (await fetch(url('/api/products?limit=50'))).json()) as {
      products: Array<{ id: string; title: string; variants: Array<{ size: string; color: string }> }>;
    };
    const named = (title: string) => products.find((p) => p.title === title)!;
    const [shirt, mug, hoodie] = [named(SHIRT), named(MUG), products.find((p) => /hoodie/i.test(p.title))!];
    shopper = await createTestUser({ email: `shopper-${randomUUID()}@example.test` });

    // What the admin's pages list: a quote, a discount code, and the shopper's paid order.
    await post('/api/quotes', {
      name: 'Rosalind Franklin',
      email: 'rosalind@lab.example',
      services: ['website', 'accessibility'],
      budget: '15k-50k',
      message: 'A new site for our lab, readable by everyone.',
    });
    await post('/api/admin/discounts', { code: 'CLIENT-15', kind: 'percent', value: 15 }, suite.stack.admin);
    await post('/api/cart/items', { productId: mug.id, quantity: 1 }, shopper);
    const session = await post<{ id: string; url: string }>(
      '/api/checkout/sessions',
      { shipping: TEST_SHIPPING },
      shopper,
    );
    await payOnHostedPage(session.url);
    // Sent to Printful: the paid order is recorded and its cart emptied, so the line below stays.
    paid = await vi.waitFor(
      async () => {
        const order = await orderOfSession(session.id);
        if (order?.fulfilment.status !== 'pending') throw new Error(`order ${order?.status ?? 'not recorded'}`);
        return order;
      },
      { timeout: 30_000, interval: 250 },
    );
    await post('/api/cart/items', { productId: shirt.id, quantity: 2, size: 'M' }, shopper);

    // The shopper leads one team order, which a colleague has joined, and has the link of another's.
    const choice = { productId: hoodie.id, size: hoodie.variants[0].size, color: hoodie.variants[0].color };
    led = await startTeamOrder(shopper, hoodie.id, 'Design team', 'Sam');
    await post(`/api/team-orders/link/${led.linkToken}/members`, { name: 'Ada', ...choice });
    joinable = await startTeamOrder(await createTestUser(), hoodie.id, 'Platform team', 'Kim');
  });

  async function signIn(page: Page, user: TestUser, landing: string): Promise<void> {
    await page.goto(url('/login'));
    await page.getByLabel('E-mail address').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    await page.waitForURL(url(landing));
  }

  /**
   * The page as it is now, on a phone and then a desktop: axe's serious findings, the phone's
   * sideways scroll, and a picture of each. Findings are soft failures, so one run names them all.
   */
  async function check(page: Page, name: string): Promise<void> {
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      await page.setViewportSize(viewport);
      // Layouts that follow the width in script (the header's menu) render after a frame.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      expect.soft(await seriousAxeFindings(page), `${name} at ${viewport.width} px`).toEqual([]);
      if (viewport === VIEWPORTS.phone) {
        const { scrollWidth, clientWidth } = await page.evaluate(() => {
          const root = document.scrollingElement!;
          return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
        });
        expect.soft(scrollWidth, `${name} scrolls sideways at ${viewport.width} px`).toBeLessThanOrEqual(clientWidth);
      }
      // From the top, so the sticky header is drawn where it belongs in the full-page picture.
      await page.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(page, `axe-${name}-${viewport.width}`);
    }
  }

  /** Opens `path`, waits until `ready` says its content is in, and checks it. */
  async function visit(page: Page, name: string, path: string, ready: () => Promise<unknown>): Promise<void> {
    await page.goto(url(path));
    await ready();
    await check(page, name);
  }

  test("a shopper's pages: account, cart, checkout, a paid order, and a team order from start to link", async () => {
    const page = await suite.newPage();
    await signIn(page, shopper, '/store');

    await visit(page, 'account', '/account', async () => {
      await page.getByTestId('account-order').first().waitFor();
      await page.getByRole('region', { name: 'Your team orders' }).getByTestId('account-team-order').first().waitFor();
    });
    // The cart asks where it ships; the checkout, given a destination, shows its shipping options.
    await visit(page, 'cart', '/store/cart', () => page.getByTestId('cart-line').first().waitFor());
    await page.evaluate(
      ([key, destination]) => sessionStorage.setItem(key, destination),
      [SHIPPING_DESTINATION_STORAGE_KEY, JSON.stringify(TEST_SHIPPING)],
    );
    await visit(page, 'checkout', '/store/checkout', () => page.getByTestId('shipping-option').first().waitFor());
    await visit(page, 'confirmation', `/store/confirmation?session_id=${paid.sessionId}`, () =>
      expect.poll(() => page.getByTestId('order-status').getAttribute('data-status')).toBe('paid'),
    );

    const hoodie = led.products[0];
    await visit(page, 'team-start', `/store/team/start?product=${encodeURIComponent(hoodie.id)}`, () =>
      page.getByRole('button', { name: `Remove ${hoodie.title}`, exact: true }).waitFor(),
    );
    await visit(page, 'team-lead', `/store/team/lead/${led.id}`, () =>
      expect.poll(() => page.getByTestId('team-order-members').locator('li').count()).toBe(1),
    );
    // Another lead's link: the form to join, then the shopper's own line in it.
    await visit(page, 'team-link', `/store/team/${joinable.linkToken}`, () =>
      page.getByRole('button', { name: 'Join the team order' }).waitFor(),
    );
    const colours = page.getByRole('group', { name: 'Colour' });
    if (await colours.count()) await colours.getByRole('radio').first().check();
    await page.getByRole('group', { name: 'Size' }).getByRole('radio').first().check();
    await page.getByLabel('Your name').fill('Grace');
    await page.getByRole('button', { name: 'Join the team order' }).click();
    await expect.poll(() => page.getByTestId('team-order-mine').textContent()).toContain('You are in, Grace');
    await check(page, 'team-link-joined');
  });

  test("the admin's pages, each with something in it", async () => {
    const page = await suite.newPage();
    await signIn(page, suite.stack.admin, '/admin');
    const shown = (testId: string) => () => page.getByTestId(testId).first().waitFor();

    await visit(page, 'admin-home', '/admin', shown('home-today'));
    await visit(page, 'admin-orders', '/admin/orders', shown('admin-order'));
    await visit(page, 'admin-order', `/admin/orders/${paid.id}`, shown('admin-order-amounts'));
    await visit(page, 'admin-customers', '/admin/customers', shown('customers-table'));
    await visit(page, 'admin-customer', customerPath(`user:${shopper.uid}`), shown('customer-orders'));
    await visit(page, 'admin-quotes', '/admin/quotes', shown('admin-quote'));
    await visit(page, 'admin-discounts', '/admin/discounts', shown('admin-discount'));
    await visit(page, 'admin-reports', '/admin/reports', shown('sales-table'));
    await visit(page, 'admin-team-orders', '/admin/team-orders', () =>
      page.getByTestId('admin-team-orders').getByRole('link', { name: 'Design team' }).waitFor(),
    );
    await visit(page, 'admin-sync', '/admin/sync', shown('sync-history'));
  });
});
