import { z } from 'zod';
import { AppError, MESSAGES } from '../../errors/index.js';
import {
  CART_COLLECTIONS,
  GUEST_CART_ACTIVITY_FIELD,
  buildCartDocument,
  savedCartItemSchema,
  type CartDocument,
  type CartItem,
  type CartOwner,
} from '../../domain/cart/index.js';
import type { AppCollection } from '../collections/index.js';
import type { DocumentStore, Transaction } from '../store/index.js';

// Carts in the document store (docs/contracts.md#collections): `user-carts/{uid}` for a signed-in user,
// `guest-carts/{guestId}` for a guest. Besides the spec's cart document, each stored cart keeps a
// `revision` (incremented on every write; the API's ETag) and, for guests, `lastActivityAt` (ISO,
// so it sorts by time on both store backends) for the cleanup job in the worker. The API's cart
// routes and the worker's clearing of a bought cart both write carts through this module, so the
// two never disagree on those rules.

export type CartKey = { kind: 'user'; uid: string } | { kind: 'guest'; guestId: string };

export type CartCollection = (typeof CART_COLLECTIONS)[keyof typeof CART_COLLECTIONS];

/** Where a cart is stored: its collection and document id. */
export interface CartLocation {
  collection: CartCollection;
  id: string;
}

export interface StoredCart {
  document: CartDocument;
  revision: number;
}

/** Revisions an If-Match header accepts; null when the request sets no precondition. */
export type ExpectedRevisions = readonly number[] | null;

/** Returns the new lines, or null when the change leaves the cart as it is (nothing is written). */
export type CartChange = (items: CartItem[]) => CartItem[] | null;

/** The store itself or a transaction: whatever can read one document. */
type CartReader = Pick<Transaction<AppCollection>, 'get'>;

// Its own lenient reading rather than the registry's cartDocumentSchema: a cart with an unreadable
// field or line keeps the rest of its lines instead of being refused whole.
const storedCartSchema = z.object({
  cartItems: z.array(z.unknown()).catch([]),
  updatedAt: z.string().optional().catch(undefined),
  revision: z.number().int().nonnegative().catch(0),
});

/** Stored lines with the save defaults applied; a line no longer readable is left out rather than failing the cart. */
function readLines(raw: unknown[]): CartItem[] {
  return raw.flatMap((line) => {
    const parsed = savedCartItemSchema.safeParse(line);
    return parsed.success ? [parsed.data] : [];
  });
}

export function cartLocation(key: CartKey): CartLocation {
  return key.kind === 'user'
    ? { collection: CART_COLLECTIONS.user, id: key.uid }
    : { collection: CART_COLLECTIONS.guest, id: key.guestId };
}

/** The owner of the cart stored at a location (an order records where its cart was). */
export function cartKeyAt({ collection, id }: CartLocation): CartKey {
  return collection === CART_COLLECTIONS.user ? { kind: 'user', uid: id } : { kind: 'guest', guestId: id };
}

function ownerOf(key: CartKey): CartOwner {
  return key.kind === 'user' ? { userId: key.uid } : { sessionId: key.guestId };
}

/** The cart nobody has written yet: no lines, revision 0. */
export function emptyCart(key: CartKey): StoredCart {
  return { document: buildCartDocument([], ownerOf(key)), revision: 0 };
}

/** The stored cart, or null when none is stored. */
export async function readCart(reader: CartReader, key: CartKey): Promise<StoredCart | null> {
  const { collection, id } = cartLocation(key);
  const data = await reader.get(collection, id);
  if (!data) return null;
  const stored = storedCartSchema.parse(data);
  const updatedAt = new Date(stored.updatedAt ?? Date.now());
  const document = buildCartDocument(
    readLines(stored.cartItems),
    ownerOf(key),
    Number.isNaN(updatedAt.getTime()) ? new Date() : updatedAt,
  );
  return { document, revision: stored.revision };
}

/** Writes the lines as the revision after `readRevision`; a guest's cart also records the activity time. */
export function writeCart(
  tx: Transaction<AppCollection>,
  key: CartKey,
  items: readonly CartItem[],
  readRevision: number,
  now: Date,
): StoredCart {
  const document = buildCartDocument(items, ownerOf(key), now);
  const revision = readRevision + 1;
  const { collection, id } = cartLocation(key);
  tx.set(collection, id, {
    ...document,
    revision,
    ...(key.kind === 'guest' ? { [GUEST_CART_ACTIVITY_FIELD]: now.toISOString() } : {}),
  });
  return { document, revision };
}

export function deleteCart(tx: Transaction<AppCollection>, key: CartKey): void {
  const { collection, id } = cartLocation(key);
  tx.delete(collection, id);
}

/** Refuses (409 aborted) a write made against another revision than the one expected. */
export function assertExpectedRevision(current: number, expected: ExpectedRevisions): void {
  if (expected && !expected.includes(current)) throw new AppError('aborted', MESSAGES.staleRevision);
}

export class CartRepository {
  constructor(private readonly store: DocumentStore<AppCollection>) {}

  /** The stored cart, or the empty cart at revision 0 when none is stored. */
  async read(key: CartKey): Promise<StoredCart> {
    return (await readCart(this.store, key)) ?? emptyCart(key);
  }

  /**
   * Read-modify-write of one cart in a transaction, so concurrent changes never lose an update.
   * `beforeCreate` runs (and may refuse by throwing) when the write would store a cart not stored yet.
   */
  async change(
    key: CartKey,
    expected: ExpectedRevisions,
    change: CartChange,
    beforeCreate?: () => Promise<void>,
  ): Promise<StoredCart> {
    return this.store.transaction(async (tx) => {
      const stored = await readCart(tx, key);
      const current = stored ?? emptyCart(key);
      assertExpectedRevision(current.revision, expected);
      const items = change(current.document.cartItems);
      if (items === null) return current;
      if (!stored && beforeCreate) await beforeCreate();
      return writeCart(tx, key, items, current.revision, new Date());
    });
  }
}
