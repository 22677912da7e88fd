import type {
  PrintfulProductDetail,
  PrintfulSyncProduct,
  StoredPrintfulProduct,
} from '@shop/shared/providers/printful';
import { COLLECTIONS } from '@shop/shared/server/collections';
import {
  contentHash,
  sellableProductDocument,
  storefrontProductSchema,
  type SellableGuard,
  type ProductDocument,
} from '@shop/shared/domain/product';
import { type CatalogMarginDoc } from '@shop/shared/schemas';
import type { DocumentStore, WriteOp } from '@shop/shared/server/store';
import { summaryHash } from './decide-detail-fetches.js';
import { isComplete, type StoredCatalogue } from './stored-catalog.js';

// The sync's writes. Each product's three documents (raw copy, searchable product, storefront
// product) are written in one atomic batch and only when the content hash changed, so a rerun
// after a crash or a retry converges on the same documents without rewriting what is there.

export type WriteOutcome = 'created' | 'updated' | 'unchanged';

/** The product's documents under the margin guard, and what the guard keeps off sale for the admin. */
function productDocumentOf(
  detail: PrintfulProductDetail,
  guard: SellableGuard,
  dates: { createdAt: string; updatedAt: string },
): { doc: ProductDocument; retired: boolean; margin: CatalogMarginDoc | null } {
  const { doc, split } = sellableProductDocument(detail, guard, dates);
  const belowMargin = split.retiredVariants.filter((v) => v.reason === 'below-margin');
  const margin: CatalogMarginDoc | null = belowMargin.length
    ? {
        productId: String(detail.sync_product.id),
        title: detail.sync_product.name,
        minMarginPercent: guard.minMarginPercent,
        variants: belowMargin.map(({ reason: _reason, ...v }) => v),
        updatedAt: dates.updatedAt,
      }
    : null;
  return { doc, retired: split.retired, margin };
}

export async function writeProductIfChanged(
  store: DocumentStore,
  stored: StoredCatalogue,
  detail: PrintfulProductDetail,
  summary: PrintfulSyncProduct,
  guard: SellableGuard = { costs: new Map(), minMarginPercent: 0 },
  /** The sync run (its job id) writing: an earlier attempt's write is counted again, not as unchanged. */
  runId?: string,
  /** Puts the store's own pictures in place of Printful's (docs/performance.md#product-pictures). */
  withPictures?: (doc: ProductDocument) => Promise<ProductDocument>,
): Promise<WriteOutcome> {
  const id = String(detail.sync_product.id);
  const previous = stored.raw.get(id);
  const now = new Date().toISOString();
  const createdAt = previous?.createdAt ?? now;
  const made = productDocumentOf(detail, guard, { createdAt, updatedAt: now });
  const { retired, margin } = made;
  const productDoc = withPictures ? await withPictures(made.doc) : made.doc;
  const hash = contentHash(productDoc);
  const listedHash = summaryHash(summary);
  const complete = retired
    ? stored.raw.has(id) && stored.archivedProductIds.has(id) && !stored.inventoryIds.has(id)
    : isComplete(stored, id);

  if (previous?.contentHash === hash && complete) {
    // Same content: remember when it was read (the next runs re-read others first) and the new
    // summary, so the next incremental run skips it.
    await store.update(
      COLLECTIONS.printfulProducts,
      id,
      previous.summaryHash !== listedHash ? { summary, summaryHash: listedHash, syncedAt: now } : { syncedAt: now },
    );
    return runId !== undefined && previous.writtenBy?.runId === runId ? previous.writtenBy.outcome : 'unchanged';
  }

  const createdByThisRun =
    runId !== undefined && previous?.writtenBy?.runId === runId && previous.writtenBy.outcome === 'created';
  const outcome = stored.rawIds.has(id) && !createdByThisRun ? 'updated' : 'created';
  const raw: StoredPrintfulProduct = {
    ...detail,
    id,
    summary,
    summaryHash: listedHash,
    contentHash: hash,
    // The guard's inputs, so the searchable document can be rebuilt from this copy alone.
    costs: Object.fromEntries(
      detail.sync_variants.flatMap((v) => {
        const cost = guard.costs.get(v.variant_id);
        return cost === undefined ? [] : [[String(v.variant_id), cost]];
      }),
    ),
    minMarginPercent: guard.minMarginPercent,
    ...(runId === undefined ? {} : { writtenBy: { runId, outcome } }),
    createdAt,
    updatedAt: now,
    syncedAt: now,
  };
  await store.batch([
    { type: 'set', collection: COLLECTIONS.printfulProducts, id, data: raw },
    { type: 'set', collection: COLLECTIONS.products, id, data: productDoc },
    retired
      ? { type: 'delete', collection: COLLECTIONS.storeInventory, id }
      : { type: 'set', collection: COLLECTIONS.storeInventory, id, data: storefrontProductSchema.parse(productDoc) },
    margin
      ? { type: 'set', collection: COLLECTIONS.catalogMargins, id, data: margin }
      : { type: 'delete', collection: COLLECTIONS.catalogMargins, id },
  ]);
  return outcome;
}

/** Products the store has that Printful no longer lists (or answered 404 for). */
export function vanishedProductIds(stored: StoredCatalogue, listedIds: Set<string>): string[] {
  const known = new Set([...stored.rawIds, ...stored.inventoryIds, ...stored.activeProductIds]);
  return [...known].filter((id) => !listedIds.has(id)).sort();
}

/**
 * Takes a product off the storefront: its storeInventory document and raw copy go, and its
 * searchable document stays with status 'archived' (search shows active products only).
 */
export async function archiveProduct(store: DocumentStore, stored: StoredCatalogue, id: string): Promise<void> {
  const ops: WriteOp[] = [];
  if (stored.inventoryIds.has(id)) ops.push({ type: 'delete', collection: COLLECTIONS.storeInventory, id });
  if (stored.rawIds.has(id) || stored.activeProductIds.has(id))
    ops.push({ type: 'delete', collection: COLLECTIONS.catalogMargins, id });
  if (stored.rawIds.has(id)) ops.push({ type: 'delete', collection: COLLECTIONS.printfulProducts, id });
  if (stored.activeProductIds.has(id)) {
    ops.push({
      type: 'update',
      collection: COLLECTIONS.products,
      id,
      data: { status: 'archived', updatedAt: new Date().toISOString() },
    });
  }
  if (ops.length > 0) await store.batch(ops);
}
