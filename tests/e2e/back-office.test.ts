/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { orderSchema } from '@shop/shared/schemas';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { studioPeriods, studioTimeZone } from '@shop/shared/domain/time';
import { TEST_SHIPPING } from '../fixtures/shipping-destination.js';
import { payOnHostedPage, TEST_SHOPPER_ADDRESS } from '../fixtures/hosted-payment.js';
import { outboxFiles } from '../fixtures/outbox.js';
import { createTestUser } from '../fixtures/auth.js';
import { describeWithBrowser, saveScreenshot, VIEWPORTS } from './helpers/browser.js';
import { storeInBrowser } from './helpers/store-in-browser.js';

// Journey 5 (docs/journeys.md#5-the-studios-admin-one-morning), the studio's admin one morning, in Chromium against the whole real stack: signs in
// and lands on the admin home (today's sales, orders waiting, the new quote), answers the quote
// from the admin, filters the orders to those on hold, opens the customer's page, finds
// yesterday's order by the customer's e-mail, refunds part of it with a reason and a note, the
// customer told (Stripe sandbox -> webhook -> worker -> e-mail), resends the confirmation, makes a discount code, reads this month's report and its chart (its
// labels readable on a phone too), runs a sync and watches it finish, opens the queue dashboard and
// comes back. Then, on a phone, an admin made by the user document (not the claim) signs in, lands
// on the home and finds "Admin" in the account menu; a shopper does not.

const money = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);

