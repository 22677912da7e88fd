import type { Config } from '../config/index.js';
import type { DocumentStore } from './document-store.js';
import { openFirestoreStore } from './firestore-store.js';
import { openSqliteStore } from './sqlite-store.js';

export type * from './document-store.js';
export { openFirestoreStore, type FirestoreStoreOptions } from './firestore-store.js';
export { openSqliteStore } from './sqlite-store.js';
export { scanCollection } from './scan-collection.js';

/** The store the configuration selects (DATA_BACKEND): the SQLite file by default, else Firestore. */
export function createStore(config: Config): DocumentStore {
  if (config.DATA_BACKEND === 'sqlite') return openSqliteStore(config.SQLITE_PATH);
  return openFirestoreStore({
    projectId: config.FIREBASE_PROJECT_ID,
    credentialsPath: config.GOOGLE_APPLICATION_CREDENTIALS,
    emulatorHost: config.FIRESTORE_EMULATOR_HOST,
  });
}
