import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { orderAlertJobId } from '@shop/shared/domain/order';
import { variantWords } from '@shop/shared/domain/product';
import type { OrderStatusResponse, StorefrontProduct, StorefrontVariant } from '@shop/shared/schemas';
import { readOrder } from '@shop/shared/server/orders';
import { createTestUser } from '../fixtures/auth.js';
import { TEST_SHOPPER_ADDRESS } from '../fixtures/hosted-payment.js';
import { startCheckoutStack, waitUntil, type CheckoutStack } from './checkout-stack.js';

// Changing an order within the grace period through the real API
// (docs/after-payment.md#changing-an-order-within-the-grace-period): a size or colour swapped at
// the same price, an address corrected in the same country with its shipping quoted again by the
// Printful sandbox, the Printful draft following each change, and every refusal with why and what
// to do, nothing changed. Also the e-mail link's key, and the studio's answer to a request to cancel.

let stack: CheckoutStack;
let adminHeaders: Record<string, string>;

beforeAll(async () => {
  stack = await startCheckoutStack({ env: { ORDER_GRACE_MINUTES: '60', TRUST_PROXY: '127.0.0.1' } });
  const admin = await createTestUser({ claims: { admin: true } });
  adminHeaders = { authorization: `Bearer ${admin.token}` };
});

afterAll(async () => {
  await stack?.close();
});

interface Answer {
  outcome?: string;
  message?: string;
  decision?: string;
  order?: { number: string; secondChance?: { changes?: number } };
  error?: { code: string; message: string };
}

let client = 0;
beforeEach(() => {
  client += 1;
});

