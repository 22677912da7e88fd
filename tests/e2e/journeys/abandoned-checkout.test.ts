/// <reference lib="dom" />
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Job, Queue } from 'bullmq';
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { orderJobId } from '@shop/shared/domain/order';
import { productPath, SITE } from '@shop/shared/pages';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { createRedis, QUEUES } from '@shop/shared/server/queues';
import { findRecoveryByUnsubscribeToken, isOptedOut, readRecovery } from '@shop/shared/server/recovery';
import { describeWithBrowser, saveScreenshot, VIEWPORTS } from '../helpers/browser.js';
import { storeInBrowser } from '../helpers/store-in-browser.js';
import { mimeParts, partOf } from '../../fixtures/mime-message.js';
import { PROMOTIONS_CONSENT_LABEL } from '../../sandbox/stripe/hosted-page.js';

// Journey 8 of docs/journeys.md, the one who hesitated: fills a cart on a phone, reaches the
// payment page, agrees to hear from the shop and leaves. Later an e-mail shows the cart with its
// pictures; its link brings the cart back and the payment goes through. Another shopper taps
// "unsubscribe" in the same kind of e-mail and never hears again. The stack sends the e-mail as
// soon as Stripe reports the checkout expired (RECOVERY_DELAY_MINUTES=0, the test runs' setting),
// and the sandbox's control expires the session when the test says.

