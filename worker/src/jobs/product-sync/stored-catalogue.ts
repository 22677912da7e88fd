import { z } from 'zod';
import { printfulProductDetailSchema, printfulSyncProductSchema } from '@shop/shared/domain/product';
import type { DocumentStore, QueryPage } from '@shop/shared/server/store';

// What the last syncs left in the store, read once per run: the raw copies (with the list
// summary and content hash they were written with) and which storefront documents exist.

export const COLLECTIONS = { raw: 'printfulProducts', products: 'products', inventory: 'storeInventory' } as const;

/** `printfulProducts/{id}`: Printful's detail as last synced, plus what the next sync compares. */
export const storedPrintfulProductSchema = printfulProductDetailSchema.extend({
  id: z.string(),
  /** The `GET /store/products` entry the detail was fetched for. */
  summary: printfulSyncProductSchema,
  /** contentHash of `summary` with its timestamps: a change means "fetch the details again". */
  summaryHash: z.string(),
  /** contentHash of the searchable document: unchanged means nothing to write. */
  contentHash: z.string(),
  /** Printful's cost per catalog variant id and the margin percentage the documents were built with. */
  costs: z.record(z.string(), z.number()).optional(),
  minMarginPercent: z.number().optional(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  syncedAt: z.iso.datetime(),
});
export type StoredPrintfulProduct = z.infer<typeof storedPrintfulProductSchema>;

export interface StoredCatalogue {
  /** Raw copies by product id; a copy that no longer parses counts as missing (it is rewritten). */
  raw: Map<string, StoredPrintfulProduct>;
  /** Every id in printfulProducts, parseable or not. */
  rawIds: Set<string>;
  inventoryIds: Set<string>;
  activeProductIds: Set<string>;
  archivedProductIds: Set<string>;
}

const PAGE = 500;

async function readAll(
  store: DocumentStore,
  collection: string,
  visit: (id: string, data: Record<string, unknown>) => void,
): Promise<void> {
  let cursor: string | null = null;
  do {
    const page: QueryPage = await store.query(collection, { limit: PAGE, cursor });
    for (const doc of page.docs) visit(doc.id, doc.data);
    cursor = page.nextCursor;
  } while (cursor);
}

export async function loadStoredCatalogue(store: DocumentStore): Promise<StoredCatalogue> {
  const catalogue: StoredCatalogue = {
    raw: new Map(),
    rawIds: new Set(),
    inventoryIds: new Set(),
    activeProductIds: new Set(),
    archivedProductIds: new Set(),
  };
  await Promise.all([
    readAll(store, COLLECTIONS.raw, (id, data) => {
      catalogue.rawIds.add(id);
      const parsed = storedPrintfulProductSchema.safeParse(data);
      if (parsed.success) catalogue.raw.set(id, parsed.data);
    }),
    readAll(store, COLLECTIONS.inventory, (id) => catalogue.inventoryIds.add(id)),
    readAll(store, COLLECTIONS.products, (id, data) => {
      (data.status === 'archived' ? catalogue.archivedProductIds : catalogue.activeProductIds).add(id);
    }),
  ]);
  return catalogue;
}

/** All three documents of a product exist and it is active: nothing to repair. */
export function isComplete(catalogue: StoredCatalogue, id: string): boolean {
  return catalogue.raw.has(id) && catalogue.inventoryIds.has(id) && catalogue.activeProductIds.has(id);
}
