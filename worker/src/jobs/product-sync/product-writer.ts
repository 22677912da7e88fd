import {
  contentHash,
  normaliseProductDocument,
  storefrontProductSchema,
  type PrintfulProductDetail,
  type PrintfulSyncProduct,
} from '@shop/shared/domain/product';
import type { DocumentStore, WriteOp } from '@shop/shared/server/store';
import { summaryHash } from './decide-detail-fetches.js';
import { COLLECTIONS, isComplete, type StoredCatalogue, type StoredPrintfulProduct } from './stored-catalogue.js';

// The sync's writes. Each product's three documents (raw copy, searchable product, storefront
// product) are written in one atomic batch and only when the content hash changed, so a rerun
// after a crash or a retry converges on the same documents without rewriting what is there.

export type WriteOutcome = 'created' | 'updated' | 'unchanged';

export async function writeProductIfChanged(
  store: DocumentStore,
  stored: StoredCatalogue,
  detail: PrintfulProductDetail,
  summary: PrintfulSyncProduct,
): Promise<WriteOutcome> {
  const id = String(detail.sync_product.id);
  const previous = stored.raw.get(id);
  const now = new Date().toISOString();
  const createdAt = previous?.createdAt ?? now;
  const productDoc = normaliseProductDocument(detail, { createdAt, updatedAt: now, status: 'active' });
  const hash = contentHash(productDoc);
  const listedHash = summaryHash(summary);

  if (previous?.contentHash === hash && isComplete(stored, id)) {
    // Same content: only remember the new summary so the next incremental run skips it.
    if (previous.summaryHash !== listedHash) {
      await store.update(COLLECTIONS.raw, id, { summary, summaryHash: listedHash, syncedAt: now });
    }
    return 'unchanged';
  }

  const raw: StoredPrintfulProduct = {
    ...detail,
    id,
    summary,
    summaryHash: listedHash,
    contentHash: hash,
    createdAt,
    updatedAt: now,
    syncedAt: now,
  };
  await store.batch([
    { type: 'set', collection: COLLECTIONS.raw, id, data: raw },
    { type: 'set', collection: COLLECTIONS.products, id, data: productDoc },
    { type: 'set', collection: COLLECTIONS.inventory, id, data: storefrontProductSchema.parse(productDoc) },
  ]);
  return stored.rawIds.has(id) ? 'updated' : 'created';
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
  if (stored.inventoryIds.has(id)) ops.push({ type: 'delete', collection: COLLECTIONS.inventory, id });
  if (stored.rawIds.has(id)) ops.push({ type: 'delete', collection: COLLECTIONS.raw, id });
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