describeWithBrowser('journey 8: the one who hesitated', () => {
  const suite = storeInBrowser({ env: { RECOVERY_DELAY_MINUTES: '0' } });
  const url = (p: string) => `${suite.stack.url}${p}`;

  async function product(): Promise<{ id: string; title: string }> {
    const list = (await (await fetch(url('/api/products?limit=50'))).json()) as {
      products: Array<{ id: string; title: string }>;
    };
    return list.products.find((p) => /t-shirt|tee/i.test(p.title)) ?? list.products[0];
  }

  /** On a phone: a product in the cart, the checkout with a US address, then Stripe's page. */
  async function reachPayment(page: Page, item: { id: string; title: string }): Promise<string> {
    await page.goto(url(productPath(item.id)));
    await page.locator('#root[data-hydrated="true"]').waitFor();
    // The shirt's own colour, and a size once its sizes are shown (a colour picked first re-draws
    // the sizes, and a size chosen in between is cleared, as it should be for another colour).
    const sizes = page.getByRole('group', { name: 'Size' });
    await sizes.waitFor();
    const size = sizes.getByRole('radio', { disabled: false }).first();
    await size.check();
    await expect.poll(() => size.isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => page.getByTestId('add-to-cart-message').textContent()).toMatch(/^Added /);
    await page.goto(url('/store/cart'));
    await page.locator('#root[data-hydrated="true"]').waitFor();
    await page.getByTestId('cart-line').first().waitFor();
    await page.getByRole('link', { name: 'Checkout' }).click();
    return toPayment(page);
  }

  /** From the checkout page to Stripe's: the destination asked once a visit, then kept. */
  async function toPayment(page: Page): Promise<string> {
    // A choice made before the app has taken over the page would be lost.
    await page.locator('#root[data-hydrated="true"]').waitFor();
    await page.getByTestId('sandbox-notice').waitFor();
    await page.getByTestId('shipping-estimate').waitFor();
    if ((await page.getByTestId('shipping-destination').count()) === 0) {
      await page.getByLabel('Country', { exact: true }).selectOption('US');
      await page.getByLabel('State or territory').selectOption({ label: 'California' });
      await page.getByRole('button', { name: 'Show shipping options' }).click();
    }
    await page.getByTestId('shipping-option').first().waitFor();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL((u) => u.origin === new URL(suite.stack.stripe.url).origin);
    return decodeURIComponent(new URL(page.url()).pathname.split('/')[2]);
  }

  /** Types the e-mail, ticks "keep me updated" (the page saves it as it changes), and leaves. */
  async function agreeAndLeave(page: Page, email: string, screenshot?: string): Promise<void> {
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel(PROMOTIONS_CONSENT_LABEL).check();
    await expect.poll(() => page.locator('#promotions').getAttribute('data-saved')).toBe('opt_in');
    if (screenshot) await saveScreenshot(page, screenshot);
    await page.goto(url('/store'));
  }

  /** The session reaches its expiry: Stripe closes it and sends checkout.session.expired; waits for its job. */
  async function expire(sessionId: string): Promise<void> {
    const res = await fetch(`${suite.stack.stripe.url}/__sandbox/sessions/${encodeURIComponent(sessionId)}/expire`, {
      method: 'POST',
      body: '{}',
    });
    expect(res.status).toBe(200);
    const { event } = (await res.json()) as { event: { id: string } };
    const { config } = suite.stack;
    const redis = createRedis(config.REDIS_URL);
    const orders = new Queue(QUEUES.orders, { connection: redis, prefix: config.QUEUE_PREFIX });
    try {
      await expect
        .poll(async () => (await Job.fromId(orders, orderJobId(event.id)))?.finishedOn ?? null, { timeout: 30_000 })
        .not.toBeNull();
    } finally {
      await orders.close();
      redis.disconnect();
    }
  }

  /** The raw messages written to the outbox for `email`. */
  function mailTo(email: string): string[] {
    const dir = suite.stack.config.OUTBOX_DIR;
    let files: string[] = [];
    try {
      files = readdirSync(dir).filter((f) => f.startsWith('checkout-recovery-') && f.endsWith('.eml'));
    } catch {
      return [];
    }
    return files
      .map((f) => readFileSync(path.join(dir, f), 'utf8'))
      .filter((raw) => mimeParts(raw).headers.includes(`To: ${email}`));
  }

  /**
   * Printful's mockups are PNG or JPEG; the Printful sandbox draws SVG, which mail clients do not
   * show (so the e-mail leaves them out). The pending order's pictures are pointed at a PNG the
   * store serves, as a real catalogue's would be.
   */
  async function rasterPictures(sessionId: string): Promise<void> {
    const { docs } = await suite.stack.store.query(COLLECTIONS.orders, { where: [['sessionId', '==', sessionId]] });
    expect(docs).toHaveLength(1);
    const order = docs[0].data as { items: Array<Record<string, unknown>> };
    await suite.stack.store.set(COLLECTIONS.orders, docs[0].id, {
      ...order,
      items: order.items.map((item) => ({ ...item, imageUrl: url(SITE.emailLogo) })),
    });
  }

  test('a phone shopper comes back from the e-mail and pays; another unsubscribes and hears no more', async () => {
    const item = await product();
    const maya = `maya-${Date.now()}@example.com`;

    // On a phone: a cart, the payment page, "keep me updated" ticked, and away.
    const phone = await suite.newPage(VIEWPORTS.phone);
    const firstSession = await reachPayment(phone, item);
    await agreeAndLeave(phone, maya, 'journey-8-payment-consent-375');
    await rasterPictures(firstSession);
    await expire(firstSession);

    // Later: one e-mail, with the cart's lines and their pictures.
    await expect.poll(() => mailTo(maya).length, { timeout: 30_000 }).toBe(1);
    const [raw] = mailTo(maya);
    expect(mimeParts(raw).headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const html = partOf(raw, 'text/html');
    expect(html).toContain(item.title);
    await phone.setContent(html);
    const pictures = phone.locator(`img[alt="${item.title}"]`);
    await expect.poll(() => pictures.count()).toBeGreaterThan(0);
    await expect
      .poll(() => pictures.first().evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await saveScreenshot(phone, 'journey-8-email-375');

    // The link brings the cart back, and the payment goes through.
    const restore = await phone.getByRole('link', { name: 'Back to my cart' }).getAttribute('href');
    expect(restore).toMatch(/\/store\/cart\/restore\/[A-Za-z0-9_-]{43}$/);
    await phone.goto(restore!);
    await phone.getByRole('heading', { name: 'Your cart is back' }).waitFor();
    // The lines it brought back are on the page, as the cart shows them, not only counted.
    await phone.getByTestId('cart-restore-line').first().waitFor();
    expect(await phone.getByTestId('cart-restore-line').count()).toBeGreaterThan(0);
    await expect.poll(() => phone.getByTestId('cart-restore-total').textContent()).toMatch(/^Subtotal \$\d/);
    await saveScreenshot(phone, 'journey-8-cart-back-375');
    await phone.setViewportSize(VIEWPORTS.desktop);
    await saveScreenshot(phone, 'journey-8-cart-back-1280');
    await phone.setViewportSize(VIEWPORTS.phone);
    await phone.getByTestId('cart-restore-checkout').click();
    await toPayment(phone);
    await phone.getByLabel('E-mail').fill(maya);
    await phone.locator('button.pay').click();
    await phone.waitForURL((u) => u.pathname === '/store/confirmation' && u.searchParams.has('session_id'));
    await expect
      .poll(() => phone.getByTestId('order-status').getAttribute('data-status'), { timeout: 30_000 })
      .toBe('paid');
    await saveScreenshot(phone, 'journey-8-paid-375');
    // The studio's report counts it as recovered.
    const { docs } = await suite.stack.store.query(COLLECTIONS.orders, { where: [['sessionId', '==', firstSession]] });
    await expect
      .poll(async () => (await readRecovery(suite.stack.store, docs[0].id))?.recoveredOrderId ?? null, {
        timeout: 30_000,
      })
      .not.toBeNull();
    const report = await fetch(url('/api/admin/reports/sales'), {
      headers: { authorization: `Bearer ${suite.stack.admin.token}` },
    });
    expect(((await report.json()) as { recovered: { orders: number } }).recovered.orders).toBe(1);
    // The e-mail stays in the inbox: its link, opened again, says the cart was paid and adds nothing.
    await phone.goto(restore!);
    await phone.getByRole('heading', { name: 'This cart is already paid' }).waitFor();
    expect(await phone.getByTestId('cart-restore-notice').textContent()).toMatch(/^You already paid for this cart/);
    await saveScreenshot(phone, 'journey-8-link-after-paying-375');
    await phone.goto(url('/store/cart'));
    await phone.getByText('Your cart is empty.').waitFor();
    // The studio reads it on the sales report, on a desktop and a phone.
    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
      const studio = await suite.newPage(viewport);
      await studio.goto(url('/login'));
      await studio.getByLabel('E-mail address').fill(suite.stack.admin.email);
      await studio.getByLabel('Password', { exact: true }).fill(suite.stack.admin.password);
      await studio.getByRole('button', { name: 'Sign in', exact: true }).last().click();
      await studio.waitForURL((u) => u.pathname !== '/login');
      await studio.goto(url('/admin/reports'));
      await expect
        .poll(() => studio.getByTestId('sales-recovered').textContent(), { timeout: 20_000 })
        .toMatch(/^1 order paid from a cart the reminder e-mail brought back, for \$[\d.]+ of revenue\.$/);
      await saveScreenshot(studio, `journey-8-sales-report-${viewport.width}`);
    }

    // Another shopper leaves the same way and taps "unsubscribe" in the same kind of e-mail.
    const { store } = suite.stack;
    const noah = `noah-${Date.now()}@example.com`;
    const other = await suite.newPage(VIEWPORTS.phone);
    const otherSession = await reachPayment(other, item);
    await agreeAndLeave(other, noah);
    await expire(otherSession);
    await expect.poll(() => mailTo(noah).length, { timeout: 30_000 }).toBe(1);
    await other.setContent(partOf(mailTo(noah)[0], 'text/html'));
    const unsubscribe = await other.getByRole('link', { name: 'Unsubscribe' }).getAttribute('href');
    expect(unsubscribe).toMatch(/\/api\/email\/unsubscribe\?token=[A-Za-z0-9_-]{43}$/);
    await other.goto(unsubscribe!);
    // The store's own mark heads the page: its policy lets the site's own pictures in.
    await expect
      .poll(() => other.locator('header img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await saveScreenshot(other, 'journey-8-unsubscribe-375');
    await other.setViewportSize(VIEWPORTS.desktop);
    await saveScreenshot(other, 'journey-8-unsubscribe-1280');
    await other.setViewportSize(VIEWPORTS.phone);
    // Opening the page changes nothing (a mail scanner opens every link); the button does.
    const token = new URL(unsubscribe!).searchParams.get('token')!;
    expect((await findRecoveryByUnsubscribeToken(store, token))?.email).toBe(noah);
    expect(await isOptedOut(store, noah)).toBe(false);
    await other.getByRole('button', { name: 'Unsubscribe' }).click();
    await other.getByText('You are unsubscribed.').waitFor();
    await saveScreenshot(other, 'journey-8-unsubscribed-375');
    expect(await isOptedOut(store, noah)).toBe(true);

    // They leave a checkout again, ticking the box again: no e-mail is planned or sent.
    const againSession = await reachPayment(other, item);
    await agreeAndLeave(other, noah);
    await expire(againSession);
    const { docs: again } = await store.query(COLLECTIONS.orders, { where: [['sessionId', '==', againSession]] });
    expect((again[0].data as { status: string }).status).toBe('expired');
    expect(await readRecovery(store, again[0].id)).toBeNull();
    expect(mailTo(noah)).toHaveLength(1);
  }, 240_000);
});
