import type { Doc, DocumentStore, QueryOptions, QueryPage } from './document-store.js';

const SCAN_PAGE_SIZE = 500;

/**
 * Visits every document of a collection (or of a filtered query), read page by page so no single
 * query holds the store long or loads the whole collection at once.
 */
export async function scanCollection<C extends string>(
  store: Pick<DocumentStore<C>, 'query'>,
  collection: C,
  visit: (doc: Doc) => void,
  options: Omit<QueryOptions, 'limit' | 'cursor'> = {},
): Promise<void> {
  let cursor: string | null = null;
  do {
    const page: QueryPage = await store.query(collection, { ...options, limit: SCAN_PAGE_SIZE, cursor });
    for (const doc of page.docs) visit(doc);
    cursor = page.nextCursor;
  } while (cursor);
}