describeWithBrowser("the studio's admin, one morning", () => {
  const suite = storeInBrowser();

  /** A guest's paid order of one product, through the API and the sandbox's hosted page. */
  async function paidGuestOrder(): Promise<string> {
    const headers = { 'x-guest-id': `guest-${randomUUID()}`, 'content-type': 'application/json' };
    const { products } = (await (await fetch(`${suite.stack.url}/api/products?limit=50`)).json()) as {
      products: Array<{ id: string; title: string; category: string }>;
    };
    const mug = products.find((p) => /mug/i.test(p.title)) ?? products[0];
    const added = await fetch(`${suite.stack.url}/api/cart/items`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ productId: mug.id, quantity: 1 }),
    });
    expect(added.status, await added.clone().text()).toBeLessThan(300);
    const checkout = await fetch(`${suite.stack.url}/api/checkout/sessions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ shipping: TEST_SHIPPING }),
    });
    const { id, url } = (await checkout.json()) as { id: string; url: string };
    await payOnHostedPage(url);
    return id;
  }

  async function orderOfSession(sessionId: string) {
    const page = await suite.stack.store.query(COLLECTIONS.orders, {
      where: [['sessionId', '==', sessionId]],
      limit: 1,
    });
    return page.docs[0] ? orderSchema.parse(page.docs[0].data) : null;
  }

  const nav = (page: Page, name: string) =>
    page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name, exact: true }).click();

  async function shoot(page: Page, name: string) {
    // Words for the studio, not the developers' configuration names (such as PRINTFUL_API_KEY).
    expect(await page.getByRole('main').innerText(), name).not.toMatch(/\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await saveScreenshot(page, `admin-${name}-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  test('quote, order search, refund, resend, discount code, report, sync, queues and back', async () => {
    const quoteFrom = `Rosalind ${randomUUID().slice(0, 6)}`;
    const quoted = await fetch(`${suite.stack.url}/api/quotes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: quoteFrom,
        email: 'rosalind@lab.example',
        services: ['website', 'accessibility'],
        budget: '15k-50k',
        message: 'A new site for our lab, readable by everyone.',
      }),
    });
    expect(quoted.status).toBe(201);
    const sessionId = await paidGuestOrder();
    await expect
      .poll(async () => (await orderOfSession(sessionId))?.fulfilment.status, { timeout: 30_000 })
      .toBe('pending');
    const order = (await orderOfSession(sessionId))!;

    const page = await suite.newPage();
    // Signing in as the admin lands on the admin home.
    await page.goto(`${suite.stack.url}/login`);
    await page.getByLabel('E-mail address').fill(suite.stack.admin.email);
    await page.getByLabel('Password', { exact: true }).fill(suite.stack.admin.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    await page.waitForURL(`${suite.stack.url}/admin`);

    // The home: today's sales (the order just paid), what waits, the new quote; each a link.
    const today = page.getByTestId('home-today');
    await today.waitFor();
    expect(await today.innerText()).toContain(money(order.amounts!.total));
    expect(await today.innerText()).toMatch(/\b1 order\b/);
    expect(await page.getByTestId('home-month').innerText()).toContain(money(order.amounts!.total));
    expect(await page.getByTestId('home-waiting-held').innerText()).toMatch(/On hold\s+0\s+orders/);
    const newQuotes = page.getByTestId('home-quotes');
    expect(Number((await newQuotes.locator('.admin-tile__figure').innerText()).trim())).toBeGreaterThanOrEqual(1);
    expect(
      await page
        .getByRole('navigation', { name: 'Administration' })
        .getByRole('link', { name: 'Home' })
        .getAttribute('aria-current'),
    ).toBe('page');
    // The currencies (docs/rules.md#local-prices): each enabled one with its rate's age; this stack's
    // rates source answers nothing, so none has a rate and none is sold in.
    expect(await page.getByTestId('rate-EUR').innerText()).toMatch(/no rate yet · not selling/);
    await shoot(page, 'home');
    await newQuotes.click();
    await page.waitForURL(`${suite.stack.url}/admin/quotes?status=new`);

    // The new quote: answered from the admin (an e-mail from the studio; sending marks it contacted),
    // then a note for the team.
    const quote = page.getByTestId('admin-quote').filter({ hasText: quoteFrom });
    await quote.waitFor();
    expect(await quote.textContent()).toContain('A new site for our lab, readable by everyone.');
    expect(await quote.getByTestId('admin-quote-status').textContent()).toBe('New');
    await quote.getByRole('link', { name: quoteFrom }).click();
    await page.waitForURL(new RegExp(`${suite.stack.url}/admin/quotes/[\\w-]+$`));
    const one = page.getByTestId('admin-quote');
    // An empty reply is answered with a sentence naming the field, and nothing is sent.
    await one.getByRole('button', { name: 'Send reply' }).click();
    await one.getByText('Reply: write the message to send').waitFor();
    const mailsBefore = outboxFiles(suite.stack.config.OUTBOX_DIR).length;
    await one.getByLabel('Reply to rosalind@lab.example').fill('Thank you, Rosalind. Could we call on Friday at 10?');
    await one.getByRole('button', { name: 'Send reply' }).click();
    await expect
      .poll(() => page.getByTestId('quote-replies').textContent())
      .toContain('Thank you, Rosalind. Could we call on Friday at 10?');
    await expect.poll(() => page.getByTestId('admin-quote-status').textContent()).toBe('Contacted');
    await expect
      .poll(() => outboxFiles(suite.stack.config.OUTBOX_DIR).length, { timeout: 20_000 })
      .toBe(mailsBefore + 1);
    await page.getByTestId('admin-quote').getByLabel('Note for the team').fill('Called Rosalind; proposal by Friday.');
    await page.getByTestId('admin-quote').getByRole('button', { name: 'Save', exact: true }).click();
    const quoteId = new URL(page.url()).pathname.split('/').pop()!;
    await expect
      .poll(async () => (await suite.stack.store.get(COLLECTIONS.quotes, quoteId))?.note)
      .toBe('Called Rosalind; proposal by Friday.');
    await shoot(page, 'quote');

    // Yesterday's order, found by the customer's e-mail.
    await nav(page, 'Orders');
    await page.waitForURL(`${suite.stack.url}/admin/orders`);
    // Those on hold: none this morning.
    await page.getByLabel('Waiting on the studio').selectOption('held');
    await page.waitForURL((url) => url.searchParams.get('attention') === 'held');
    await page.getByText('No orders on hold.').waitFor();
    await page.getByLabel('Waiting on the studio').selectOption('');
    await page.waitForURL((url) => !url.searchParams.has('attention'));
    await page.getByRole('searchbox', { name: 'Search' }).fill(TEST_SHOPPER_ADDRESS.email.toUpperCase());
    // The search applies once typing pauses; a click on the unfiltered list before then could be
    // overtaken by the search's own navigation.
    await page.waitForURL((url) => url.searchParams.get('q') === TEST_SHOPPER_ADDRESS.email.toUpperCase());
    const card = page.getByTestId('admin-order').filter({ hasText: order.number! });
    await card.waitFor();
    // Compact: one order is a row of two lines on a desktop (number, customer, total, badge, date;
    // then items, Printful, Stripe and history), and a short stack on a phone, never wider than it.
    const box = () => card.evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
    expect((await box()).height).toBeLessThanOrEqual(96);
    await page.setViewportSize({ width: 375, height: 812 });
    const phone = await box();
    expect(phone.right).toBeLessThanOrEqual(375);
    expect(phone.height).toBeLessThanOrEqual(200);
    expect(await card.getByTestId('admin-order-status').isVisible()).toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });
    await shoot(page, 'orders');
    // The list as filtered, for a spreadsheet: states in words, the time in the studio's zone.
    const [ordersCsv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const orderLines = readFileSync(await ordersCsv.path(), 'utf8').split('\r\n');
    expect(orderLines[0]).toBe('number,placed,customer,email,state,production,total,refunded,discountCode');
    const line = orderLines.find((l) => l.startsWith(`${order.number},`));
    expect(line).toMatch(/,"[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M P[SD]T",/);
    // The state column says the stage the shopper reads, not the payment status.
    const state = (line ?? '').split(`,${TEST_SHOPPER_ADDRESS.email},`)[1]?.split(',')[0];
    expect(['Confirmed', 'Being made']).toContain(state);

    // The customer's page: their order, what they spent, and back to the order.
    await card.getByRole('link', { name: 'Customer page' }).click();
    await page.waitForURL(/\/admin\/customers\/email%3A/);
    const customer = page.getByTestId('admin-customer');
    await customer.waitFor();
    expect(await customer.getByTestId('customer-orders').textContent()).toBe('1');
    expect(await customer.getByTestId('customer-spent').textContent()).toBe(money(order.amounts!.total));
    await shoot(page, 'customer');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/admin/orders');
    await card.getByRole('link', { name: `Order ${order.number}` }).click();
    await page.waitForURL(`${suite.stack.url}/admin/orders/${order.id}`);
    const total = order.amounts!.total;
    await page.getByText(TEST_SHOPPER_ADDRESS.line1).waitFor();
    expect(await page.getByRole('link', { name: 'Payment in Stripe' }).getAttribute('href')).toContain(sessionId);

    // Part of it refunded, with a reason and a note, the customer told: Stripe's events come back
    // through the webhook and the worker, which e-mails the shopper.
    const refundForm = page.getByRole('form', { name: 'Refund' });
    // A wrong amount is named beside its field, and nothing is asked or refunded.
    await refundForm.getByLabel(/^Refund amount/).fill(String(total + 100));
    await refundForm.getByRole('button', { name: 'Refund' }).click();
    await refundForm.getByText(`Refund amount: at most ${money(total)} is left to refund`).waitFor();
    await refundForm.getByLabel(/^Refund amount/).fill('5');
    await refundForm.getByLabel('Reason').selectOption({ label: 'Requested by the customer' });
    await refundForm.getByLabel(/^Note/).fill('Ordered the wrong mug; asked by e-mail.');
    expect(await refundForm.getByLabel(/^Tell the customer/).isChecked()).toBe(true);
    await shoot(page, 'refund-dialog');
    const mailsBeforeRefund = outboxFiles(suite.stack.config.OUTBOX_DIR).length;
    // The last question is asked in the page, not by the browser: what happens, and Back or Refund.
    const browserDialogs: string[] = [];
    page.on('dialog', (dialog) => {
      browserDialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await refundForm.getByRole('button', { name: 'Refund' }).click();
    const step = refundForm.getByRole('group', { name: 'Confirm the refund' });
    expect(await step.innerText()).toContain("Refund $5.00 to the customer's card. This cannot be undone.");
    expect(await step.innerText()).toContain(`${TEST_SHOPPER_ADDRESS.email} is e-mailed about it.`);
    expect(
      await step.getByRole('heading', { name: 'Confirm the refund' }).evaluate((h) => h === document.activeElement),
    ).toBe(true);
    await shoot(page, 'refund-confirm');
    // On a phone the step fits the screen: nothing in it runs off to the side.
    await page.setViewportSize({ width: 375, height: 812 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const stepBox = await step.evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
    expect(stepBox.right).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.keyboard.press('Escape');
    expect(await refundForm.getByLabel(/^Refund amount/).inputValue()).toBe('5');
    await refundForm.getByRole('button', { name: 'Refund' }).click();
    await step.getByRole('button', { name: 'Refund $5.00' }).click();
    await page.getByTestId('refund-requested').waitFor();
    expect(browserDialogs).toEqual([]);
    await expect
      .poll(() => page.getByTestId('admin-order-refunds').textContent(), { timeout: 30_000 })
      .toBe('$5.00 refunded (requested by the customer): “Ordered the wrong mug; asked by e-mail.”');
    await expect.poll(() => page.getByTestId('admin-order-status').textContent()).toBe('Refunded in part');
    // The shopper's refund e-mail, before the confirmation is sent again below.
    await expect
      .poll(() => outboxFiles(suite.stack.config.OUTBOX_DIR).length, { timeout: 20_000 })
      .toBe(mailsBeforeRefund + 1);

    // The confirmation again: one more e-mail in the outbox.
    const before = outboxFiles(suite.stack.config.OUTBOX_DIR).length;
    await page.getByRole('button', { name: 'Resend confirmation e-mail' }).click();
    await page.getByText(`Confirmation e-mail queued for ${TEST_SHOPPER_ADDRESS.email}.`).waitFor();
    await expect.poll(() => outboxFiles(suite.stack.config.OUTBOX_DIR).length, { timeout: 20_000 }).toBe(before + 1);
    await shoot(page, 'order');

    // A code for a client: 15% off orders from $40, twenty uses, until the end of next year (Stripe takes no end more than 5 years ahead).
    await nav(page, 'Discounts');
    await page.waitForURL(`${suite.stack.url}/admin/discounts`);
    const form = page.getByRole('form', { name: 'New code' });
    await form.getByLabel('Code').fill('client-15');
    await form.getByLabel('Kind').selectOption('percent');
    await form.getByLabel('Value').fill('15');
    await form.getByLabel(/^Minimum subtotal/).fill('40');
    await form.getByLabel(/^Ends after/).fill(`${new Date().getFullYear() + 1}-12-31`);
    await form.getByLabel(/^Redemption limit/).fill('20');
    await form.getByRole('button', { name: 'Create code' }).click();
    const code = page.getByTestId('admin-discount').filter({ hasText: 'CLIENT-15' });
    await expect.poll(() => code.getByTestId('admin-discount-redemptions').textContent()).toBe('0 of 20 redeemed');
    expect(await code.textContent()).toContain('15% off · from $40.00 · ends');
    await shoot(page, 'new-discount');

    // This month's report: the order, its partial refund, and the chart.
    await nav(page, 'Reports');
    await page.waitForURL(`${suite.stack.url}/admin/reports`);
    // The studio's month (the report counts on the studio's calendar), named as the table names it.
    const studioMonth = studioPeriods(new Date(), studioTimeZone(suite.stack.config)).month;
    const thisMonth = new Date(`${studioMonth}-15T12:00:00Z`).toLocaleDateString('en-US', {
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const row = page.getByTestId('sales-table').getByRole('row', { name: new RegExp(`^${thisMonth}`) });
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells.slice(0, 3)).toEqual(['1', '1', money(total)]);
    expect(cells[6]).toBe(money(5));
    expect(await page.getByRole('img', { name: /Revenue and net by month/ }).count()).toBe(1);
    // A young shop's chart opens on the months around its sales, not on eleven empty ones.
    expect(
      await page
        .getByRole('img', { name: /Revenue and net by month/ })
        .evaluate((svg) => svg.querySelector('desc')?.textContent),
    ).toMatch(/^3 months from /);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const csv = readFileSync(await download.path(), 'utf8').split('\r\n');
    expect(csv[0]).toBe('month,orders,units,revenue,shipping,tax,discounts,refunds,printfulCost,stripeFees,net');
    const monthRow = csv.find((line) => line.startsWith(`${studioMonth},`));
    expect(monthRow?.split(',').slice(1, 4)).toEqual(['1', '1', total.toFixed(2)]);
    await shoot(page, 'reports');
    // On a phone the chart's month and dollar labels are as large as on a desktop, not shrunk with
    // it, and all of them are on the screen, none overlapping the next.
    await page.setViewportSize({ width: 375, height: 812 });
    await expect
      .poll(() =>
        page
          .getByTestId('sales-chart')
          .locator('text')
          .evaluateAll((labels) =>
            labels.map((label) => {
              const { left, right, top, height } = label.getBoundingClientRect();
              return {
                left: Math.round(left),
                right: Math.round(right),
                top: Math.round(top),
                height: Math.round(height),
              };
            }),
          ),
      )
      .toSatisfy((labels: Array<{ left: number; right: number; top: number; height: number }>) => {
        // The month labels are the bottom row; the dollar labels run down the left.
        const bottom = Math.max(...labels.map((l) => l.top));
        const months = labels.filter((l) => l.top === bottom);
        return (
          labels.length > 2 &&
          labels.every((l) => l.height >= 10 && l.left >= 0 && l.right <= 375) &&
          months.every((l, i) => i === 0 || l.left >= months[i - 1].right)
        );
      });
    await page.setViewportSize({ width: 1280, height: 900 });

    // A sync, watched until it finishes, on a phone: its progress shows where the button was pressed.
    await nav(page, 'Sync');
    await page.waitForURL(`${suite.stack.url}/admin/sync`);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: 'Start sync' }).click();
    await expect.poll(() => page.getByTestId('sync-percent').textContent(), { timeout: 60_000 }).toBe('100%');
    const progress = await page.getByTestId('sync-percent').evaluate((el) => el.getBoundingClientRect().toJSON());
    expect(progress.top).toBeGreaterThanOrEqual(0);
    expect(progress.bottom).toBeLessThanOrEqual(812);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByText(/Incremental sync · finished/).waitFor();
    await shoot(page, 'sync');

    // The queue dashboard, and the way back.
    await nav(page, 'Queues');
    await page.waitForURL(`${suite.stack.url}/admin/queues`);
    await page.getByText('Studio shop queues').first().waitFor();
    await saveScreenshot(page, 'admin-queues-1280');
    await page.getByRole('link', { name: '← Back to the admin' }).click();
    await page.waitForURL(`${suite.stack.url}/admin/sync`);
    await page.getByRole('navigation', { name: 'Administration' }).waitFor();

    // The dashboard's address typed or bookmarked, with no dashboard session yet: it opens too,
    // by way of the admin page that makes the session, and never shows the API's raw JSON.
    await page.context().clearCookies({ name: '__session' });
    await page.goto(`${suite.stack.url}/admin/queues`);
    await page.waitForURL(`${suite.stack.url}/admin/queues`);
    await page.getByText('Studio shop queues').first().waitFor();
    expect(await page.locator('body').innerText()).not.toContain('"error"');
  });

  test('an admin made by the user document, on a phone, lands on the admin home and finds "Admin" in the account menu', async () => {
    // Not the claim: users/{uid}.isAdmin, which the API counts as admin too (docs/admin.md).
    const studio = await createTestUser();
    await suite.stack.store.set(COLLECTIONS.users, studio.uid, { isAdmin: true });
    const page = await suite.newPage(VIEWPORTS.phone);
    await page.goto(`${suite.stack.url}/login`);
    await page.getByLabel('E-mail address').fill(studio.email);
    await page.getByLabel('Password', { exact: true }).fill(studio.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    await page.waitForURL(`${suite.stack.url}/admin`);
    await page.getByTestId('home-today').waitFor();
    await saveScreenshot(page, 'admin-home-by-user-document-375');

    // From the shop, the account menu (inside the phone menu) offers "Admin", which opens the home.
    await page.goto(`${suite.stack.url}/store`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByTestId('header-account').click();
    const adminItem = page.getByRole('banner').getByRole('link', { name: 'Admin', exact: true });
    await adminItem.waitFor();
    await saveScreenshot(page, 'account-menu-admin-375');
    await adminItem.click();
    await page.waitForURL(`${suite.stack.url}/admin`);
    await page.getByTestId('home-today').waitFor();

    // A shopper's menu has no "Admin", and signing in lands on the shop.
    const shopper = await createTestUser();
    const theirs = await suite.newPage(VIEWPORTS.phone);
    await theirs.goto(`${suite.stack.url}/login`);
    await theirs.getByLabel('E-mail address').fill(shopper.email);
    await theirs.getByLabel('Password', { exact: true }).fill(shopper.password);
    await theirs.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    await theirs.waitForURL(`${suite.stack.url}/store`);
    await theirs.getByRole('button', { name: 'Open menu' }).click();
    await theirs.getByTestId('header-account').click();
    await theirs.getByRole('banner').getByRole('link', { name: 'Orders', exact: true }).waitFor();
    expect(await theirs.getByRole('banner').getByRole('link', { name: 'Admin', exact: true }).count()).toBe(0);
  });
});
