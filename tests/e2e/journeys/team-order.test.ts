/// <reference lib="dom" />
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { PRINTFUL_SANDBOX_TOKEN } from '@shop/shared';
import { PrintfulClient, registerPrintfulWebhooks } from '@shop/shared/providers/printful';
import type { Page } from 'playwright-core';
import { productPath } from '@shop/shared/pages';
import { createTestUser } from '../../fixtures/auth.js';
import { describeWithBrowser, saveScreenshot, VIEWPORTS } from '../helpers/browser.js';
import { storeInBrowser } from '../helpers/store-in-browser.js';
import { readableMessage } from '../../fixtures/mime-message.js';

// Journey 7 of docs/journeys.md, the team lead: signed in, starts a team order for a hoodie from its
// product page and shares the link; three colleagues open it in their own browsers (one on a
// phone, none with an account), pick a size and write a name (one leaves an e-mail address); one
// withdraws. The lead watches the list fill live, without reloading or asking again, closes it,
// pays once and gets one order with the summed lines. The studio reads the list without the lead's
// buttons; when the parcel ships, the colleague who left an address hears so.

describeWithBrowser('journey 7: the team lead', () => {
  const suite = storeInBrowser();
  const url = (path: string) => `${suite.stack.url}${path}`;

  async function signIn(page: Page, email: string, password: string): Promise<void> {
    await page.goto(url('/login'));
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    await page.waitForURL(url('/store'));
  }

  async function join(page: Page, name: string, size: string, email?: string): Promise<void> {
    await page.getByRole('heading', { level: 1 }).waitFor();
    const colours = page.getByRole('group', { name: 'Colour' });
    if (await colours.count()) await colours.getByRole('radio').first().check();
    await page.getByRole('group', { name: 'Size' }).getByRole('radio', { name: size, exact: true }).check();
    await page.getByLabel('Your name').fill(name);
    if (email) await page.getByLabel('Your e-mail, to hear when it ships (optional)').fill(email);
    await page.getByRole('button', { name: 'Join the team order' }).click();
    await expect.poll(() => page.getByTestId('team-order-mine').textContent()).toContain(`You are in, ${name}`);
  }

  test('a lead and three colleagues in their own browsers end in one paid order with the summed lines', async () => {
    const products = (await (await fetch(url('/api/products?limit=50'))).json()) as {
      products: Array<{ id: string; title: string; variants: Array<{ size: string }> }>;
    };
    const hoodie = products.products.find((p) => /hoodie/i.test(p.title))!;
    expect(hoodie).toBeDefined();
    const [first, second] = [...new Set(hoodie.variants.map((v) => v.size))];

    // The lead starts it from the hoodie's product page.
    const leadUser = await createTestUser();
    const lead = await suite.newPage(VIEWPORTS.desktop);
    await signIn(lead, leadUser.email, leadUser.password);
    const leadRequests: string[] = [];
    lead.on('request', (request) => leadRequests.push(new URL(request.url()).pathname));
    await lead.goto(url(productPath(hoodie.id)));
    await lead.getByRole('link', { name: 'Start a team order' }).click();
    await lead.waitForURL((u) => u.pathname === '/store/team/start');
    // The hoodie is chosen already (tests/e2e/team-order-start.test.ts adds and removes others).
    await lead.getByRole('list', { name: 'Chosen products' }).getByText(hoodie.title).waitFor();
    await lead.getByLabel('Name of the order').fill('Platform team');
    await lead.getByLabel('Your name, as your team knows you').fill('Sam');
    await saveScreenshot(lead, 'journey-7-start-1280');
    await lead.getByRole('button', { name: 'Start and get the link' }).click();
    await lead.waitForURL((u) => u.pathname.startsWith('/store/team/lead/'));
    const link = await lead.getByTestId('team-order-link').inputValue();
    const leadPage = lead.url();
    // From here the lead's page reads the list only from its live stream: every read of the list
    // itself is counted, and none may come while the colleagues join.
    const listPath = new URL(leadPage).pathname.replace('/store/team/lead/', '/api/team-orders/');
    const listReads = () => leadRequests.filter((p) => p === listPath);
    await expect.poll(() => leadRequests.filter((p) => p === `${listPath}/events`).length).toBeGreaterThan(0);
    const readsBeforeJoins = listReads().length;
    expect(link).toMatch(/\/store\/team\/[A-Za-z0-9_-]{32}$/);
    await saveScreenshot(lead, 'journey-7-lead-empty-1280');

    // Three colleagues, none signed in: one on a phone.
    const ada = await suite.newPage(VIEWPORTS.phone);
    await ada.goto(link);
    await expect.poll(() => ada.getByText('Team order from Sam').count()).toBe(1);
    await saveScreenshot(ada, 'journey-7-member-375');
    await join(ada, 'Ada', first, 'ada@example.com');
    await expect.poll(() => ada.getByTestId('team-order-mine').textContent()).toContain('ada@example.com');
    await saveScreenshot(ada, 'journey-7-member-joined-375');

    const bo = await suite.newPage(VIEWPORTS.desktop);
    await bo.goto(link);
    await join(bo, 'Bo <b>', second ?? first);
    await saveScreenshot(bo, 'journey-7-member-joined-1280');

    const cy = await suite.newPage(VIEWPORTS.phone);
    await cy.goto(link);
    await join(cy, 'Cy', first);
    // Cy changes their mind: withdraws, and the page offers to join again.
    await cy.getByRole('button', { name: 'Withdraw' }).click();
    // It asks first, then says so.
    await cy.getByRole('button', { name: 'Yes, withdraw' }).click();
    await cy.getByRole('button', { name: 'Join the team order' }).waitFor();
    expect(await cy.getByTestId('team-order-left').textContent()).toMatch(/You have left the team order/);
    expect(await cy.getByTestId('team-order-mine').count()).toBe(0);

    // The lead's list fills by itself, from the stream: no reload and no read of the list again.
    // The name is shown as written, never as markup; nobody's e-mail address is on it.
    const members = lead.getByTestId('team-order-members');
    await expect
      .poll(async () => (await members.count()) && members.locator('li strong').allTextContents(), { timeout: 20_000 })
      .toEqual(['Ada', 'Bo <b>']);
    expect(listReads().length).toBe(readsBeforeJoins);
    expect(await lead.content()).not.toContain('ada@example.com');
    const counts = await lead.getByTestId('team-order-counts').locator('li').allTextContents();
    // The variant reads colour / size, as everywhere ("Navy / M"), or the size alone for one colour.
    expect(
      counts.some(
        (c) => c.startsWith(`1 × ${hoodie.title}, `) && (c.endsWith(` / ${first}`) || c.endsWith(`, ${first}`)),
      ),
    ).toBe(true);
    await saveScreenshot(lead, 'journey-7-lead-list-1280');

    // The lead closes it; the link says so kindly.
    await lead.getByRole('button', { name: 'Close it now' }).click();
    await lead.getByRole('button', { name: 'Put it in my cart and pay' }).waitFor();
    await ada.reload();
    await expect.poll(() => ada.getByTestId('team-order-notice').textContent()).toContain('has closed');
    await saveScreenshot(ada, 'journey-7-member-closed-375');

    // One cart with the summed lines, paid once through the usual checkout.
    await lead.getByRole('button', { name: 'Put it in my cart and pay' }).click();
    await lead.waitForURL(url('/store/cart'));
    await lead.getByTestId('cart-line').first().waitFor();
    const units = await lead.getByTestId('cart-count').textContent();
    expect(units).toBe('2');
    await lead.getByLabel('Country', { exact: true }).selectOption('US');
    await lead.getByLabel('State or territory').selectOption({ label: 'California' });
    await lead.getByRole('button', { name: 'Show shipping options' }).click();
    await lead.getByTestId('shipping-option').first().waitFor();
    await lead.getByRole('link', { name: 'Checkout' }).click();
    await lead.getByRole('button', { name: 'Continue to payment' }).click();
    await lead.waitForURL((u) => u.origin === new URL(suite.stack.stripe.url).origin);
    await lead.locator('button.pay').click();
    await lead.waitForURL((u) => u.pathname === '/store/confirmation' && u.searchParams.has('session_id'));
    await expect
      .poll(() => lead.getByTestId('order-status').getAttribute('data-status'), { timeout: 30_000 })
      .toBe('paid');
    await saveScreenshot(lead, 'journey-7-paid-1280');
    // The lead's own order says which team order it is.
    expect(await lead.getByTestId('order-team-order').textContent()).toBe('Platform team');
    await lead.setViewportSize(VIEWPORTS.phone);
    await saveScreenshot(lead, 'journey-7-paid-375');
    await lead.setViewportSize(VIEWPORTS.desktop);

    // One Printful order, whose packing slip names the two people in it (the one who withdrew is not).
    await expect
      .poll(() => suite.stack.printful.orders.list().filter((o) => o.packing_slip !== null).length, { timeout: 30_000 })
      .toBe(1);
    const [parcel] = suite.stack.printful.orders.list().filter((o) => o.packing_slip !== null);
    expect(parcel.packing_slip?.message).toMatch(/^Team order "Platform team", 2 people: Ada: .*; Bo <b>: /);
    expect(parcel.packing_slip?.message).not.toContain('Cy');
    expect(parcel.items.reduce((n, item) => n + Number(item.quantity), 0)).toBe(2);
    // The lead finds it again later: the account menu's "Team orders" lists it, and opens its page.
    await lead.goto(url('/store'));
    await lead.locator('#root[data-hydrated]').waitFor();
    const teamOrdersItem = lead.getByRole('banner').getByRole('link', { name: 'Team orders' });
    await expect
      .poll(async () => {
        if (!(await teamOrdersItem.isVisible())) await lead.getByTestId('header-account').click();
        return teamOrdersItem.isVisible();
      })
      .toBe(true);
    await saveScreenshot(lead, 'journey-7-lead-account-menu-1280');
    await teamOrdersItem.click();
    const mine = lead.getByRole('region', { name: 'Your team orders' });
    await mine.getByTestId('account-team-order').first().waitFor({ timeout: 20_000 });
    expect(await mine.getByTestId('account-team-order').first().textContent()).toContain('Paid: 2 of 20 people');
    // The account's order list names the team order on the lead's order too.
    await expect
      .poll(() => lead.getByTestId('order-card-team-order').first().textContent(), { timeout: 20_000 })
      .toBe('Team order: \u201cPlatform team\u201d');
    await saveScreenshot(lead, 'journey-7-lead-account-team-orders-1280');
    await mine.getByRole('link', { name: 'Platform team' }).click();
    await lead.waitForURL(leadPage);
    await expect.poll(() => lead.getByText('Your team order · Paid').count(), { timeout: 20_000 }).toBe(1);

    // The studio sees it among the team orders, on a phone and a desktop.
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      const studio = await suite.newPage(viewport);
      await signIn(studio, suite.stack.admin.email, suite.stack.admin.password).catch(() => undefined);
      await studio.goto(url('/admin/team-orders'));
      const row = studio.getByTestId('admin-team-orders').locator('li').filter({ hasText: 'Platform team' });
      await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('2 of 20 people, Paid');
      await saveScreenshot(studio, `journey-7-admin-team-orders-${viewport.width}`);
      // Its list, read as the studio: a note, and none of the lead's buttons.
      await row.getByRole('link', { name: 'Platform team' }).click();
      await studio.getByTestId('team-order-studio-note').waitFor();
      await expect.poll(() => studio.getByTestId('team-order-members').locator('li').count()).toBe(2);
      expect(await studio.getByRole('button', { name: /^Remove / }).count()).toBe(0);
      expect(await studio.getByRole('button', { name: 'Revoke the link' }).count()).toBe(0);
      expect(await studio.getByRole('button', { name: 'Put it in my cart and pay' }).count()).toBe(0);
      await saveScreenshot(studio, `journey-7-admin-team-order-${viewport.width}`);
    }

    // The parcel ships: Printful tells the store, and Ada, who left her address, hears so; Bo
    // left none. Everyone else's e-mail is the lead's own shipping notice.
    const printful = new PrintfulClient({ baseUrl: suite.stack.printful.url, apiKey: PRINTFUL_SANDBOX_TOKEN });
    await registerPrintfulWebhooks(printful, suite.stack.config);
    const shipped = await fetch(`${suite.stack.printful.url}/__sandbox/orders/${parcel.id}/events`, {
      method: 'POST',
      body: JSON.stringify({ type: 'package_shipped' }),
    });
    expect(shipped.status).toBe(200);
    const outbox = suite.stack.config.OUTBOX_DIR;
    const teamMails = () => {
      try {
        return readdirSync(outbox).filter((f) => f.startsWith('team-order-shipped-'));
      } catch {
        return [];
      }
    };
    await expect.poll(() => teamMails().length, { timeout: 30_000 }).toBe(1);
    const mail = readableMessage(readFileSync(path.join(outbox, teamMails()[0]), 'utf8'));
    expect(mail).toMatch(/^To: ada@example\.com$/m);
    expect(mail).toContain('Platform team');

    // The lead's page on a phone.
    const leadPhone = await (await suite.newContext(VIEWPORTS.phone)).newPage();
    await signIn(leadPhone, leadUser.email, leadUser.password);
    // The shared link, opened by the lead, is the lead's page: the list, and the way back to them all.
    await leadPhone.goto(new URL(lead.url()).origin + new URL(link).pathname);
    await leadPhone.waitForURL(leadPage, { timeout: 20_000 });
    await expect.poll(() => leadPhone.getByTestId('team-order-members').locator('li').count()).toBe(2);
    expect(await leadPhone.getByRole('link', { name: 'All your team orders' }).isVisible()).toBe(true);
    await saveScreenshot(leadPhone, 'journey-7-lead-paid-375');
  });
});
