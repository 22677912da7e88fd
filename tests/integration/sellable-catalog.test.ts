import { TEST_SHIPPING } from '../fixtures/shipping-destination.js';
import { Job } from 'bullmq';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { enqueueProductSync } from '@shop/shared/server/queues';
import { startWorkers, type RunningWorkers } from '../../worker/src/runner.js';
import { jobModule as productSyncModule } from '../../worker/src/jobs/product-sync/index.js';
import { createTestUser } from '../fixtures/auth.js';
import { startCheckoutStack, waitUntil, type CheckoutStack, type Shopper } from './checkout-stack.js';

// docs/rules.md#money-at-checkout (margin guard) and 12.2 (only what can ship is sold), driven through the real
// product-sync worker against the Printful sandbox, then the API's shopper paths: a product
// deleted or ignored in Printful, a single ignored variant, and a variant priced below cost.

let stack: CheckoutStack;
let syncWorker: RunningWorkers;

beforeAll(async () => {
  stack = await startCheckoutStack({ env: { MIN_MARGIN_PERCENT: '10' } });
  syncWorker = await startWorkers({
    config: stack.config,
    store: stack.store,
    logger: pino({ level: 'silent' }),
    modules: [productSyncModule],
    schedule: false,
  });
  await fullSync();
});

afterAll(async () => {
  await syncWorker?.close(true);
  await stack?.close();
});

async function fullSync(): Promise<void> {
  const queue = stack.api.queues.productSync;
  const { jobId } = await enqueueProductSync(queue, { fullSync: true });
  await waitUntil(
    async () => {
      const state = await (await Job.fromId(queue, jobId))?.getState();
      if (state === 'failed') throw new Error('the sync failed');
      return state === 'completed';
    },
    60_000,
    'the full sync',
  );
}

