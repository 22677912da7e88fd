import { AppError, MESSAGES } from '@shop/shared';
import type { DocData, DocumentStore, QueryPage } from '@shop/shared/server/store';

const PAGE_SIZE = 500;

/** Every document of a collection, read page by page so no single query holds the store long. */
export async function readCollection(store: DocumentStore, collection: string): Promise<Map<string, DocData>> {
  const docs = new Map<string, DocData>();
  let cursor: string | null = null;
  do {
    const page: QueryPage = await store.query(collection, { limit: PAGE_SIZE, cursor });
    for (const doc of page.docs) docs.set(doc.id, doc.data);
    cursor = page.nextCursor;
  } while (cursor);
  return docs;
}

/** Runs a store read for a request: a store failure is 503 unavailable, never a leaked 500. */
export async function storeRead<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError('unavailable', MESSAGES.storeUnavailable);
  }
}
