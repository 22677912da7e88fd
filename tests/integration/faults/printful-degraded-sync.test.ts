import { Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contentHash,
  guardOfRecord,
  sellableProductDocument,
  storefrontProductSchema,
} from '@shop/shared/domain/product';
import { DEFAULT_RETRY_POLICY, printfulProductDetailSchema } from '@shop/shared/providers/printful';
import { createSyncHarness, type SyncHarness } from '../../../worker/test/product-sync/sync-harness.js';

// Printful degrades while a sync runs: it allows fewer calls than the worker was told (another
// app shares the store's budget, say) and answers 429 with Retry-After, it is slow, and five
// products answer 503 to every attempt the client makes. The sync waits out the 429s, gives up
// on those five alone (naming them and why), and writes the rest. Each product's three documents
// are written together or not at all, so whatever a product's outcome, its raw copy, searchable
// document and storefront document describe one version of it.

const PRODUCTS = 30;
const ATTEMPTS = DEFAULT_RETRY_POLICY.maxAttempts; // the Printful client's attempts for a 5xx: 1 + 3 retries
// Both above Printful's cost of every blank, so the margin guard keeps every variant on sale.
const OLD_PRICE = 39;
const NEW_PRICE = 43.5;
const DETAIL_PATH = '/store/products/';
// Printful's window is a minute; 2 s on both sides keeps the waits short.
const WINDOW_MS = 2000;

let h: SyncHarness;

beforeAll(async () => {
  h = await createSyncHarness({
    sandbox: { products: PRODUCTS, rateLimitPerMin: 20, windowMs: WINDOW_MS },
    sync: { windowMs: WINDOW_MS },
    env: { PRINTFUL_RATE_LIMIT_PER_MIN: '1000' },
  });
  await h.startWorker();
  for (const product of h.sandbox.catalogue.list())
    h.sandbox.catalogue.update(product.id, { price: OLD_PRICE.toFixed(2) });
  expect((await h.sync({ fullSync: true })).result).toMatchObject({ created: PRODUCTS, failed: 0 });
});

afterAll(() => h?.close());

/** Each product's three documents, checked to describe one version of it; returns its storefront price. */
async function consistentPrice(id: string): Promise<number> {
  const [raw, product, storefront] = await Promise.all([
    h.store.get<{ contentHash: string; costs?: Record<string, number>; minMarginPercent?: number }>(
      'printfulProducts',
      id,
    ),
    h.store.get('products', id),
    h.store.get<{ price: number }>('storeInventory', id),
  ]);
  expect(raw && product && storefront, `all three documents of product ${id}`).toBeTruthy();
  const fromRaw = sellableProductDocument(printfulProductDetailSchema.parse(raw), guardOfRecord(raw!)).doc;
  expect(contentHash(fromRaw), `product ${id}: raw copy vs its content hash`).toBe(raw!.contentHash);
  expect(contentHash(product), `product ${id}: searchable document vs raw copy`).toBe(raw!.contentHash);
  expect(storefront, `product ${id}: storefront document vs searchable document`).toEqual(
    storefrontProductSchema.parse(product),
  );
  return storefront!.price;
}

describe('a sync while Printful is rate limiting, slow and failing', () => {
  it('waits out 429s, fails only the products Printful kept failing, and leaves no product half written', async () => {
    const catalogue = h.sandbox.catalogue.list();
    for (const product of catalogue) h.sandbox.catalogue.update(product.id, { price: NEW_PRICE.toFixed(2) });
    const broken = catalogue.filter((_, i) => i % 6 === 3).map((p) => String(p.id));
    h.sandbox.stats.reset();
    h.sandbox.faults.slow({ delayMs: 100, paths: [DETAIL_PATH] });
    // Printful keeps failing the broken products until it recovers, however often they are asked.
    h.sandbox.faults.serverError({ status: 503, paths: broken.map((id) => `${DETAIL_PATH}${id}`) });

    const { result, run, jobId } = await h.sync({ fullSync: true });
    const stats = h.sandbox.stats.snapshot();
    expect(stats.rateLimited).toBeGreaterThan(0);
    // One attempt of the run, which waits out every 429 itself. A second attempt was once the sign
    // of a pause Redis refused (a fractional expiry, fixed in the pacer): its failure is shown.
    if (run.attempt !== 1) {
      const job = await Job.fromId(h.queue, jobId);
      expect.fail(
        `sync ${jobId} took ${run.attempt} attempts; earlier ones failed with: ${(job?.stacktrace ?? []).join('\n')}`,
      );
    }
    // The client asks a failing product once and retries it three times, then gives it up.
    expect(stats.serverErrors).toBe(broken.length * ATTEMPTS);
    expect(result).toMatchObject({
      created: 0,
      updated: PRODUCTS - broken.length,
      failed: broken.length,
      deleted: 0,
    });
    expect(result.failures.map((f) => f.productId).sort()).toEqual([...broken].sort());
    for (const failure of result.failures) expect(failure.reason).toMatch(/503/);
    expect(run).toMatchObject({ id: jobId, state: 'completed', failures: result.failures });

    for (const product of catalogue) {
      const id = String(product.id);
      expect(await consistentPrice(id), `price of product ${id}`).toBe(broken.includes(id) ? OLD_PRICE : NEW_PRICE);
    }

    // Printful has recovered: the next sync brings the broken products up to date.
    h.sandbox.faults.clear();
    const again = await h.sync({ fullSync: true });
    expect(again.result).toMatchObject({ updated: broken.length, unchanged: PRODUCTS - broken.length, failed: 0 });
    for (const product of catalogue) expect(await consistentPrice(String(product.id))).toBe(NEW_PRICE);
  });
});
