/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { FALLBACK_PRODUCTS } from '@shop/shared/domain/product';
import { createTestUser } from '../fixtures/auth.js';
import { describeWithBrowser, saveScreenshot, VIEWPORTS } from './helpers/browser.js';
import { storeInBrowser } from './helpers/store-in-browser.js';

// The store as shoppers and the admin use it, in Chromium against the whole real stack: guest
// cart and checkout through the Stripe sandbox, sign-up with the guest cart merged, the admin
// sync with live progress and a live store, the admin guard, and the store with its API down.

const SHIRT = 'Pixel Perfect Tee';
const MUG = '404 Coffee Not Found Mug';

describeWithBrowser('store in the browser', () => {
  // Stripe adds tax, so the confirmation's tax line is a real figure.
  const suite = storeInBrowser({ env: { STRIPE_AUTOMATIC_TAX: 'true' } });
  const { newPage } = suite;

  /** A full-page screenshot from the top, so the sticky header sits where a visitor sees it. */
  async function screenshot(page: Page, name: string): Promise<void> {
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, name);
  }

  async function openProduct(page: Page, title: string): Promise<void> {
    await page.goto(`${suite.stack.url}/store`);
    await page.getByRole('link', { name: title, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
  }

  async function addVariant(page: Page, options: { size?: string; color?: string; quantity?: number }): Promise<void> {
    if (options.size)
      await page.getByRole('group', { name: 'Size' }).getByRole('radio', { name: options.size, exact: true }).check();
    if (options.color)
      await page
        .getByRole('group', { name: 'Colour' })
        .getByRole('radio', { name: options.color, exact: true })
        .check();
    if (options.quantity) await page.getByRole('spinbutton', { name: 'Quantity' }).fill(String(options.quantity));
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => page.getByTestId('add-to-cart-message').textContent()).toMatch(/^Added /);
  }

  /** Lines of the cart page as "name|size, colour|quantity". */
  async function cartLines(page: Page): Promise<string[]> {
    return page.getByTestId('cart-line').evaluateAll((lines) =>
      lines.map((line) => {
        const name = line.querySelector('h3')?.textContent ?? '';
        const meta = (line.querySelector('.cart-line__meta')?.textContent ?? '').split(' · ')[0];
        const quantity = (line.querySelector('select') as HTMLSelectElement | null)?.value ?? '';
        return `${name}|${meta}|${quantity}`;
      }),
    );
  }

  async function cartSaved(page: Page): Promise<void> {
    await expect.poll(() => page.locator('.sync-status').textContent()).toBe('');
  }

  async function signIn(page: Page, email: string, password: string): Promise<void> {
    await page.goto(`${suite.stack.url}/login`);
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    // Shoppers land on the store, an admin on the admin home.
    await page.waitForURL((url) => url.pathname === '/store' || url.pathname === '/admin');
  }

  test('a guest fills a cart, keeps it across a reload and pays in the Stripe sandbox', async () => {
    const page = await newPage();
    await openProduct(page, SHIRT);
    await addVariant(page, { size: 'M', color: 'White' });
    await addVariant(page, { size: 'L', color: 'Black', quantity: 2 });
    await screenshot(page, 'store-product-1280');
    await openProduct(page, MUG);
    await addVariant(page, {});

    await page.getByRole('link', { name: /^Cart, \d+ items?$/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Your cart' }).waitFor();
    expect(await cartLines(page)).toEqual([`${SHIRT}|White / M|1`, `${SHIRT}|Black / L|2`, `${MUG}|White / 11 oz|1`]);
    await page.getByLabel(`Quantity of ${SHIRT} (White / M)`).selectOption('3');
    await page.getByLabel(`Quantity of ${MUG} (White / 11 oz)`).selectOption('2');
    await cartSaved(page);
    const before = await cartLines(page);
    expect(await page.getByTestId('cart-total-items').textContent()).toBe('7');

    await page.reload();
    await page.getByTestId('cart-line').first().waitFor();
    // The served page shows the server's cart; a change still within the save's pause is kept in
    // the browser and shown (and sent) once the app has taken the page over.
    await page.locator('#root[data-hydrated]').waitFor({ state: 'attached' });
    await expect.poll(() => cartLines(page)).toEqual(before);
    await cartSaved(page);
    expect(await cartLines(page)).toEqual(before);
    expect(await page.getByTestId('cart-count').textContent()).toBe('7');
    const itemsTotal = (await page.getByTestId('cart-total-price').textContent()) ?? '';

    // Where to ship, asked on the cart page: the options and the total with shipping show there.
    await page.getByLabel('Country', { exact: true }).selectOption('US');
    await page.getByRole('button', { name: 'Show shipping options' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'state' }).count()).toBe(1);
    await page.getByLabel('State or territory').selectOption({ label: 'California' });
    await page.getByLabel(/^Postal code/).fill('91311');
    await page.getByRole('button', { name: 'Show shipping options' }).click();
    await expect.poll(() => page.getByTestId('shipping-option').count()).toBe(2);
    const options = await page.getByTestId('shipping-option').allTextContents();
    expect(options[0]).toMatch(/^Flat Rate/);
    expect(options[1]).toMatch(/^Express/);
    expect(await page.getByTestId('total-with-shipping').textContent()).toMatch(/^\$\d+\.\d{2}$/);
    await screenshot(page, 'store-cart-1280');

    await page.getByRole('link', { name: 'Checkout' }).click();
    await page.getByTestId('sandbox-notice').waitFor();
    expect(await page.getByTestId('checkout-total').textContent()).toBe(itemsTotal);
    // Remembered for the visit: the checkout page knows the destination already, the state by its
    // ISO 3166-2 name.
    expect(await page.getByTestId('shipping-destination').textContent()).toBe('California, United States');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL((u) => u.origin === new URL(suite.stack.stripe.url).origin);
    await page.getByRole('radio', { name: /^Express/ }).check();
    await page.locator('button.pay').click();

    await page.waitForURL((u) => u.pathname === '/store/confirmation' && u.searchParams.has('session_id'));
    await expect
      .poll(() => page.getByTestId('order-status').getAttribute('data-status'), { timeout: 30_000 })
      .toBe('paid');
    // What the page shows is what the Stripe sandbox charged: items, the chosen shipping, tax.
    const charged = suite.stack.stripe.sessions.get(new URL(page.url()).searchParams.get('session_id') ?? '')!;
    const usd = (minor: number | null | undefined) =>
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format((minor ?? 0) / 100);
    const express = charged.shippingRates.find((r) => r.metadata.printful_shipping === 'PRINTFUL_FAST')!;
    expect(charged.session.shipping_cost?.shipping_rate).toBe(express.id);
    expect(charged.session.total_details?.amount_tax).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('order-total').textContent()).toBe(usd(charged.session.amount_total));
    expect(await page.getByTestId('order-subtotal').textContent()).toBe(usd(charged.session.amount_subtotal));
    expect(await page.getByTestId('order-subtotal').textContent()).toBe(itemsTotal);
    expect(await page.getByTestId('order-shipping').textContent()).toBe(usd(express.fixed_amount.amount));
    expect(await page.getByTestId('order-tax').textContent()).toBe(usd(charged.session.total_details?.amount_tax));
    expect(await page.getByTestId('order-number').textContent()).toMatch(/^CS-\d+$/);
    expect(await page.locator('main').textContent()).not.toContain(charged.session.metadata?.orderId ?? '');
    // Fits a phone: no sideways scrolling at 375 px.
    for (const width of [375, 768, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      // Polled: the header re-lays itself out for the new width a frame later.
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      await screenshot(page, `store-confirmation-${width}`);
    }
    await page.setViewportSize(VIEWPORTS.desktop);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(3);
    // The paid order empties the cart it came from.
    await expect.poll(() => page.getByTestId('cart-count').count()).toBe(0);
    await screenshot(page, 'store-confirmation-1280');
  });

  test('a confirmation link with an unknown or malformed session says so kindly', async () => {
    const page = await newPage(VIEWPORTS.phone);
    for (const id of ['cs_test_x', 'cs_test_unknownsession0000000']) {
      await page.goto(`${suite.stack.url}/success?session_id=${id}`);
      await page.getByTestId('order-not-found').waitFor();
      expect(await page.getByRole('heading', { level: 1 }).textContent()).not.toContain('successful');
      expect(await page.locator('main').textContent()).not.toMatch(
        /Expected a Stripe|invalid-argument|No order for checkout session/,
      );
    }
    await screenshot(page, 'store-confirmation-unknown-375');
  });

  test('a shopper who signs up keeps the cart they filled as a guest', async () => {
    const page = await newPage();
    await openProduct(page, MUG);
    await addVariant(page, { quantity: 2 });

    await page.goto(`${suite.stack.url}/login`);
    await page.getByRole('button', { name: 'Create account' }).first().click();
    const email = `shopper-${randomUUID()}@example.test`;
    await page.getByLabel('E-mail address').fill(email);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('abc');
    await expect
      .poll(() => page.getByRole('list', { name: 'Password requirements' }).textContent())
      .toContain('not met yet');
    await password.fill('long-enough-password');
    await expect
      .poll(() => page.getByRole('list', { name: 'Password requirements' }).textContent())
      .not.toContain('not met yet');
    await page.getByRole('button', { name: 'Create account' }).last().click();
    await page.waitForURL(`${suite.stack.url}/store`);
    await page.goto(`${suite.stack.url}/store/cart`);
    await page.getByTestId('cart-line').first().waitFor();
    expect(await cartLines(page)).toEqual([`${MUG}|White / 11 oz|2`]);

    // The guest cart became the account's: another browser signed in as the same shopper has it.
    const elsewhere = await newPage();
    await signIn(elsewhere, email, 'long-enough-password');
    await elsewhere.goto(`${suite.stack.url}/store/cart`);
    await elsewhere.getByTestId('cart-line').first().waitFor();
    expect(await cartLines(elsewhere)).toEqual([`${MUG}|White / 11 oz|2`]);
  });

  // The e-mail's link and the page it opens: tests/e2e/password-reset.test.ts.
  test('"Forgot password?" answers alike for a known and an unknown address', async () => {
    const shopper = await createTestUser();
    const stranger = `nobody-${randomUUID()}@example.test`;
    const page = await newPage(VIEWPORTS.phone);
    const answers: string[] = [];
    for (const email of [shopper.email, stranger]) {
      await page.goto(`${suite.stack.url}/login`);
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await page.getByLabel('E-mail address').fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      answers.push(((await page.getByTestId('reset-sent').textContent()) ?? '').replace(email, '<address>'));
    }
    expect(answers[0]).toMatch(/<address>/);
    expect(answers[1]).toBe(answers[0]);
    await screenshot(page, 'login-reset-sent-375');
  });

  test('an admin queues a sync, watches it reach 100% and the open store updates without a reload', async () => {
    const shopper = await newPage();
    await shopper.goto(`${suite.stack.url}/store`);
    await shopper.getByRole('link', { name: 'Hello, World! Tee', exact: true }).waitFor();

    const admin = await newPage();
    await signIn(admin, suite.stack.admin.email, suite.stack.admin.password);
    await admin.goto(`${suite.stack.url}/admin/sync`);
    await admin.getByRole('heading', { level: 1, name: 'Product sync' }).waitFor();
    await expect.poll(() => admin.getByTestId('config-check').textContent()).toMatch(/^✓/);

    // A product the other tests leave alone.
    const original = 'Hello, World! Tee';
    const shirtId = suite.stack.printful.catalogue.list().find((p) => p.name === original)!.id;
    const renamed = `${original} (Limited Edition)`;
    const patch = await fetch(`${suite.stack.printful.url}/__sandbox/products/${shirtId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: renamed, price: '31.00' }),
    });
    expect(patch.status).toBe(200);

    await admin.getByRole('button', { name: 'Start sync' }).click();
    // The figure and the bar read together, from one rendering: the screen follows the newest run,
    // and a sync the catalogue change itself queued may take the screen over right after.
    await expect
      .poll(
        () =>
          admin.evaluate(() => [
            document.querySelector('[data-testid="sync-percent"]')?.textContent,
            document.querySelector('[role="progressbar"][aria-label="Sync progress"]')?.getAttribute('aria-valuenow'),
          ]),
        { timeout: 60_000 },
      )
      .toEqual(['100%', '100']);
    await expect.poll(() => admin.getByTestId('sync-result').textContent()).toContain('Updated1');
    await admin.getByTestId('sync-history').waitFor();
    await screenshot(admin, 'admin-sync-1280');

    // The shopper's page was never reloaded: the live stream brought the change.
    await shopper.getByRole('link', { name: renamed, exact: true }).waitFor({ timeout: 30_000 });
    const card = shopper.getByTestId('product-card').filter({ hasText: renamed });
    expect(await card.locator('.product-card__price').textContent()).toBe('$31.00');
    await screenshot(shopper, 'store-live-1280');

    await admin.setViewportSize(VIEWPORTS.phone);
    await screenshot(admin, 'admin-sync-375');
  });

  test('a signed-out visitor and a signed-in shopper who is not admin are sent to /login', async () => {
    const visitor = await newPage();
    await visitor.goto(`${suite.stack.url}/`);
    await visitor.goto(`${suite.stack.url}/admin/sync`);
    await visitor.waitForURL(`${suite.stack.url}/login`);
    // Replaced: going back skips the admin page.
    await visitor.goBack();
    expect(new URL(visitor.url()).pathname).toBe('/');

    const user = await createTestUser();
    const shopper = await newPage();
    await signIn(shopper, user.email, user.password);
    // The check may finish within a frame, so the page records whether its loading state was
    // ever shown rather than the test racing to see it.
    await shopper.addInitScript(() => {
      const w = window as unknown as { verifyingShown?: boolean };
      new MutationObserver(() => {
        if (document.body?.textContent?.includes('Verifying access...')) w.verifyingShown = true;
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await shopper.goto(`${suite.stack.url}/admin/sync`);
    await shopper.waitForURL(`${suite.stack.url}/login`, { timeout: 20_000 });
    expect(await shopper.evaluate(() => (window as unknown as { verifyingShown?: boolean }).verifyingShown)).toBe(true);
  });

  test('phone-sized product page and cart', async () => {
    const page = await newPage(VIEWPORTS.phone);
    await openProduct(page, SHIRT);
    // The form's button sits below the first screen: it docks at the bottom, in reach, until the
    // footer comes into view, whose links it never covers.
    const inView = () =>
      page.getByRole('button', { name: 'Add to cart' }).evaluate((button) => {
        const box = button.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      });
    await expect.poll(inView).toBe(true);
    await page.locator('.site-footer').scrollIntoViewIfNeeded();
    await expect.poll(() => page.getByTestId('buy-bar').count()).toBe(0);
    await addVariant(page, { size: 'S', color: 'Black' });
    await screenshot(page, 'store-product-375');
    await page.goto(`${suite.stack.url}/store/cart`);
    await page.getByTestId('cart-line').first().waitFor();
    await cartSaved(page);
    await screenshot(page, 'store-cart-375');
  });

  test('the developer pages report real results: API checks and the live stream recovering from a network error', async () => {
    const page = await newPage();
    await page.goto(`${suite.stack.url}/api-test`);
    await page.getByRole('button', { name: 'Check the database' }).click();
    await expect
      .poll(() => page.getByTestId('database-result').textContent())
      .toMatch(/^✓ ready in \d+ ms \(store: ok, redis: ok\)$/);
    await page.getByRole('button', { name: 'Fetch products' }).click();
    await expect
      .poll(() => page.getByTestId('printful-result').textContent())
      .toBe('✓ 12 products synced; showing the first 5');

    await page.goto(`${suite.stack.url}/firestore-test`);
    await page.getByRole('button', { name: 'Start both listeners' }).click();
    const recovering = page.getByTestId('recovering-log');
    const standard = page.getByTestId('standard-log');
    await expect.poll(() => recovering.textContent()).toContain('snapshot with 12 products');
    await expect.poll(() => standard.textContent()).toContain('snapshot with 12 products');
    await page.getByRole('button', { name: 'Simulate network error' }).click();
    await expect.poll(() => recovering.textContent()).toContain('reconnecting in 1000 ms (attempt 1)');
    // Reopened after the delay: a second snapshot arrives on the recovering listener only.
    await expect
      .poll(() => recovering.locator('li', { hasText: 'snapshot with 12 products' }).count(), { timeout: 10_000 })
      .toBe(2);
    expect(await standard.textContent()).toContain('a standard listener does not reopen it');
    expect(await standard.locator('li', { hasText: 'snapshot with 12 products' }).count()).toBe(1);
  });

  // Last: the API does not come back.
  test('with the API stopped the store shows the error and the three built-in products', async () => {
    await suite.stack.stopApi();
    const page = await newPage();
    await page.goto(`${suite.stack.url}/store`);
    await expect
      .poll(() => page.getByTestId('store-error').textContent(), { timeout: 30_000 })
      .toContain('Firestore error: Failed to fetch');
    // The store's default order (newest first) applies to the built-in products too.
    const titles = await page.getByTestId('product-card').locator('h3').allTextContents();
    expect(titles.sort()).toEqual(FALLBACK_PRODUCTS.map((p) => p.title).sort());
    await screenshot(page, 'store-api-down-1280');
  });
});
