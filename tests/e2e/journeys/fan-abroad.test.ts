/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { confirmationEmailJobId } from '@shop/shared/domain/order';
import { SHOP_CURRENCY_COOKIE } from '@shop/shared/domain/currency';
import { productPath } from '@shop/shared/pages';
import { orderSchema } from '@shop/shared/schemas';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { outboxFiles } from '../../fixtures/outbox.js';
import { readableMessage } from '../../fixtures/mime-message.js';
import { describeWithBrowser, saveScreenshot, VIEWPORTS } from '../helpers/browser.js';
import { storeInBrowser } from '../helpers/store-in-browser.js';

// Journey 9 of docs/journeys.md, "the fan abroad", in Chromium against the whole stack
// (docs/rules.md#local-prices). A phone in Dublin (Irish English) opens the store in euros, the
// footer saying VAT is included, switches to pounds and back, adds a tee and a
// mug, reads the cart, its shipping and its total in euros, and pays exactly that total in EUR on
// the sandbox's payment page; the confirmation page and its e-mail show the same figures, and the
// studio's admin home shows the sale in dollars with the euros paid beside it. A shopper in Toronto
// sees Canadian dollars; one from a country the store does not price sees US dollars.

const SHIRT = 'Pixel Perfect Tee';
const MUG = '404 Coffee Not Found Mug';
const RATES = { EUR: 0.92, GBP: 0.79, CAD: 1.36 } as const;

/** The euro, Canadian or US amount written in a text: "€71.84" -> 71.84. */
const amountIn = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

