/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { confirmationEmailJobId, orderAlertJobId } from '@shop/shared/domain/order';
import { orderSchema } from '@shop/shared/schemas';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { ORDER_STATUS_PATH } from '@shop/shared/pages';
import { payOnHostedPage, TEST_SHOPPER_ADDRESS } from '../../fixtures/hosted-payment.js';
import { TEST_SHIPPING } from '../../fixtures/shipping-destination.js';
import { outboxFiles } from '../../fixtures/outbox.js';
import { readableMessage } from '../../fixtures/mime-message.js';
import { describeWithBrowser, saveScreenshot, VIEWPORTS } from '../helpers/browser.js';
import { storeInBrowser } from '../helpers/store-in-browser.js';

// Journey 10 of docs/journeys.md, "the one whose parcel is theirs alone", in Chromium against the
// whole stack (docs/after-payment.md#who-may-change-an-order). A guest pays. A stranger who knows
// their e-mail address and the order number finds where the order stands, but not where it goes,
// and can neither change the street nor cancel, from the page or by calling the API. The buyer
// opens their confirmation e-mail's link in a fresh browser and corrects the street; the next
// e-mail shows the old street and the new one.

const SHIRT = 'Pixel Perfect Tee';
const NEW_STREET = '12 Corrected Lane';

