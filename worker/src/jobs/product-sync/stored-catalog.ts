import { COLLECTIONS, readableDoc } from '@shop/shared/server/collections';
import type { StoredPrintfulProduct } from '@shop/shared/providers/printful';
import { scanCollection, type DocumentStore } from '@shop/shared/server/store';

// What the last syncs left in the store, read once per run: the raw copies (with the list
// summary and content hash they were written with) and which storefront documents exist.

export interface StoredCatalogue {
  /** Raw copies by product id; a copy that no longer parses counts as missing (it is rewritten). */
  raw: Map<string, StoredPrintfulProduct>;
  /** Every id in printfulProducts, parseable or not. */
  rawIds: Set<string>;
  inventoryIds: Set<string>;
  activeProductIds: Set<string>;
  archivedProductIds: Set<string>;
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
    scanCollection(store, COLLECTIONS.printfulProducts, ({ id, data }) => {
      catalogue.rawIds.add(id);
      const parsed = readableDoc(COLLECTIONS.printfulProducts, data);
      if (parsed) catalogue.raw.set(id, parsed);
    }),
    // Only ids and the status are read here, so an incomplete document still counts as present.
    scanCollection(store, COLLECTIONS.storeInventory, ({ id }) => catalogue.inventoryIds.add(id)),
    scanCollection(store, COLLECTIONS.products, ({ id, data }) => {
      (data.status === 'archived' ? catalogue.archivedProductIds : catalogue.activeProductIds).add(id);
    }),
  ]);
  return catalogue;
}

/** All three documents of a product exist and it is active: nothing to repair. */
export function isComplete(catalogue: StoredCatalogue, id: string): boolean {
  return catalogue.raw.has(id) && catalogue.inventoryIds.has(id) && catalogue.activeProductIds.has(id);
}
