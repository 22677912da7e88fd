import type { CatalogMarginDoc } from '@shop/shared/schemas';
import { COLLECTIONS, scanDocs } from '@shop/shared/server/collections';
import type { DocumentStore } from '@shop/shared/server/store';
import { storeRead } from '../store/store-read.js';

// The margin guard's findings (docs/rules.md#money-at-checkout) as the studio reads them
// (`app.catalogMargins`): the variants not sold because their price is below cost plus the margin.

export class CatalogMargins {
  constructor(private readonly store: DocumentStore) {}

  /** Every product with a variant held back, by title; 503 when the store fails. */
  list(): Promise<CatalogMarginDoc[]> {
    return storeRead(async () => {
      const docs: CatalogMarginDoc[] = [];
      await scanDocs(this.store, COLLECTIONS.catalogMargins, (doc) => docs.push(doc.data));
      return docs.sort((a, b) => a.title.localeCompare(b.title) || a.productId.localeCompare(b.productId));
    });
  }

  /** How many variants are held back (the admin home). */
  countBelowCost(): Promise<number> {
    return storeRead(async () => {
      let n = 0;
      await scanDocs(this.store, COLLECTIONS.catalogMargins, (doc) => (n += doc.data.variants.length));
      return n;
    });
  }
}
