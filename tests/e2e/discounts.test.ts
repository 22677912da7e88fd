/// <reference lib="dom" />
import { TEST_SHIPPING } from '../fixtures/shipping-destination.js';
import { expect, test } from 'vitest';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { describeWithBrowser, saveScreenshot, VIEWPORTS } from './helpers/browser.js';
import { storeInBrowser } from './helpers/store-in-browser.js';

// A discount code in Chromium against the whole real stack (docs/rules.md#what-a-merch-shopper-expects): the studio makes a
// code on its screen, a guest on a phone applies it in the cart and pays in the Stripe sandbox,
// and the confirmation's amounts are what the sandbox charged.

const SHIRT = 'Pixel Perfect Tee';
/** Answers from the API under a loaded CI machine: polled, not timed. */
const WAIT = { timeout: 20_000 };

describeWithBrowser('discount codes in the browser', () => {
  const suite = storeInBrowser();

  test('a phone guest applies a code and the confirmation shows what Stripe charged', async () => {
    // The studio makes the code on its screen, reached from the admin navigation.
    const admin = await suite.newPage();
    await admin.goto(`${suite.stack.url}/login`);
    await admin.getByLabel('E-mail address').fill(suite.stack.admin.email);
    await admin.getByLabel('Password', { exact: true }).fill(suite.stack.admin.password);
    await admin.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    await admin.waitForURL(`${suite.stack.url}/admin`); // an admin lands on the admin home
    await admin.goto(`${suite.stack.url}/admin/orders`);
    await admin
      .getByRole('navigation', { name: 'Administration' })
      .getByRole('link', { name: 'Discounts', exact: true })
      .click();
    await admin.waitForURL(`${suite.stack.url}/admin/discounts`);
    const form = admin.getByRole('form', { name: 'New code' });
    await form.getByLabel('Code').fill('friends-5');
    await form.getByLabel('Kind').selectOption('percent');
    await form.getByLabel('Value').fill('5');
    await form.getByRole('button', { name: 'Create code' }).click();
    const listed = admin.getByTestId('admin-discount').filter({ hasText: 'FRIENDS-5' });
    await expect.poll(() => listed.getByTestId('admin-discount-redemptions').textContent(), WAIT).toBe('0 redeemed');

    // A New Year's Eve code: "Ends after" Dec 31 lists as ending Dec 31 and runs to midnight in
    // the studio's zone (Portland by default), not to 4 pm there (midnight UTC).
    const year = new Date().getUTCFullYear() + 1;
    await form.getByLabel('Code').fill('nye-15');
    await form.getByLabel('Value').fill('15');
    await form.getByLabel(/^Ends after/).fill(`${year}-12-31`);
    await form.getByRole('button', { name: 'Create code' }).click();
    const eve = admin.getByTestId('admin-discount').filter({ hasText: 'NYE-15' });
    await expect.poll(() => eve.textContent(), WAIT).toContain(`ends after Dec 31, ${year}`);
    expect(await eve.textContent()).not.toContain(`Jan 1, ${year + 1}`);
    const stored = (await suite.stack.store.get(COLLECTIONS.discounts, 'NYE-15')) as { endsAt: string };
    expect(stored.endsAt).toBe(`${year + 1}-01-01T08:00:00.000Z`);

    const page = await suite.newPage(VIEWPORTS.phone);
    await page.goto(`${suite.stack.url}/store`);
    await page.getByRole('link', { name: SHIRT, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: SHIRT }).waitFor();
    await page.getByRole('group', { name: 'Size' }).getByRole('radio', { name: 'M', exact: true }).check();
    await page.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => page.getByTestId('add-to-cart-message').textContent(), WAIT).toMatch(/^Added /);

    await page.goto(`${suite.stack.url}/store/cart`);
    await page.getByTestId('cart-line').first().waitFor();
    await page.getByLabel('Discount code').fill('no-such-code');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(() => page.getByTestId('discount-code-error').textContent(), WAIT)
      .toBe('This code does not exist or has expired');
    await page.getByLabel('Discount code').fill('friends-5');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.getByTestId('cart-discount-code').textContent(), WAIT).toBe('FRIENDS-5');
    const amountOff = (await page.getByTestId('cart-discount-amount').textContent()) ?? '';
    expect(amountOff).toMatch(/^−\$\d+\.\d{2}$/);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await saveScreenshot(page, 'discount-cart-375');

    await page.getByLabel('Country', { exact: true }).selectOption(TEST_SHIPPING.country);
    if (TEST_SHIPPING.state) await page.getByLabel(/^(State|Province) or territory$/).selectOption(TEST_SHIPPING.state);
    if (TEST_SHIPPING.zip) await page.getByLabel(/^Postal code/).fill(TEST_SHIPPING.zip);
    await page.getByRole('button', { name: 'Show shipping options' }).click();
    await expect.poll(() => page.getByTestId('shipping-option').count(), WAIT).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Checkout' }).click();
    await page.getByTestId('sandbox-notice').waitFor();
    expect(await page.getByTestId('checkout-discount').textContent()).toBe(amountOff);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL((u) => u.origin === new URL(suite.stack.stripe.url).origin);
    await page.locator('button.pay').click();

    await page.waitForURL((u) => u.pathname === '/store/confirmation' && u.searchParams.has('session_id'));
    await expect
      .poll(() => page.getByTestId('order-status').getAttribute('data-status'), { timeout: 30_000 })
      .toBe('paid');
    const charged = suite.stack.stripe.sessions.get(new URL(page.url()).searchParams.get('session_id') ?? '')!;
    const usd = (minor: number | null | undefined) =>
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format((minor ?? 0) / 100);
    expect(charged.session.discounts?.length).toBe(1);
    await expect
      .poll(() => page.getByTestId('order-total').textContent(), WAIT)
      .toBe(usd(charged.session.amount_total));
    expect(await page.getByTestId('order-discount').textContent()).toBe(
      `−${usd(charged.session.total_details?.amount_discount)}`,
    );
    expect(await page.getByTestId('order-discount').textContent()).toBe(amountOff);
    expect(await page.getByTestId('order-subtotal').textContent()).toBe(usd(charged.session.amount_subtotal));
    expect(await page.getByTestId('order-shipping').textContent()).toBe(
      usd(charged.session.total_details?.amount_shipping),
    );
    expect(await page.getByTestId('order-tax').textContent()).toBe(usd(charged.session.total_details?.amount_tax));
    await saveScreenshot(page, 'discount-confirmation-375');

    // The studio sees the code redeemed once, by this paid order.
    await admin.reload();
    await expect.poll(() => listed.getByTestId('admin-discount-redemptions').textContent(), WAIT).toBe('1 redeemed');
    await saveScreenshot(admin, 'admin-discounts-1280');
    await admin.setViewportSize(VIEWPORTS.phone);
    await expect.poll(() => admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await saveScreenshot(admin, 'admin-discounts-375');
  });
});
