import type { Job } from 'bullmq';
import { UnrecoverableError } from 'bullmq';
import { SYNC_RECHECK_PER_RUN } from '@shop/shared';
import { COLLECTIONS } from '@shop/shared/server/collections';
import {
  productSyncDataSchema,
  type ProductSyncData,
  type ProductSyncJobName,
  type ProductSyncResult,
  type SyncRun,
} from '@shop/shared/server/queues';
import type { JobContext } from '../../job-module.js';
import {
  createPrintfulClient,
  createPrintfulPacer,
  PrintfulMalformedError,
  PrintfulNotFoundError,
  PrintfulUnavailableError,
  type PrintfulClient,
  type PrintfulSyncProduct,
  withCatalogSizesAndColours,
} from '@shop/shared/providers/printful';
import { decideDetailFetches, type DetailFetch } from './decide-detail-fetches.js';
import { mapWithConcurrency } from './map-with-concurrency.js';
import { createCatalogReader, withLastKnownCosts, type CatalogReader } from './catalog-variants.js';
import { archiveProduct, vanishedProductIds, writeProductIfChanged, type WriteOutcome } from './product-writer.js';
import { createProgressReporter, type ProgressReporter } from './progress-reporter.js';
import { loadStoredCatalogue, type StoredCatalogue } from './stored-catalog.js';
import { recordRunCompleted, recordRunFailed, recordRunStarted } from './sync-run-record.js';
import { createSyncPictures, type SyncPictures } from './sync-pictures.js';

// One product sync from Printful into the store (docs/contracts.md#collections, docs/contracts.md#queues-and-events and docs/performance.md#performance-design), as a short
// list of named steps: list -> plan -> fetch changed -> write -> archive vanished -> record ->
// publish. Every step is idempotent, so a retried or crashed run converges when it runs again.

export interface ProductSyncOptions {
  /** Printful's rate window (a minute); tests against a sandbox with a shorter window shorten it. */
  windowMs: number;
  /** Detail requests in flight at once; the shared pacer keeps them within the rate budget. */
  detailConcurrency: number;
}

interface ProductOutcome {
  id: string;
  outcome: WriteOutcome | 'failed' | 'vanished';
  reason?: string;
}

function modeOf(job: Job, data: ProductSyncData): ProductSyncJobName {
  return job.name === 'full' || data.fullSync ? 'full' : 'incremental';
}

function parseJobData(job: Job): ProductSyncData {
  const parsed = productSyncDataSchema.safeParse(job.data ?? {});
  if (!parsed.success) throw new UnrecoverableError(`Invalid product-sync job data: ${parsed.error.message}`);
  return parsed.data;
}

// The steps, in order. Each is idempotent: a retried or crashed run repeats them and converges.

/** list: the whole catalogue. When Printful's total disagrees with what came back, nothing may be archived. */
async function listCatalogue(client: PrintfulClient, progress: ProgressReporter) {
  await progress.phase('listing', 0);
  const { products, total } = await client.listAllProducts();
  return { listed: products, complete: products.length === total };
}

/** plan: which listed products need their details fetched (all of them in a full sync). */
function planFetches(
  ctx: JobContext,
  mode: ProductSyncJobName,
  data: ProductSyncData,
  listed: PrintfulSyncProduct[],
  stored: StoredCatalogue,
) {
  const plan = decideDetailFetches({
    mode,
    listed,
    stored,
    productIds: data.productIds,
    days: data.days,
    now: new Date(),
    recheck: SYNC_RECHECK_PER_RUN,
  });
  ctx.logger.info(
    { mode, listed: listed.length, fetch: plan.fetch.length, skipped: plan.skipped },
    'product sync planned',
  );
  return plan;
}

/**
 * fetch changed: one product's details, each variant's size and colour from its catalog variant
 * (Printful's sync variants carry neither), and the costs its margin guard needs (last known ones
 * where unread).
 */
async function fetchProduct(
  ctx: JobContext,
  client: PrintfulClient,
  stored: StoredCatalogue,
  item: DetailFetch,
  catalogOf: CatalogReader,
) {
  const synced = await client.getProduct(item.id);
  const catalog = await catalogOf(synced);
  const previous = stored.raw.get(String(synced.sync_product.id));
  const detail = withCatalogSizesAndColours(synced, catalog, previous);
  const costs = withLastKnownCosts(catalog, previous?.costs);
  return { detail, guard: { costs, minMarginPercent: ctx.config.MIN_MARGIN_PERCENT } };
}

/** fetch changed, then write: one product, normalised and written only where it changed. */
async function syncOneProduct(
  ctx: JobContext,
  client: PrintfulClient,
  stored: StoredCatalogue,
  item: DetailFetch,
  catalogOf: CatalogReader,
  runId: string,
  pictures: SyncPictures,
): Promise<ProductOutcome> {
  try {
    const { detail, guard } = await fetchProduct(ctx, client, stored, item, catalogOf);
    const dress = pictures.forProduct(item.id);
    const outcome = await writeProductIfChanged(ctx.store, stored, detail, item.summary, guard, runId, dress);
    return { id: item.id, outcome };
  } catch (error) {
    // A product deleted between the list and this request is archived like any vanished one.
    if (error instanceof PrintfulNotFoundError) return { id: item.id, outcome: 'vanished' };
    // A bad or unreachable product fails alone; anything else (auth, store) fails the run.
    if (error instanceof PrintfulMalformedError || error instanceof PrintfulUnavailableError) {
      ctx.logger.warn({ productId: item.id, err: error.message }, 'product not synced');
      return { id: item.id, outcome: 'failed', reason: error.message };
    }
    throw error;
  }
}

