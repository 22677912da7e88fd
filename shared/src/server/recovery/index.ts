import { createHash, randomBytes } from 'node:crypto';
import { RECOVERY_TOKEN_BYTES } from '../../constants/index.js';
import { checkoutRecoveryDocSchema, type CheckoutRecoveryDoc, type EmailOptOutDoc } from '../../schemas/recovery.js';
import type { Order } from '../../schemas/order.js';
import { COLLECTIONS, getDoc, queryDocs, scanDocs } from '../collections/index.js';
import type { DocumentStore } from '../store/document-store.js';

// The one recovery module (docs/recovery.md): the only code that names `checkoutRecoveries` and
// `emailOptOuts` (lint holds every other file to that). A recovery document is opened when an
// expired checkout's shopper agreed to hear from the shop, claimed once when its e-mail goes out,
// and marked when its link rebuilds a cart and when that cart is paid.

type CartRef = CheckoutRecoveryDoc['cart'];

/** A fresh restore or unsubscribe token: 32 random bytes, url-safe base64 (256 bits). */
export function newRecoveryToken(): string {
  return randomBytes(RECOVERY_TOKEN_BYTES).toString('base64url');
}

/** Tokens are stored only as their SHA-256. */
export function hashRecoveryToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** The opt-out document's id: the SHA-256 of the trimmed, lower-cased address. */
export function optOutId(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

export async function isOptedOut(store: DocumentStore, email: string): Promise<boolean> {
  return (await getDoc(store, COLLECTIONS.emailOptOuts, optOutId(email))) !== null;
}

/** Records the address as unsubscribed; a repeat keeps the first record. */
export async function recordOptOut(
  store: DocumentStore,
  email: string,
  source: EmailOptOutDoc['source'],
): Promise<void> {
  const id = optOutId(email);
  await store.transaction(async (tx) => {
    if (await tx.get(COLLECTIONS.emailOptOuts, id)) return;
    const doc: EmailOptOutDoc = { email: email.trim().toLowerCase(), optedOutAt: new Date().toISOString(), source };
    tx.set(COLLECTIONS.emailOptOuts, id, doc);
  });
}

export async function readRecovery(store: DocumentStore, orderId: string): Promise<CheckoutRecoveryDoc | null> {
  return getDoc(store, COLLECTIONS.checkoutRecoveries, orderId);
}

/**
 * Opens the recovery of an expired checkout; false when it was already opened (a repeated event,
 * or a second worker), so the caller schedules its job only once.
 */
export async function openRecovery(
  store: DocumentStore,
  input: { orderId: string; email: string; cart: CartRef; sessionId: string; sendAfter: string },
): Promise<boolean> {
  return store.transaction(async (tx) => {
    if (await tx.get(COLLECTIONS.checkoutRecoveries, input.orderId)) return false;
    const doc: CheckoutRecoveryDoc = checkoutRecoveryDocSchema.parse({
      ...input,
      createdAt: new Date().toISOString(),
      sentAt: null,
      skipped: null,
      tokenHash: null,
      unsubscribeTokenHash: null,
      restoredAt: null,
      restoredTo: null,
      recoveredOrderId: null,
      recoveredAt: null,
      recoveredTotal: null,
    });
    tx.set(COLLECTIONS.checkoutRecoveries, input.orderId, doc);
    return true;
  });
}

/**
 * Claims the one e-mail: records it sent, with the hashes of the tokens it carries, unless it was
 * sent or skipped already. Null means someone else claimed it (at most one e-mail per checkout).
 */
export async function claimRecoverySend(
  store: DocumentStore,
  orderId: string,
  tokens: { restore: string; unsubscribe: string },
): Promise<CheckoutRecoveryDoc | null> {
  return store.transaction(async (tx) => {
    const doc = await getDoc(tx, COLLECTIONS.checkoutRecoveries, orderId);
    if (!doc || doc.sentAt !== null || doc.skipped !== null) return null;
    const next: CheckoutRecoveryDoc = {
      ...doc,
      sentAt: new Date().toISOString(),
      tokenHash: hashRecoveryToken(tokens.restore),
      unsubscribeTokenHash: hashRecoveryToken(tokens.unsubscribe),
    };
    tx.set(COLLECTIONS.checkoutRecoveries, orderId, next);
    return next;
  });
}

/** The mail transport failed: the claim is given back so the job's retry can send. */
export async function releaseRecoverySend(store: DocumentStore, orderId: string): Promise<void> {
  await store.transaction(async (tx) => {
    const doc = await getDoc(tx, COLLECTIONS.checkoutRecoveries, orderId);
    if (!doc) return;
    tx.set(COLLECTIONS.checkoutRecoveries, orderId, {
      ...doc,
      sentAt: null,
      tokenHash: null,
      unsubscribeTokenHash: null,
    });
  });
}

/** No e-mail for this checkout, and why (kept for the studio). */
export async function skipRecovery(store: DocumentStore, orderId: string, reason: string): Promise<void> {
  await store.transaction(async (tx) => {
    const doc = await getDoc(tx, COLLECTIONS.checkoutRecoveries, orderId);
    if (!doc || doc.sentAt !== null || doc.skipped !== null) return;
    tx.set(COLLECTIONS.checkoutRecoveries, orderId, { ...doc, skipped: reason });
  });
}

async function findBy(
  store: DocumentStore,
  field: 'tokenHash' | 'unsubscribeTokenHash',
  token: string,
): Promise<CheckoutRecoveryDoc | null> {
  const page = await queryDocs(store, COLLECTIONS.checkoutRecoveries, {
    where: [[field, '==', hashRecoveryToken(token)]],
    limit: 1,
  });
  return page.docs[0]?.data ?? null;
}

export const findRecoveryByToken = (store: DocumentStore, token: string) => findBy(store, 'tokenHash', token);
export const findRecoveryByUnsubscribeToken = (store: DocumentStore, token: string) =>
  findBy(store, 'unsubscribeTokenHash', token);

/** The link rebuilt a cart: an order paid from that cart later counts as recovered. */
export async function markRestored(store: DocumentStore, orderId: string, cart: CartRef): Promise<void> {
  await store.transaction(async (tx) => {
    const doc = await getDoc(tx, COLLECTIONS.checkoutRecoveries, orderId);
    if (!doc) return;
    // The link opened again for the same cart keeps the first time: a checkout made in between
    // still counts as recovered.
    const same = doc.restoredTo?.collection === cart.collection && doc.restoredTo.id === cart.id;
    if (same && doc.restoredAt) return;
    tx.set(COLLECTIONS.checkoutRecoveries, orderId, { ...doc, restoredAt: new Date().toISOString(), restoredTo: cart });
  });
}

/**
 * A paid order checked out from a cart the link rebuilt before that checkout: it is the recovered
 * order of that recovery (once). Returns the recovery's order id, or null.
 */
export async function markRecoveredOrder(
  store: DocumentStore,
  order: Pick<Order, 'id' | 'cart' | 'createdAt' | 'totalPrice' | 'amounts' | 'paidAt'>,
): Promise<string | null> {
  const page = await queryDocs(store, COLLECTIONS.checkoutRecoveries, {
    where: [
      ['restoredTo.collection', '==', order.cart.collection],
      ['restoredTo.id', '==', order.cart.id],
    ],
    limit: 50,
  });
  const match = page.docs
    .filter((d) => d.data.restoredAt !== null && d.data.restoredAt <= order.createdAt && d.id !== order.id)
    .filter((d) => d.data.recoveredOrderId === null || d.data.recoveredOrderId === order.id)
    .sort((a, b) => (b.data.restoredAt ?? '').localeCompare(a.data.restoredAt ?? ''))[0];
  if (!match) return null;
  await store.transaction(async (tx) => {
    const doc = await getDoc(tx, COLLECTIONS.checkoutRecoveries, match.id);
    if (!doc || (doc.recoveredOrderId !== null && doc.recoveredOrderId !== order.id)) return;
    tx.set(COLLECTIONS.checkoutRecoveries, match.id, {
      ...doc,
      recoveredOrderId: order.id,
      recoveredAt: order.paidAt ?? new Date().toISOString(),
      recoveredTotal: order.amounts?.total ?? order.totalPrice,
    });
  });
  return match.id;
}

/** The ids of every order paid from a restored cart (the sales report keeps those paid in its months). */
export async function recoveredOrderIds(store: DocumentStore): Promise<Set<string>> {
  const ids = new Set<string>();
  await scanDocs(store, COLLECTIONS.checkoutRecoveries, ({ data }) => {
    if (data.recoveredOrderId) ids.add(data.recoveredOrderId);
  });
  return ids;
}