async function call(method: string, route: string, headers: Record<string, string> = {}, body?: unknown) {
  const response = await fetch(`${stack.apiUrl}${route}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const product = (i: number) => stack.printfulSandbox.catalogue.list()[i];
const variantChoice = (v: { size: string; colour: { name: string } }) => ({ size: v.size, color: v.colour.name });

async function listedIds(): Promise<string[]> {
  const { body } = await call('GET', '/api/products?limit=100');
  return (body.products as Array<{ id: string }>).map((p) => p.id);
}

const unavailableMessage = { error: { code: 'aborted', message: MESSAGES.productUnavailable } };

describe('products retired in Printful', () => {
  it('leave every shopper path; carts holding them flag the lines and cannot check out', async () => {
    const [removed, ignored, partly, kept] = [product(0), product(1), product(2), product(3)];
    const [retiredVariant, sellableVariant] = partly.variants;
    const shopper: Shopper = stack.guest();
    await shopper.add(String(removed.id), 1, variantChoice(removed.variants[0]));
    await shopper.add(String(partly.id), 2, variantChoice(retiredVariant));
    await shopper.add(String(kept.id), 1, variantChoice(kept.variants[0]));

    const admin = `${stack.printfulSandbox.url}/__sandbox/products`;
    expect((await fetch(`${admin}/${removed.id}`, { method: 'DELETE' })).status).toBe(200);
    stack.printfulSandbox.catalogue.update(ignored.id, { ignored: true });
    stack.printfulSandbox.catalogue.update(partly.id, { ignoredVariantIds: [retiredVariant.id] });
    await fullSync();
    await waitUntil(async () => !(await listedIds()).includes(String(removed.id)), 10_000, 'the list to follow');

    const listed = await listedIds();
    expect(listed).not.toContain(String(removed.id));
    expect(listed).not.toContain(String(ignored.id));
    expect(listed).toEqual(expect.arrayContaining([String(partly.id), String(kept.id)]));
    const search = await call('GET', `/api/products/search?q=${encodeURIComponent(ignored.name)}`);
    expect((search.body.products as Array<{ id: string }>).map((p) => p.id)).not.toContain(String(ignored.id));

    for (const gone of [removed, ignored]) {
      expect(await call('GET', `/api/products/${gone.id}`)).toEqual({
        status: 404,
        body: { error: { code: 'not-found', message: MESSAGES.productNotFound } },
      });
    }
    const partlyNow = await call('GET', `/api/products/${partly.id}`);
    expect((partlyNow.body.variants as Array<{ id: string }>).map((v) => v.id)).not.toContain(
      String(retiredVariant.id),
    );

    const newcomer = stack.guest();
    for (const [id, choice] of [
      [removed.id, variantChoice(removed.variants[0])],
      [ignored.id, variantChoice(ignored.variants[0])],
      [partly.id, variantChoice(retiredVariant)],
    ] as const) {
      expect(
        await call('POST', '/api/cart/items', newcomer.headers, { productId: String(id), quantity: 1, ...choice }),
      ).toEqual({ status: 409, body: unavailableMessage });
    }
    await newcomer.add(String(partly.id), 1, variantChoice(sellableVariant));

    const cart = await call('GET', '/api/cart', shopper.headers);
    const lines = cart.body.cartItems as Array<{ id: string; name: string; productId: string; unavailable?: boolean }>;
    expect(lines.map((l) => [l.productId, l.unavailable ?? false])).toEqual([
      [String(removed.id), true],
      [String(partly.id), true],
      [String(kept.id), false],
    ]);

    const refused = await call('POST', '/api/checkout/sessions', shopper.headers, { shipping: TEST_SHIPPING });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: 'aborted',
      message: MESSAGES.cartItemsUnavailable([lines[0].name, lines[1].name]),
    });

    for (const line of lines.filter((l) => l.unavailable))
      expect((await call('DELETE', `/api/cart/items/${line.id}`, shopper.headers)).status).toBe(200);
    const session = await shopper.checkout();
    expect(stack.stripeSandbox.sessions.get(session.id)?.lineItems.map((li) => li.quantity)).toEqual([1]);
  });
});

describe('the margin guard', () => {
  it('keeps a variant priced below Printful cost plus the margin off sale and lists it for the admin', async () => {
    // Kiss-cut stickers: the largest size costs Printful more than the sticker's retail price.
    const sticker = stack.printfulSandbox.catalogue.add({ name: 'Margin Test Sticker', kind: 'sticker' });
    await fullSync();
    const [small, , large] = sticker.variants;

    const shown = await call('GET', `/api/products/${sticker.id}`);
    expect(shown.status).toBe(200);
    const shownIds = (shown.body.variants as Array<{ id: string }>).map((v) => v.id);
    expect(shownIds).toContain(String(small.id));
    expect(shownIds).not.toContain(String(large.id));
    expect(
      await call('POST', '/api/cart/items', stack.guest().headers, {
        productId: String(sticker.id),
        quantity: 1,
        ...variantChoice(large),
      }),
    ).toEqual({ status: 409, body: unavailableMessage });

    const admin = await createTestUser({ claims: { admin: true } });
    const margins = await call('GET', '/api/admin/catalog/margins', { authorization: `Bearer ${admin.token}` });
    expect(margins.status).toBe(200);
    expect(margins.body.minMarginPercent).toBe(10);
    const entry = (
      margins.body.products as Array<{ productId: string; variants: Array<Record<string, unknown>> }>
    ).find((p) => p.productId === String(sticker.id));
    // 5.5" sticker: Printful 4.69, +10% = 5.16 minimum; retail 4.49.
    expect(entry?.variants).toEqual([
      { id: large.id, size: large.size, color: 'White', retailPrice: 4.49, cost: 4.69, minimumPrice: 5.16 },
    ]);

    const shopper = await createTestUser();
    expect((await call('GET', '/api/admin/catalog/margins', { authorization: `Bearer ${shopper.token}` })).status).toBe(
      403,
    );
    expect((await call('GET', '/api/admin/catalog/margins')).status).toBe(401);
  });

  it('fails closed when Printful cannot say what a variant costs: the last known cost stands, an unread one is not sold', async () => {
    const sticker = stack.printfulSandbox.catalogue.list().find((p) => p.name === 'Margin Test Sticker')!;
    const large = sticker.variants[2];
    // Printful's catalog (v1 GET /products/{id}, where costs come from) is down for this sync.
    stack.printfulSandbox.faults.serverError({ status: 503, paths: ['/products/'] });
    const fresh = stack.printfulSandbox.catalogue.add({ name: 'Unread Cost Sticker', kind: 'sticker' });
    await fullSync();

    // The catalog also gives each variant its size (sync variants carry none): the last synced ones stand.
    const shown = await call('GET', `/api/products/${sticker.id}`);
    const sizes = (shown.body.variants as Array<{ id: string; size: string }>).map((v) => [v.id, v.size]);
    expect(sizes.length).toBeGreaterThan(0);
    for (const [id, size] of sizes) expect(size).toBe(sticker.variants.find((v) => String(v.id) === id)?.size);

    expect(
      await call('POST', '/api/cart/items', stack.guest().headers, {
        productId: String(sticker.id),
        quantity: 1,
        ...variantChoice(large),
      }),
    ).toEqual({ status: 409, body: unavailableMessage });
    const admin = await createTestUser({ claims: { admin: true } });
    const margins = await call('GET', '/api/admin/catalog/margins', { authorization: `Bearer ${admin.token}` });
    const entry = (
      margins.body.products as Array<{ productId: string; variants: Array<Record<string, unknown>> }>
    ).find((p) => p.productId === String(sticker.id));
    expect(entry?.variants).toEqual([expect.objectContaining({ id: large.id, cost: 4.69, minimumPrice: 5.16 })]);
    // A product whose costs were never read is not on sale until they are.
    expect(await listedIds()).not.toContain(String(fresh.id));
    expect(
      (
        await call('POST', '/api/cart/items', stack.guest().headers, {
          productId: String(fresh.id),
          quantity: 1,
          ...variantChoice(fresh.variants[0]),
        })
      ).status,
    ).toBe(409);

    stack.printfulSandbox.faults.clear();
    await fullSync();
    expect(await listedIds()).toContain(String(fresh.id));
  });
});