async function fetchAndWriteChanged(
  ctx: JobContext,
  client: PrintfulClient,
  stored: StoredCatalogue,
  plan: DetailFetch[],
  progress: ProgressReporter,
  options: ProductSyncOptions,
  runId: string,
  pictures: SyncPictures,
): Promise<ProductOutcome[]> {
  await progress.phase('products', plan.length);
  const catalogOf = createCatalogReader(client, ctx.logger);
  return mapWithConcurrency(plan, options.detailConcurrency, async (item) => {
    const outcome = await syncOneProduct(ctx, client, stored, item, catalogOf, runId, pictures);
    await progress.advance();
    return outcome;
  });
}

/** archive vanished: what Printful no longer has leaves the storefront and is archived in search. */
async function archiveVanished(
  ctx: JobContext,
  stored: StoredCatalogue,
  listing: { listed: PrintfulSyncProduct[]; complete: boolean },
  outcomes: ProductOutcome[],
  progress: ProgressReporter,
): Promise<string[]> {
  const listedIds = new Set(listing.listed.map((p) => String(p.id)));
  for (const o of outcomes) if (o.outcome === 'vanished') listedIds.delete(o.id);
  if (!listing.complete)
    ctx.logger.warn(
      { listed: listing.listed.length },
      'Printful list changed while it was read: nothing archived this run',
    );
  const ids = listing.complete ? vanishedProductIds(stored, listedIds) : [];
  await progress.phase('archiving', ids.length);
  for (const id of ids) {
    await archiveProduct(ctx.store, stored, id);
    await progress.advance();
  }
  return ids;
}

async function archivedProductIds(ctx: JobContext): Promise<string[]> {
  const page = await ctx.store.query(COLLECTIONS.products, { where: [['status', '==', 'archived']] });
  return page.docs.map((d) => d.id).sort();
}

function summarise(
  outcomes: ProductOutcome[],
  archived: string[],
  unlisted: number,
  pictures: SyncPictures,
): ProductSyncResult {
  const count = (o: ProductOutcome['outcome']) => outcomes.filter((x) => x.outcome === o).length;
  return {
    created: count('created'),
    updated: count('updated'),
    deleted: archived.length,
    failed: count('failed'),
    unchanged: count('unchanged') + unlisted,
    failures: outcomes
      .filter((o) => o.outcome === 'failed')
      .map((o) => ({ productId: o.id, reason: o.reason ?? 'unknown' })),
    ...(pictures.failures.length > 0 ? { pictureFailures: pictures.failures } : {}),
  };
}

/** record: the run's result in syncRuns, the document the admin page reads. */
async function recordResult(
  ctx: JobContext,
  run: SyncRun,
  data: ProductSyncData,
  result: ProductSyncResult,
  progress: ProgressReporter,
): Promise<ProductSyncResult> {
  if (data.includeArchived) result.archived = await archivedProductIds(ctx);
  const { total } = progress.current();
  await recordRunCompleted(ctx.store, run, result, { phase: 'done', done: total, total });
  return result;
}

/** publish: tell the API (read model, SSE) which storefront products changed. */
async function publishChanges(ctx: JobContext, outcomes: ProductOutcome[], archived: string[]): Promise<void> {
  const ids = [
    ...outcomes.filter((o) => o.outcome === 'created' || o.outcome === 'updated').map((o) => o.id),
    ...archived,
  ];
  if (ids.length > 0) await ctx.publish({ type: 'inventory.changed', ids });
}

/** A failed run is recorded as failed; best effort, so the job's own error is the one that surfaces. */
async function recordFailure(ctx: JobContext, run: SyncRun, error: unknown, progress: ProgressReporter) {
  const recorded = await Promise.allSettled([
    recordRunFailed(ctx.store, run, error, progress.current()),
    progress.finish('failed'),
  ]);
  for (const r of recorded)
    if (r.status === 'rejected') ctx.logger.warn({ err: String(r.reason) }, 'could not record the failed sync');
}

export async function runProductSync(
  job: Job,
  ctx: JobContext,
  options: ProductSyncOptions,
): Promise<ProductSyncResult> {
  const data = parseJobData(job);
  const mode = modeOf(job, data);
  const progress = createProgressReporter(job, ctx.publish);
  const run = await recordRunStarted(ctx.store, {
    id: job.id ?? `run-${Date.now()}`,
    name: mode,
    options: data,
    attempt: job.attemptsMade + 1,
  });
  try {
    const pacer = createPrintfulPacer(ctx.redis, ctx.config, 'background', options.windowMs);
    const client = createPrintfulClient(ctx.config, { pacer });

    const listing = await listCatalogue(client, progress);
    const stored = await loadStoredCatalogue(ctx.store);
    const plan = planFetches(ctx, mode, data, listing.listed, stored);
    const pictures = createSyncPictures(ctx);
    const outcomes = await fetchAndWriteChanged(ctx, client, stored, plan.fetch, progress, options, run.id, pictures);
    const archived = await archiveVanished(ctx, stored, listing, outcomes, progress);
    if (archived.length > 0 || outcomes.some((o) => o.outcome === 'created' || o.outcome === 'updated'))
      await pictures.removeUnused();
    const summary = summarise(outcomes, archived, plan.skipped, pictures);
    const result = await recordResult(ctx, run, data, summary, progress);
    await publishChanges(ctx, outcomes, archived);
    await progress.finish('completed');
    return result;
  } catch (error) {
    await recordFailure(ctx, run, error, progress);
    throw error;
  }
}
