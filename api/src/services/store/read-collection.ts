import type { AppCollection } from '@shop/shared/server/collections';
import { scanCollection, type DocData, type DocumentStore } from '@shop/shared/server/store';

/** Every document of a collection, read page by page so no single query holds the store long. */
export async function readCollection(
  store: DocumentStore<AppCollection>,
  collection: AppCollection,
): Promise<Map<string, DocData>> {
  const docs = new Map<string, DocData>();
  await scanCollection(store, collection, (doc) => docs.set(doc.id, doc.data));
  return docs;
}
