import { GUEST_CART_TTL_DAYS } from '@shop/shared';
import { CART_COLLECTIONS, GUEST_CART_ACTIVITY_FIELD } from '@shop/shared/domain/cart';
import type { DocData, DocumentStore, QueryPage } from '@shop/shared/server/store';

// Deletes guest carts nobody has changed for GUEST_CART_TTL_DAYS. Guests never sign out, so
// without this their carts would pile up for ever.

const DAY_MS = 86_400_000;
const PAGE_SIZE = 200;

export interface GuestCartCleanupResult {
  deleted: number;
  cutoff: string;
}

/** When the guest last changed the cart; null for a document without a readable time, which is left alone. */
function lastActivity(data: DocData | null): string | null {
  const value = data?.[GUEST_CART_ACTIVITY_FIELD];
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : null;
}

function isStale(data: DocData | null, cutoff: string): boolean {
  const at = lastActivity(data);
  return at !== null && at < cutoff;
}

function isFresh(data: DocData | null, cutoff: string): boolean {
  const at = lastActivity(data);
  return at !== null && at >= cutoff;
}

export async function cleanupGuestCarts(
  store: DocumentStore,
  { now = new Date(), ttlDays = GUEST_CART_TTL_DAYS }: { now?: Date; ttlDays?: number } = {},
): Promise<GuestCartCleanupResult> {
  const cutoff = new Date(now.getTime() - ttlDays * DAY_MS).toISOString();
  const collection = CART_COLLECTIONS.guest;
  let deleted = 0;
  let cursor: string | null = null;
  do {
    const page: QueryPage = await store.query(collection, {
      orderBy: [{ field: GUEST_CART_ACTIVITY_FIELD, direction: 'asc' }],
      limit: PAGE_SIZE,
      cursor,
    });
    const candidates = page.docs.filter((doc) => isStale(doc.data, cutoff)).map((doc) => doc.id);
    if (candidates.length > 0) {
      // Re-read inside the transaction: a guest who came back since the query keeps the cart.
      deleted += await store.transaction(async (tx) => {
        const current = await Promise.all(candidates.map(async (id) => ({ id, data: await tx.get(collection, id) })));
        const stale = current.filter((doc) => isStale(doc.data, cutoff));
        for (const doc of stale) tx.delete(collection, doc.id);
        return stale.length;
      });
    }
    // Sorted oldest first: a page ending in a fresh cart means every later cart is fresh too.
    const last = page.docs.at(-1);
    cursor = last && !isFresh(last.data, cutoff) ? page.nextCursor : null;
  } while (cursor);
  return { deleted, cutoff };
}
