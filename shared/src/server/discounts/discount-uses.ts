import type { DiscountDoc, DiscountReservationDoc } from '../../schemas/discount-codes.js';
import { COLLECTIONS, getReadableDoc } from '../collections/index.js';
import type { DocumentStore } from '../store/index.js';

// Uses of a code limited to N redemptions. Counting paid orders alone let every checkout opened
// before the first payment pass the check, so a one-use code could be paid three times. Instead a
// checkout takes a use before its Stripe session opens, in one transaction on the code's document
// (the only document every checkout of that code writes, and only for limited codes, so an
// unlimited code's checkouts share nothing). The use is held while the session can be paid,
// becomes a redemption when it is paid with the discount, and is given back when the session
// expires, fails, is replaced or is paid without the discount. `uses` on the code counts the held
// and redeemed ones, so it never passes the limit.

export type ReserveOutcome = 'reserved' | 'used-up' | 'unknown' | 'client-limit';

/** Uses a code has given out: its counter, or the paid orders for a code made before the counter. */
export const usesTaken = (doc: Pick<DiscountDoc, 'uses'>, paidOrders: number) => Math.max(doc.uses ?? 0, paidOrders);

/**
 * Takes one use of `code` for the checkout of `orderId`. Idempotent per order: a retried checkout
 * keeps the use it already holds. An unlimited code needs no use and is always 'reserved'.
 */
export async function reserveDiscountUse(
  store: DocumentStore,
  input: {
    code: string;
    orderId: string;
    cart: string;
    paidOrders: number;
    now: Date;
    /** The client opening the checkout, the most uses it may hold at once, and when this one lapses. */
    client?: { key: string; maxHolds: number; until: Date };
  },
): Promise<ReserveOutcome> {
  // Counted before the transaction (a query across reservations): two checkouts of one client at
  // the very same moment may pass together, which the per-client request budget keeps rare.
  const clientHolds = input.client ? await heldByClient(store, input.client.key, input.now) : 0;
  return store.transaction(async (tx) => {
    const doc = await getReadableDoc(tx, COLLECTIONS.discounts, input.code);
    if (!doc || !doc.active) return 'unknown';
    if (doc.maxRedemptions === null) return 'reserved';
    const held = await getReadableDoc(tx, COLLECTIONS.discountReservations, input.orderId);
    if (held && held.code === input.code && held.status !== 'released') return 'reserved';
    const taken = usesTaken(doc, input.paidOrders);
    if (taken >= doc.maxRedemptions) return 'used-up';
    if (input.client && clientHolds >= input.client.maxHolds) return 'client-limit';
    const at = input.now.toISOString();
    const reservation: DiscountReservationDoc = {
      code: input.code,
      orderId: input.orderId,
      cart: input.cart,
      status: 'held',
      at,
      updatedAt: at,
      ...(input.client ? { client: input.client.key, until: input.client.until.toISOString() } : {}),
    };
    tx.set(COLLECTIONS.discountReservations, input.orderId, reservation);
    tx.update(COLLECTIONS.discounts, doc.id, { uses: taken + 1 });
    return 'reserved';
  });
}

/** Gives back the use the checkout of `orderId` holds (expired, failed, replaced). True when one was held. */
export async function releaseDiscountUse(store: DocumentStore, orderId: string, now = new Date()): Promise<boolean> {
  return store.transaction(async (tx) => {
    const held = await getReadableDoc(tx, COLLECTIONS.discountReservations, orderId);
    if (held?.status !== 'held') return false;
    const doc = await getReadableDoc(tx, COLLECTIONS.discounts, held.code);
    tx.update(COLLECTIONS.discountReservations, orderId, { status: 'released', updatedAt: now.toISOString() });
    if (doc) tx.update(COLLECTIONS.discounts, doc.id, { uses: Math.max(0, (doc.uses ?? 1) - 1) });
    return true;
  });
}

/**
 * The order of `orderId` was paid: its held use becomes a redemption when Stripe took the discount
 * off, and is given back when it did not. Answers whether the code is now used up (every use
 * redeemed or held), so the caller can close checkouts that still carry it without a use.
 */
export async function settleDiscountUse(
  store: DocumentStore,
  orderId: string,
  discounted: boolean,
  now = new Date(),
): Promise<{ code: string; usedUp: boolean } | null> {
  if (!discounted) {
    await releaseDiscountUse(store, orderId, now);
    return null;
  }
  return store.transaction(async (tx) => {
    const held = await getReadableDoc(tx, COLLECTIONS.discountReservations, orderId);
    if (!held) return null;
    const doc = await getReadableDoc(tx, COLLECTIONS.discounts, held.code);
    let uses = doc?.uses ?? 0;
    if (held.status !== 'redeemed') {
      tx.update(COLLECTIONS.discountReservations, orderId, { status: 'redeemed', updatedAt: now.toISOString() });
      // A use given back and paid after all (the session completed while it was being closed):
      // the payment is what happened, so it counts, even past the limit.
      if (held.status === 'released' && doc) {
        uses += 1;
        tx.update(COLLECTIONS.discounts, doc.id, { uses });
      }
    }
    const usedUp = doc?.maxRedemptions != null && uses >= doc.maxRedemptions;
    return { code: held.code, usedUp };
  });
}

/** Whether this cart's own checkout holds a use of `code` (so the cart is not told it is used up by itself). */
export async function cartHoldsUse(store: DocumentStore, code: string, cart: string): Promise<boolean> {
  const page = await store.query(COLLECTIONS.discountReservations, {
    where: [
      ['cart', '==', cart],
      ['code', '==', code],
      ['status', '==', 'held'],
    ],
    limit: 1,
  });
  return page.docs.length > 0;
}

/** When a held use lapses: its checkout's `until`, or a day after it was taken (Stripe's longest session). */
export const holdEnds = (held: Pick<DiscountReservationDoc, 'at' | 'until'>): number =>
  held.until ? Date.parse(held.until) : Date.parse(held.at) + 24 * 3600_000;

/** Uses the client's open checkouts hold now (lapsed ones, whose release is on its way, not counted). */
async function heldByClient(store: DocumentStore, client: string, now: Date): Promise<number> {
  const page = await store.query(COLLECTIONS.discountReservations, {
    where: [
      ['client', '==', client],
      ['status', '==', 'held'],
    ],
    limit: 50,
  });
  return page.docs.filter((doc) => holdEnds(doc.data as DiscountReservationDoc) > now.getTime()).length;
}

/** When the first use of `code` held by an open checkout lapses, if any is held. */
export async function firstHoldEnd(store: DocumentStore, code: string): Promise<number | null> {
  const page = await store.query(COLLECTIONS.discountReservations, {
    where: [
      ['code', '==', code],
      ['status', '==', 'held'],
    ],
    limit: 500,
  });
  const ends = page.docs.map((doc) => holdEnds(doc.data as DiscountReservationDoc));
  return ends.length ? Math.min(...ends) : null;
}
