import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studioDate } from '@shop/shared/domain/time';
import { orderSchema, type TeamOrderLeadView } from '@shop/shared/schemas';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { startStripeSandbox, type StripeSandbox } from '../../../tests/sandbox/stripe/server.js';
import { TEST_SHIPPING } from '../../../tests/fixtures/shipping-destination.js';
import { createTestUser, type TestUser } from '../../../tests/fixtures/auth.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { seedProduct, startCheckout, storefrontProduct } from '../checkout/checkout-fixtures.js';

// docs/rules.md#team-orders: the lead's own order of a team order keeps that team order's name,
// so the confirmation page and the account's order list say whose order it is.

let t: TestApp;
let sandbox: StripeSandbox;
let lead: TestUser;
const bearer = (user: TestUser) => ({ authorization: `Bearer ${user.token}` });
const hoodie = storefrontProduct('team-checkout-hoodie', { title: 'Studio Hoodie' });

beforeAll(async () => {
  sandbox = await startStripeSandbox({ webhookUrl: 'http://127.0.0.1:9/unused', webhookSecret: 'whsec_unused_here' });
  t = await createTestApp({ STRIPE_API_URL: sandbox.url });
  lead = await createTestUser();
  await seedProduct(t.app, hoodie);
});
afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

describe("the lead's order of a team order", () => {
  it('is named as the team order on the confirmation and in the account', async () => {
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/team-orders',
      headers: bearer(lead),
      payload: {
        productIds: [hoodie.id],
        closesOn: studioDate(new Date(), t.config.STUDIO_TIMEZONE),
        maxMembers: 20,
        title: 'Platform team hoodies',
      },
    });
    expect(started.statusCode, started.body).toBe(201);
    const team = started.json() as TeamOrderLeadView;
    const joined = await t.app.inject({
      method: 'POST',
      url: `/api/team-orders/link/${team.linkToken}/members`,
      payload: { productId: hoodie.id, size: 'M', color: 'Black', name: 'Ada' },
      remoteAddress: '10.52.0.1',
    });
    expect(joined.statusCode, joined.body).toBe(201);
    await t.app.inject({ method: 'POST', url: `/api/team-orders/${team.id}/close`, headers: bearer(lead) });
    const filled = await t.app.inject({
      method: 'POST',
      url: `/api/team-orders/${team.id}/cart`,
      headers: bearer(lead),
    });
    expect(filled.statusCode, filled.body).toBe(200);

    const checkout = await startCheckout(t.app, bearer(lead), { shipping: TEST_SHIPPING });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const sessionId = (checkout.json() as { id: string }).id;

    const confirmation = (await t.app.inject({ url: `/api/orders/by-session/${sessionId}` })).json();
    expect(confirmation.teamOrderTitle).toBe('Platform team hoodies');

    // Paid, it is in the lead's order list under the same name.
    const page = await t.store.query(COLLECTIONS.orders, { where: [['sessionId', '==', sessionId]] });
    const order = orderSchema.parse(page.docs[0]!.data);
    const paidAt = new Date().toISOString();
    await t.store.set(COLLECTIONS.orders, order.id, { ...order, status: 'paid', paidAt, number: 'CS-52052' });
    const listed = (await t.app.inject({ url: '/api/orders', headers: bearer(lead) })).json() as {
      orders: Array<{ id: string; teamOrderTitle?: string }>;
    };
    expect(listed.orders.find((o) => o.id === order.id)?.teamOrderTitle).toBe('Platform team hoodies');
  });
});