describeWithBrowser('journey 9: the fan abroad', () => {
  const suite = storeInBrowser({ env: { STRIPE_AUTOMATIC_TAX: 'true' } });
  const url = (p: string) => `${suite.stack.url}${p}`;
  const outbox = () => suite.stack.config.OUTBOX_DIR;

  async function seedRates() {
    for (const [currency, rate] of Object.entries(RATES))
      await suite.stack.store.set(COLLECTIONS.exchangeRates, currency, {
        currency,
        rate,
        asOf: new Date().toISOString(),
        source: 'feed',
        sourceDate: null,
      });
  }

  async function productId(title: string): Promise<string> {
    const answer = (await (await fetch(url('/api/products?limit=50'))).json()) as {
      products: Array<{ id: string; title: string }>;
    };
    return answer.products.find((p) => p.title === title)!.id;
  }

  /**
   * A phone in a city, on its first visit: only its browser's language says where it is. The store
   * guesses the currency from it and remembers the guess.
   */
  async function shopperIn(language: string): Promise<{ context: BrowserContext; page: Page }> {
    const context = await suite.newContext(VIEWPORTS.phone);
    await context.setExtraHTTPHeaders({ 'accept-language': language });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(url('/store'));
    await page.getByTestId('product-card').first().waitFor();
    return { context, page };
  }

  const picker = (page: Page) => page.getByRole('combobox', { name: 'Currency' });
  const currencyCookie = async (context: BrowserContext) =>
    (await context.cookies()).find((c) => c.name === SHOP_CURRENCY_COOKIE)?.value;

  async function add(page: Page, title: string, size?: string) {
    await page.goto(url(productPath(await productId(title))));
    if (size) await page.getByRole('group', { name: 'Size' }).getByRole('radio', { name: size, exact: true }).check();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => page.getByTestId('add-to-cart-message').textContent()).toMatch(/^Added /);
  }

  async function cartTotal(page: Page): Promise<string> {
    await page.goto(url('/store/cart'));
    await page.getByTestId('cart-line').first().waitFor();
    // A line still being saved is priced by the server's answer; the total shows once it is.
    await expect.poll(() => page.getByTestId('cart-total-price').textContent()).toMatch(/\d/);
    return (await page.getByTestId('cart-total-price').textContent()) ?? '';
  }

  test('a Dublin phone pays in euros exactly what the cart showed; the e-mail and the admin agree', async () => {
    await seedRates();
    const { context, page } = await shopperIn('en-IE,en;q=0.8');
    // The store in euros, the footer saying VAT is included, and the guess kept.
    await page.locator('#root[data-hydrated]').waitFor({ state: 'attached' });
    for (const price of await page.locator('.product-card__price').allTextContents())
      expect(price).toMatch(/^(From )?€\d/);
    expect(await page.locator('.currency-picker__note').textContent()).toBe('Prices in euros include VAT.');
    expect(await currencyCookie(context)).toBe('EUR');
    // Switches to pounds and back with the footer's picker.
    await page.locator('form.currency-picker[data-ready]').waitFor({ state: 'attached' });
    await Promise.all([page.waitForURL(/currency=GBP/), picker(page).selectOption('GBP')]);
    await page.locator('#root[data-hydrated]').waitFor({ state: 'attached' });
    expect(await page.locator('.product-card__price').first().textContent()).toMatch(/^(From )?£\d/);
    await page.locator('form.currency-picker[data-ready]').waitFor({ state: 'attached' });
    await Promise.all([page.waitForURL(/currency=EUR/), picker(page).selectOption('EUR')]);
    expect(await currencyCookie(context)).toBe('EUR');

    await add(page, SHIRT, 'M');
    await add(page, MUG);
    const items = await cartTotal(page);
    expect(items).toMatch(/^€\d+\.00$/);
    const lines = await page.getByTestId('cart-line').allInnerTexts();
    for (const line of lines) expect(line).toMatch(/€\d+\.00 each/);
    expect(await page.locator('main').innerText()).not.toMatch(/\$\d/);

    // Where it ships: Ireland. Shipping and the total with it, in euros, VAT said to be included.
    await page.getByLabel('Country', { exact: true }).selectOption('IE');
    await page.getByRole('button', { name: 'Show shipping options' }).click();
    await page.getByTestId('shipping-option').first().waitFor();
    expect(await page.getByTestId('shipping-option').first().innerText()).toMatch(/€\d+\.\d\d/);
    const withShipping = (await page.getByTestId('total-with-shipping').textContent()) ?? '';
    expect(withShipping).toMatch(/^€\d+\.\d\d$/);
    expect(await page.getByTestId('shipping-options').innerText()).toContain('Prices include VAT.');
    await saveScreenshot(page, 'journey-9-cart-euros-375');

    // The payment page: a session in EUR for exactly the total the cart showed.
    await page.getByRole('link', { name: 'Checkout' }).click();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL((u) => u.origin === new URL(suite.stack.stripe.url).origin);
    const sessionId = new URL(page.url()).pathname.split('/').pop()!;
    const { session } = suite.stack.stripe.sessions.get(sessionId)!;
    expect(session.currency).toBe('eur');
    expect(session.amount_total! / 100).toBe(amountIn(withShipping));
    await page.getByLabel(/^Country/).fill('IE');
    await page.getByLabel('State / region').fill('');
    await page.getByLabel('City').fill('Dublin');
    await page.getByLabel('Postal code').fill('D02 X285');
    await saveScreenshot(page, 'journey-9-payment-page-375');
    await page.locator('button.pay').click();

    // The confirmation: the same figures.
    await page.waitForURL((u) => u.pathname === '/store/confirmation' && u.searchParams.has('session_id'));
    await expect
      .poll(() => page.getByTestId('order-status').getAttribute('data-status'), { timeout: 30_000 })
      .toBe('paid');
    const paid = suite.stack.stripe.sessions.get(sessionId)!.session;
    expect(paid.amount_total! / 100).toBe(amountIn(withShipping));
    expect(await page.getByTestId('order-total').innerText()).toContain(withShipping);
    expect(await page.getByTestId('order-subtotal').innerText()).toContain(items);
    await saveScreenshot(page, 'journey-9-confirmation-375');

    // The e-mail: the same total and items, in euros.
    const stored = await suite.stack.store.query(COLLECTIONS.orders, { where: [['sessionId', '==', sessionId]] });
    const order = orderSchema.parse(stored.docs[0].data);
    expect(order).toMatchObject({ currency: 'EUR', exchangeRate: RATES.EUR });
    const file = `${confirmationEmailJobId(order.id)}.eml`;
    await expect.poll(() => outboxFiles(outbox()), { timeout: 30_000 }).toContain(file);
    const mail = readableMessage(readFileSync(path.join(outbox(), file), 'utf8'));
    expect(mail).toContain(`Total: ${withShipping}`);
    expect(mail).toContain(`Subtotal: ${items}`);
    expect(mail).not.toMatch(/\$\d/);

    // The studio: the sale in dollars on the admin home, the euros paid beside it.
    const admin = await suite.newPage();
    await admin.goto(url('/login'));
    await admin.getByLabel('E-mail address').fill(suite.stack.admin.email);
    await admin.getByLabel('Password', { exact: true }).fill(suite.stack.admin.password);
    await admin.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    await admin.waitForURL(url('/admin'));
    const today = admin.getByTestId('home-today');
    await today.waitFor();
    const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
      order.amountsUsd!.total,
    );
    expect(await today.locator('.admin-tile__figure').innerText()).toBe(dollars);
    expect(await admin.getByTestId('home-today-currencies').innerText()).toBe(`${withShipping} paid in EUR`);
    await saveScreenshot(admin, 'journey-9-admin-home-1280');
  });

  test('a Toronto shopper sees Canadian dollars; one from a country the store does not price sees US dollars', async () => {
    await seedRates();
    const toronto = await shopperIn('en-CA');
    expect(await currencyCookie(toronto.context)).toBe('CAD');
    await add(toronto.page, MUG);
    expect(await cartTotal(toronto.page)).toMatch(/^CA\$\d+\.99$/);
    await saveScreenshot(toronto.page, 'journey-9-toronto-cart-375');

    const saoPaulo = await shopperIn('pt-BR');
    expect(await currencyCookie(saoPaulo.context)).toBe('USD');
    await add(saoPaulo.page, MUG);
    expect(await cartTotal(saoPaulo.page)).toMatch(/^\$\d+\.\d\d$/);
    expect(await saoPaulo.page.locator('main').innerText()).not.toMatch(/€|CA\$|£/);
  });
});