async function call(method: string, route: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${stack.apiUrl}${route}`, {
    method,
    headers: {
      'x-forwarded-for': `198.51.100.${client}`,
      ...headers,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer };
}

/** A product sold in at least two variants of one price and one of another. */
function shirtWithChoices(): {
  product: StorefrontProduct;
  bought: StorefrontVariant;
  same: StorefrontVariant;
  dearer: StorefrontVariant;
} {
  for (const product of stack.products) {
    for (const bought of product.variants) {
      const same = product.variants.find((v) => v !== bought && v.price === bought.price && v.sync_variant_id);
      const dearer = product.variants.find((v) => v.price !== bought.price && v.sync_variant_id);
      if (same && dearer && bought.sync_variant_id) return { product, bought, same, dearer };
    }
  }
  throw new Error('no product with variants of the same and of another price');
}

type Paid = OrderStatusResponse & { sessionId: string };

async function paidOrder(where: 'US' | 'GB' = 'US', zip = 'SW1A 1AA'): Promise<Paid> {
  const shopper = stack.guest();
  const { product, bought } = shirtWithChoices();
  await shopper.add(product.id, 1, { size: bought.size, color: bought.color });
  const session = where === 'US' ? await shopper.checkout() : await shopper.checkout({ country: 'GB', zip });
  await stack.pay(
    session.url,
    'card',
    undefined,
    where === 'US' ? {} : { line1: '1 High Street', city: 'London', state: '', postal_code: zip, country: 'GB' },
  );
  const order = await stack.waitForOrder(session.id, (o) => o.fulfilment.status === 'draft');
  return { ...order, sessionId: session.id };
}

const address = (order: Paid, fields: Record<string, string | null>) => ({
  name: order.shippingAddress!.name,
  address1: order.shippingAddress!.address1,
  address2: order.shippingAddress!.address2,
  city: order.shippingAddress!.city,
  stateCode: order.shippingAddress!.stateCode,
  countryCode: order.shippingAddress!.countryCode,
  zip: order.shippingAddress!.zip,
  ...fields,
});

const draftOf = (orderId: string) => stack.printfulOrdersFor(orderId)[0];

describe('swapping a size or colour within the grace period', () => {
  it('the same price: the order and the Printful draft take the new variant, both sides are e-mailed', async () => {
    const order = await paidOrder();
    const { same } = shirtWithChoices();
    const [choices] = order.secondChance!.lineChoices!;
    expect(choices).toContainEqual({ size: same.size, color: same.color, price: same.price, samePrice: true });

    const changed = await call('POST', '/api/orders/change', {
      order: { sessionId: order.sessionId },
      basedOn: 0,
      change: { kind: 'variant', line: 0, size: same.size, color: same.color },
    });
    expect(changed).toMatchObject({ status: 200, body: { outcome: 'changed', message: MESSAGES.orderChanged } });
    // The answer carries the order as it now is: the page shows it without a lookup of its own,
    // which would count against the shopper's five a minute.
    const shown = (changed.body as unknown as { order: { items: Array<{ size: string; color: string }> } }).order;
    expect([shown.items[0].size, shown.items[0].color]).toEqual([same.size, same.color]);
    const after = await stack.waitForOrder(order.sessionId, (o) => o.secondChance?.changes === 1);
    expect([after.items[0].size, after.items[0].color]).toEqual([same.size, same.color]);
    await waitUntil(() => draftOf(order.id).items[0].sync_variant_id === same.sync_variant_id, 30_000, 'the draft');
    expect(draftOf(order.id).status).toBe('draft');
    const stored = await readOrder(stack.store, order.id);
    expect(stored?.changes).toEqual([expect.objectContaining({ by: 'shopper', via: 'confirmation', kind: 'variant' })]);
    // The studio's order page lists it.
    const detail = await call('GET', `/api/admin/orders/${order.id}`, undefined, adminHeaders);
    expect((detail.body as { changes?: unknown }).changes).toEqual(stored?.changes);
    await waitUntil(
      () =>
        (['shopper', 'studio'] as const).every((audience) =>
          stack.outboxFiles().includes(`${orderAlertJobId('order-changed', order.id, 'change-1', audience)}.eml`),
        ),
      30_000,
      'the change e-mails',
    );

    // The same page sending its change again (it still thinks there were none): refused, nothing changed.
    const stale = await call('POST', '/api/orders/change', {
      order: { sessionId: order.sessionId },
      basedOn: 0,
      change: { kind: 'variant', line: 0, size: same.size, color: same.color },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error?.message).toBe(MESSAGES.orderChangeConflict);
  });

  it('another price: refused with what to do, nothing changed', async () => {
    const order = await paidOrder();
    const { dearer, bought, product } = shirtWithChoices();
    const refused = await call('POST', '/api/orders/change', {
      order: { number: order.number, key: (await readOrder(stack.store, order.id))!.accessKey },
      basedOn: 0,
      change: { kind: 'variant', line: 0, size: dearer.size, color: dearer.color },
    });
    expect(refused.status).toBe(412);
    expect(refused.body.error?.message).toBe(
      MESSAGES.orderChangePriceDiffers(
        product.title,
        variantWords(dearer),
        `$${dearer.price.toFixed(2)}`,
        `$${bought.price.toFixed(2)}`,
      ),
    );
    expect(draftOf(order.id).items[0].sync_variant_id).toBe(bought.sync_variant_id);
    expect((await stack.orderStatus(order.sessionId))?.secondChance?.changes).toBe(0);
  });

  it('someone else’s order, a bad line and after the window: refused, nothing changed', async () => {
    const mine = await paidOrder();
    const theirs = await paidOrder();
    const { same, bought } = shirtWithChoices();
    const swap = { kind: 'variant', line: 0, size: same.size, color: same.color };
    const other = await call('POST', '/api/orders/change', {
      order: { number: theirs.number, email: 'someone-else@example.com' },
      basedOn: 0,
      change: swap,
    });
    expect(other.status).toBe(403);
    expect(other.body.error?.message).toBe(MESSAGES.orderNeedsKey);
    const badLine = await call('POST', '/api/orders/change', {
      order: { sessionId: mine.sessionId },
      basedOn: 0,
      change: { ...swap, line: 5 },
    });
    expect(badLine.status).toBe(400);
    expect(badLine.body.error?.message).toBe(MESSAGES.orderChangeLineUnknown);

    expect((await call('POST', `/api/admin/orders/${mine.id}/release`, undefined, adminHeaders)).status).toBe(202);
    await stack.waitForOrder(mine.sessionId, (o) => o.fulfilment.status === 'pending');
    const late = await call('POST', '/api/orders/change', {
      order: { sessionId: mine.sessionId },
      basedOn: 0,
      change: swap,
    });
    expect(late.status).toBe(412);
    expect(late.body.error?.message).toBe(MESSAGES.orderChangeTooLate);
    expect(draftOf(mine.id).items[0].sync_variant_id).toBe(bought.sync_variant_id);
    expect(draftOf(theirs.id).items[0].sync_variant_id).toBe(bought.sync_variant_id);
  });

  it('a change racing the release: one wins, and what Printful makes is what the order says', async () => {
    const order = await paidOrder();
    const { same } = shirtWithChoices();
    const [released, changed] = await Promise.all([
      call('POST', `/api/admin/orders/${order.id}/release`, undefined, adminHeaders),
      call('POST', '/api/orders/change', {
        order: { sessionId: order.sessionId },
        basedOn: 0,
        change: { kind: 'variant', line: 0, size: same.size, color: same.color },
      }),
    ]);
    expect(released.status).toBe(202);
    expect([200, 412]).toContain(changed.status);
    if (changed.status === 412) expect(changed.body.error?.message).toBe(MESSAGES.orderChangeTooLate);
    await stack.waitForOrder(order.sessionId, (o) => o.fulfilment.status === 'pending');
    // The change's own job has run (its e-mails are written), if there was a change.
    if (changed.status === 200)
      await waitUntil(
        () => stack.outboxFiles().includes(`${orderAlertJobId('order-changed', order.id, 'change-1', 'studio')}.eml`),
        30_000,
        'the change job',
      );
    const stored = (await readOrder(stack.store, order.id))!;
    expect(stored.changes?.length ?? 0).toBe(changed.status === 200 ? 1 : 0);
    expect(stack.printfulOrdersFor(order.id).map((o) => o.status)).toEqual(['pending']);
    expect(draftOf(order.id).items[0].sync_variant_id).toBe(Number(stored.items[0].syncVariantId));
  });
});

describe('correcting the address within the grace period', () => {
  it('the same country and state at the same shipping cost: accepted, the draft ships to the new address', async () => {
    const order = await paidOrder();
    // The new address is quoted with its street and town, which v1's AddressInfo lists as required.
    stack.printfulSandbox.requireStreetForRates(true);
    const changed = await call('POST', '/api/orders/change', {
      order: { sessionId: order.sessionId },
      basedOn: 0,
      change: { kind: 'address', address: address(order, { address1: '2 Difference Engine Road', zip: '62704' }) },
    }).finally(() => stack.printfulSandbox.requireStreetForRates(false));
    expect(changed.status).toBe(200);
    await waitUntil(() => draftOf(order.id).recipient.address1 === '2 Difference Engine Road', 30_000, 'the draft');
    expect(draftOf(order.id).recipient.zip).toBe('62704');
    const after = await stack.orderStatus(order.sessionId);
    expect(after?.shippingAddress?.address1).toBe('2 Difference Engine Road');
  });

  it('another country or another state: refused, nothing changed', async () => {
    const order = await paidOrder();
    const abroad = await call('POST', '/api/orders/change', {
      order: { sessionId: order.sessionId },
      basedOn: 0,
      change: { kind: 'address', address: address(order, { countryCode: 'CA', stateCode: 'ON', zip: 'M5V 2T6' }) },
    });
    expect(abroad.status).toBe(412);
    expect(abroad.body.error?.message).toBe(MESSAGES.orderChangeOtherCountry('US'));
    const otherState = await call('POST', '/api/orders/change', {
      order: { sessionId: order.sessionId },
      basedOn: 0,
      change: { kind: 'address', address: address(order, { stateCode: 'WI', zip: '53703' }) },
    });
    expect(otherState.status).toBe(412);
    expect(otherState.body.error?.message).toBe(MESSAGES.orderChangeOtherState('IL'));
    expect(draftOf(order.id).recipient.address1).toBe(TEST_SHOPPER_ADDRESS.line1);
  });

  it('cheaper shipping is accepted; dearer is refused with the extra and what to do', async () => {
    // Printful's sandbox prices remote UK postcodes (Northern Ireland) $3 above the rest.
    const remote = await paidOrder('GB', 'BT1 1AA');
    const cheaper = await call('POST', '/api/orders/change', {
      order: { sessionId: remote.sessionId },
      basedOn: 0,
      change: { kind: 'address', address: address(remote, { zip: 'SW1A 2AA', city: 'London' }) },
    });
    expect(cheaper.status).toBe(200);
    await waitUntil(() => draftOf(remote.id).recipient.zip === 'SW1A 2AA', 30_000, 'the draft');

    const mainland = await paidOrder('GB', 'SW1A 1AA');
    const dearer = await call('POST', '/api/orders/change', {
      order: { sessionId: mainland.sessionId },
      basedOn: 0,
      change: { kind: 'address', address: address(mainland, { zip: 'BT1 1AA', city: 'Belfast' }) },
    });
    expect(dearer.status).toBe(412);
    expect(dearer.body.error?.message).toBe(MESSAGES.orderChangeShippingHigher('$3.00', mainland.shippingMethod!.name));
    expect(draftOf(mainland.id).recipient.zip).toBe('SW1A 1AA');
  });
});

describe('the confirmation e-mail’s link, and the studio’s answer to a request to cancel', () => {
  it('the key opens the order and changes it without the e-mail address; a wrong key opens nothing', async () => {
    const order = await paidOrder();
    const stored = (await readOrder(stack.store, order.id))!;
    expect(stored.accessKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const found = await call('POST', '/api/orders/lookup', { number: order.number, key: stored.accessKey });
    expect(found.status).toBe(200);
    expect(found.body.order?.number).toBe(order.number);
    const wrong = await call('POST', '/api/orders/lookup', { number: order.number, key: 'x'.repeat(32) });
    expect(wrong.status).toBe(404);
    expect(wrong.body.error?.message).toBe(MESSAGES.orderLinkNotFound);
    const { same } = shirtWithChoices();
    const changed = await call('POST', '/api/orders/change', {
      order: { number: order.number, key: stored.accessKey },
      basedOn: 0,
      change: { kind: 'variant', line: 0, size: same.size, color: same.color },
    });
    expect(changed.status).toBe(200);
    expect((await readOrder(stack.store, order.id))?.changes?.[0].via).toBe('email-link');
  });

  it('declined or accepted, the shopper is e-mailed; an answered request cannot be answered again', async () => {
    for (const decision of ['decline', 'accept'] as const) {
      const order = await paidOrder();
      await call('POST', `/api/admin/orders/${order.id}/release`, undefined, adminHeaders);
      await stack.waitForOrder(order.sessionId, (o) => o.fulfilment.status === 'pending');
      expect((await call('POST', '/api/orders/cancel', { sessionId: order.sessionId })).body.outcome).toBe('requested');
      const answered = await call('POST', `/api/admin/orders/${order.id}/cancel-request`, { decision }, adminHeaders);
      expect(answered.status).toBe(202);
      const kind = decision === 'accept' ? 'cancel-accepted' : 'cancel-declined';
      await waitUntil(
        () => stack.outboxFiles().includes(`${orderAlertJobId(kind, order.id, 'answer', 'shopper')}.eml`),
        30_000,
        'the answer e-mail',
      );
      if (decision === 'accept') await stack.waitForOrder(order.sessionId, (o) => o.status === 'refunded');
      else expect((await stack.orderStatus(order.sessionId))?.secondChance?.decision).toBe('declined');
      const again = await call('POST', `/api/admin/orders/${order.id}/cancel-request`, { decision }, adminHeaders);
      expect(again.status).toBe(412);
      expect(again.body.error?.message).toBe(MESSAGES.cancelRequestNotOpen);
    }
  });
});
