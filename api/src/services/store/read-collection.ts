import { AppError, MESSAGES } from '@shop/shared';
import { scanCollection, type DocData, type DocumentStore } from '@shop/shared/server/store';

/** Every document of a collection, read page by page so no single query holds the store long. */
export async function readCollection(store: DocumentStore, collection: string): Promise<Map<string, DocData>> {
  const docs = new Map<string, DocData>();
  await scanCollection(store, collection, (doc) => docs.set(doc.id, doc.data));
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
