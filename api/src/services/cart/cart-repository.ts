import { z } from 'zod';
import { AppError, MESSAGES } from '@shop/shared';
import {
  CART_COLLECTIONS,
  GUEST_CART_ACTIVITY_FIELD,
  buildCartDocument,
  mergeCartItems,
  savedCartItemSchema,
  type CartDocument,
  type CartItem,
  type CartOwner,
} from '@shop/shared/domain/cart';
import type { DocumentStore, Transaction } from '@shop/shared/server/store';

// Carts in the document store (DESIGN.md section 3): `user-carts/{uid}` for a signed-in user,
// `guest-carts/{guestId}` for a guest. Besides the spec's cart document, each stored cart keeps a
// `revision` (incremented on every write; the API's ETag) and, for guests, `lastActivityAt` (ISO,
// so it sorts by time on both store backends) for the cleanup job in the worker.

export type CartKey = { kind: 'user'; uid: string } | { kind: 'guest'; guestId: string };

export interface StoredCart {
  document: CartDocument;
  revision: number;
}

/** Revisions an If-Match header accepts; null when the request sets no precondition. */
export type ExpectedRevisions = readonly number[] | null;

/** Returns the new lines, or null when the change leaves the cart as it is (nothing is written). */
export type CartChange = (items: CartItem[]) => CartItem[] | null;

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

function location(key: CartKey): { collection: string; id: string } {
  return key.kind === 'user'
    ? { collection: CART_COLLECTIONS.user, id: key.uid }
    : { collection: CART_COLLECTIONS.guest, id: key.guestId };
}

function ownerOf(key: CartKey): CartOwner {
  return key.kind === 'user' ? { userId: key.uid } : { sessionId: key.guestId };
}

/** A stored cart, or the empty cart at revision 0 when none is stored. */
function fromStored(key: CartKey, data: Record<string, unknown> | null): StoredCart {
  if (!data) return { document: buildCartDocument([], ownerOf(key)), revision: 0 };
  const stored = storedCartSchema.parse(data);
  const updatedAt = new Date(stored.updatedAt ?? Date.now());
  const document = buildCartDocument(
    readLines(stored.cartItems),
    ownerOf(key),
    Number.isNaN(updatedAt.getTime()) ? new Date() : updatedAt,
  );
  return { document, revision: stored.revision };
}

function assertExpected(current: number, expected: ExpectedRevisions): void {
  if (expected && !expected.includes(current)) throw new AppError('aborted', MESSAGES.staleRevision);
}

function write(tx: Transaction, key: CartKey, items: CartItem[], revision: number, now: Date): StoredCart {
  const document = buildCartDocument(items, ownerOf(key), now);
  const { collection, id } = location(key);
  tx.set(collection, id, {
    ...document,
    revision,
    ...(key.kind === 'guest' ? { [GUEST_CART_ACTIVITY_FIELD]: now.toISOString() } : {}),
  });
  return { document, revision };
}

export class CartRepository {
  constructor(private readonly store: DocumentStore) {}

  async read(key: CartKey): Promise<StoredCart> {
    const { collection, id } = location(key);
    return fromStored(key, await this.store.get(collection, id));
  }

  /** Read-modify-write of one cart in a transaction, so concurrent changes never lose an update. */
  async change(key: CartKey, expected: ExpectedRevisions, change: CartChange): Promise<StoredCart> {
    const { collection, id } = location(key);
    return this.store.transaction(async (tx) => {
      const current = fromStored(key, await tx.get(collection, id));
      assertExpected(current.revision, expected);
      const items = change(current.document.cartItems);
      if (items === null) return current;
      return write(tx, key, items, current.revision + 1, new Date());
    });
  }

  /**
   * Moves a guest's lines into a user's cart and deletes the guest cart, atomically. Without a
   * guest cart nothing changes, so repeating the call after a success is harmless.
   */
  async mergeGuestIntoUser(uid: string, guestId: string, expected: ExpectedRevisions): Promise<StoredCart> {
    const userKey: CartKey = { kind: 'user', uid };
    const guestKey: CartKey = { kind: 'guest', guestId };
    const user = location(userKey);
    const guest = location(guestKey);
    return this.store.transaction(async (tx) => {
      const userData = await tx.get(user.collection, user.id);
      const guestData = await tx.get(guest.collection, guest.id);
      const current = fromStored(userKey, userData);
      assertExpected(current.revision, expected);
      if (!guestData) return current;
      tx.delete(guest.collection, guest.id);
      const guestItems = fromStored(guestKey, guestData).document.cartItems;
      if (guestItems.length === 0) return current;
      return write(
        tx,
        userKey,
        mergeCartItems(current.document.cartItems, guestItems),
        current.revision + 1,
        new Date(),
      );
    });
  }
}
