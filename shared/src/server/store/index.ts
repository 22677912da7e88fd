import type { Config } from '../config/index.js';
import type { DocumentStore, FullDocumentStore } from './document-store.js';
import { openFirestoreStore } from './firestore-store.js';
import { openSqliteStore } from './sqlite-store.js';
import { checkedLikeFirestore } from './firestore-indexes.js';

export type * from './document-store.js';
export { openFirestoreStore, type FirestoreStoreOptions } from './firestore-store.js';
export { openSqliteStore } from './sqlite-store.js';
export { scanCollection } from './scan-collection.js';
export * from './firestore-indexes.js';
export * from './firestore-limits.js';

/**
 * The same store, taking any collection name: for the adapters' contract suite, whose cases make up
 * collections of their own. The app's code keeps to the registry's names.
 */
export function untypedStore(store: FullDocumentStore): DocumentStore<string> {
  return store as DocumentStore<string>;
}

/**
 * The store the configuration selects (DATA_BACKEND): the SQLite file by default, else Firestore.
 * Outside production the SQLite file refuses the queries Firestore could not index, so a missing
 * entry in firestore.indexes.json shows in development and tests, not on a live project.
 */
export function createStore(config: Config): FullDocumentStore {
  if (config.DATA_BACKEND === 'sqlite') {
    const store = openSqliteStore(config.SQLITE_PATH);
    return config.NODE_ENV === 'production' ? store : checkedLikeFirestore(store);
  }
  return openFirestoreStore({
    projectId: config.FIREBASE_PROJECT_ID,
    credentialsPath: config.GOOGLE_APPLICATION_CREDENTIALS,
    emulatorHost: config.FIRESTORE_EMULATOR_HOST,
  });
}
