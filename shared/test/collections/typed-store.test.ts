import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, expectTypeOf, it } from 'vitest';
import {
  COLLECTIONS,
  getDoc,
  getReadableDoc,
  queryDocs,
  type CollectionName,
} from '../../src/server/collections/index.js';
import { openSqliteStore, untypedStore } from '../../src/server/store/index.js';

// The store is typed by the registry's collection names, and reads through the registry come back
// parsed. `npm run typecheck` checks the @ts-expect-error lines: were the store to take any name
// again, they would stop being errors and the typecheck would fail.

const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-typed-store-'));
const store = openSqliteStore(path.join(dir, 'typed.db'));
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the document store typed by collection', () => {
  it('takes the registry names and refuses others at compile time', async () => {
    expectTypeOf(store.get).parameter(0).toEqualTypeOf<CollectionName>();
    // @ts-expect-error a misspelt collection does not compile
    await expect(store.get('order', 'x')).resolves.toBeNull();
    // @ts-expect-error nor does one in a batch
    await store.batch([{ type: 'delete', collection: 'made-up', id: 'x' }]);
    // The adapters' contract suite reaches made-up collections through the untyped accessor.
    await untypedStore(store).set('made-up', 'x', { n: 1 });
    expect(await untypedStore(store).get('made-up', 'x')).toEqual({ n: 1 });
  });

  it('reads a document parsed through its schema, and tells a malformed one apart', async () => {
    await store.set(COLLECTIONS.users, 'admin', { isAdmin: true });
    await store.set(COLLECTIONS.users, 'odd', { isAdmin: 'yes' });

    const admin = await getDoc(store, COLLECTIONS.users, 'admin');
    expectTypeOf(admin).toEqualTypeOf<{ isAdmin?: boolean; [key: string]: unknown } | null>();
    expect(admin?.isAdmin).toBe(true);

    // One read fails loudly on a document its schema refuses; a caller that treats it as absent
    // asks for getReadableDoc; a list leaves it out rather than failing whole.
    await expect(getDoc(store, COLLECTIONS.users, 'odd')).rejects.toThrow();
    expect(await getReadableDoc(store, COLLECTIONS.users, 'odd')).toBeNull();
    const page = await queryDocs(store, COLLECTIONS.users);
    expect(page.docs.map((d) => d.id)).toEqual(['admin']);
  });
});