describeWithBrowser('journey 10: the parcel is theirs alone', () => {
  const suite = storeInBrowser({ env: { ORDER_GRACE_MINUTES: '60', TRUST_PROXY: '127.0.0.1' } });
  const outbox = () => suite.stack.config.OUTBOX_DIR;
  const mail = (file: string) => readableMessage(readFileSync(path.join(outbox(), file), 'utf8'));

  async function orderOfSession(sessionId: string) {
    const page = await suite.stack.store.query(COLLECTIONS.orders, {
      where: [['sessionId', '==', sessionId]],
      limit: 1,
    });
    return page.docs[0] ? orderSchema.parse(page.docs[0].data) : null;
  }

  /** The guest's shirt, bought through the API and paid on the sandbox's page. */
  async function paidGuestOrder(): Promise<string> {
    const headers = { 'x-guest-id': `guest-${crypto.randomUUID()}`, 'content-type': 'application/json' };
    const products = (await (await fetch(`${suite.stack.url}/api/products?limit=50`)).json()) as {
      products: Array<{ id: string; title: string }>;
    };
    const shirt = products.products.find((p) => p.title === SHIRT)!;
    await fetch(`${suite.stack.url}/api/cart/items`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ productId: shirt.id, quantity: 1, size: 'M' }),
    });
    const checkout = await fetch(`${suite.stack.url}/api/checkout/sessions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ shipping: TEST_SHIPPING }),
    });
    const { id: sessionId, url } = (await checkout.json()) as { id: string; url: string };
    await payOnHostedPage(url);
    await expect
      .poll(async () => (await orderOfSession(sessionId))?.fulfilment.status, { timeout: 30_000 })
      .toBe('draft');
    return sessionId;
  }

  test('a stranger with the e-mail address and the number changes nothing and learns no address; the buyer corrects the street from their e-mail', async () => {
    const sessionId = await paidGuestOrder();
    const order = (await orderOfSession(sessionId))!;

    // The stranger, on a phone of their own: the order's number and the buyer's e-mail address.
    const strangerContext = await suite.newContext(VIEWPORTS.phone);
    await strangerContext.setExtraHTTPHeaders({ 'x-forwarded-for': '203.0.113.66' });
    const stranger = await strangerContext.newPage();
    stranger.setDefaultTimeout(20_000);
    await stranger.goto(`${suite.stack.url}${ORDER_STATUS_PATH}`);
    await stranger.getByLabel('Order number').fill(order.number!);
    await stranger.getByLabel('E-mail address').fill(TEST_SHOPPER_ADDRESS.email);
    await stranger.getByRole('button', { name: 'Find my order' }).click();
    await expect.poll(() => stranger.getByTestId('order-card-status').textContent()).toBe('Not yet made');
    await saveScreenshot(stranger, 'journey-10-stranger-375');
    // Where it stands, but not where it goes, and no button that changes or cancels.
    const shown = await stranger.locator('body').innerText();
    expect(shown).not.toContain(TEST_SHOPPER_ADDRESS.line1);
    expect(shown).not.toContain(TEST_SHOPPER_ADDRESS.name);
    expect(await stranger.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    expect(await stranger.getByRole('button', { name: 'Correct the address' }).count()).toBe(0);
    // The code the page offers goes to the buyer's address, not to the stranger.
    await stranger.getByRole('button', { name: 'E-mail me a code' }).click();
    await expect.poll(() => stranger.getByText(MESSAGES.orderCodeSent).count()).toBe(1);

    // The same requests from the stranger's browser straight to the API: refused, nothing changes.
    const attempts = await stranger.evaluate(
      async ({ number, email, name }) => {
        const post = async (route: string, body: unknown) => {
          const response = await fetch(route, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          return { status: response.status, body: (await response.json()) as { error?: { message: string } } };
        };
        const proof = { number, email };
        return [
          await post('/api/orders/change', {
            order: proof,
            basedOn: 0,
            change: {
              kind: 'address',
              address: {
                name,
                address1: '1 Drop Box Ln',
                city: 'Springfield',
                stateCode: 'IL',
                countryCode: 'US',
                zip: '62701',
              },
            },
          }),
          await post('/api/orders/cancel', proof),
        ];
      },
      { number: order.number!, email: TEST_SHOPPER_ADDRESS.email, name: 'Mallory' },
    );
    for (const attempt of attempts) {
      expect(attempt.status).toBe(403);
      expect(attempt.body.error?.message).toBe(MESSAGES.orderNeedsKey);
    }
    const untouched = (await orderOfSession(sessionId))!;
    expect([untouched.status, untouched.shipping?.address1, untouched.changes ?? []]).toEqual([
      'paid',
      TEST_SHOPPER_ADDRESS.line1,
      [],
    ]);

    // The buyer: their confirmation e-mail's link, in a fresh desktop browser.
    const confirmation = `${confirmationEmailJobId(order.id)}.eml`;
    await expect.poll(() => outboxFiles(outbox()), { timeout: 30_000 }).toContain(confirmation);
    const link = /https?:\/\/[^\s"'<>]*\/store\/order-status\?number=[^\s"'<>]+/.exec(mail(confirmation))![0];
    const linkUrl = new URL(link.replaceAll('&amp;', '&'));
    const buyerContext = await suite.newContext(VIEWPORTS.desktop);
    await buyerContext.setExtraHTTPHeaders({ 'x-forwarded-for': '198.51.100.10' });
    const buyer = await buyerContext.newPage();
    buyer.setDefaultTimeout(20_000);
    await buyer.goto(`${suite.stack.url}${linkUrl.pathname}${linkUrl.search}`);
    const change = buyer.getByTestId('order-change');
    await change.waitFor();
    expect(await buyer.getByTestId('shipping-address').textContent()).toContain(TEST_SHOPPER_ADDRESS.line1);
    await change.getByRole('button', { name: 'Correct the address' }).click();
    await change.getByLabel('Street address').fill(NEW_STREET);
    await saveScreenshot(buyer, 'journey-10-buyer-1280');
    await change.getByRole('button', { name: 'Save the address' }).click();
    await expect.poll(() => buyer.getByTestId('order-change-result').textContent()).toBe(MESSAGES.orderChanged);
    await expect.poll(() => buyer.getByTestId('shipping-address').textContent()).toContain(NEW_STREET);
    await saveScreenshot(buyer, 'journey-10-buyer-1280-changed');

    // The next e-mail names the old street and the new one, and offers the way back.
    const changed = `${orderAlertJobId('order-changed', order.id, 'change-1', 'shopper')}.eml`;
    await expect.poll(() => outboxFiles(outbox()), { timeout: 30_000 }).toContain(changed);
    const told = mail(changed);
    expect(told).toMatch(new RegExp(`${TEST_SHOPPER_ADDRESS.line1}[^\\n]*->[^\\n]*${NEW_STREET}`));
    expect(told).toContain('Put the previous address back');
  });
});
