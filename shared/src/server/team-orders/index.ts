import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { AppError, MESSAGES } from '../../errors/index.js';
import { TEAM_ORDER_MEMBER_KEY_BYTES, TEAM_ORDER_TOKEN_BYTES } from '../../constants/index.js';
import { teamOrderDocSchema, type TeamOrderDoc } from '../../schemas/team-order.js';
import { COLLECTIONS, getDoc, queryDocs } from '../collections/index.js';
import type { FullDocumentStore } from '../store/index.js';

// The one team-order module (docs/rules.md#team-orders): the only code that names the `teamOrders`
// collection. Its reads and writes take the full store, which only a process's opening code holds;
// the API and the worker reach them bound to it (`createTeamOrderRecords`), while every other module
// gets a store whose type cannot name `teamOrders` (docs/architecture.md#one-writer-of-orders). So
// each document has one writer by the types, and every write is a whole document checked against
// its schema inside a transaction. A team order and its
// members are one document: a join must see the member count it is limited by, and 100 short lines
// stay far below Firestore's 1 MiB.

export interface StoredTeamOrder {
  id: string;
  doc: TeamOrderDoc;
}

/** A fresh link token or member key: url-safe base64 of random bytes (192 bits, unguessable). */
export function newTeamOrderSecret(bytes: number = TEAM_ORDER_TOKEN_BYTES): string {
  return randomBytes(bytes).toString('base64url');
}

/** A member's key is stored only as its SHA-256, so reading the store does not let anyone edit a line. */
export function hashMemberKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

export function newMemberKey(): { key: string; keyHash: string } {
  const key = newTeamOrderSecret(TEAM_ORDER_MEMBER_KEY_BYTES);
  return { key, keyHash: hashMemberKey(key) };
}

/** Whether the key sent is the one whose hash was stored, compared in constant time. */
export function memberKeyMatches(key: string, keyHash: string): boolean {
  const sent = Buffer.from(hashMemberKey(key));
  const stored = Buffer.from(keyHash);
  return sent.length === stored.length && timingSafeEqual(sent, stored);
}

export async function createTeamOrder(store: FullDocumentStore, doc: TeamOrderDoc): Promise<StoredTeamOrder> {
  const id = randomUUID();
  const checked = teamOrderDocSchema.parse(doc);
  await store.set(COLLECTIONS.teamOrders, id, checked);
  return { id, doc: checked };
}

export async function readTeamOrder(store: FullDocumentStore, id: string): Promise<TeamOrderDoc | null> {
  return getDoc(store, COLLECTIONS.teamOrders, id);
}

/** The team order a link names; null when no order carries that token (never issued, or revoked). */
export async function findTeamOrderByToken(store: FullDocumentStore, token: string): Promise<StoredTeamOrder | null> {
  const page = await queryDocs(store, COLLECTIONS.teamOrders, { where: [['linkToken', '==', token]], limit: 1 });
  const found = page.docs[0];
  return found ? { id: found.id, doc: found.data } : null;
}

/** A lead's team orders, newest first. */
export async function listTeamOrdersOfLead(
  store: FullDocumentStore,
  uid: string,
  limit = 100,
): Promise<StoredTeamOrder[]> {
  const page = await queryDocs(store, COLLECTIONS.teamOrders, {
    where: [['leadUid', '==', uid]],
    orderBy: [{ field: 'createdAt', direction: 'desc' }],
    limit,
  });
  return page.docs.map((d) => ({ id: d.id, doc: d.data }));
}

/** Every team order, newest first (the studio's list). */
export async function listTeamOrders(store: FullDocumentStore, limit = 100): Promise<StoredTeamOrder[]> {
  const page = await queryDocs(store, COLLECTIONS.teamOrders, {
    orderBy: [{ field: 'createdAt', direction: 'desc' }],
    limit,
  });
  return page.docs.map((d) => ({ id: d.id, doc: d.data }));
}

/**
 * Read, change and write one team order atomically. `change` gets the current document and returns
 * the next one (or throws an AppError to refuse); it may run more than once, so it must not have
 * side effects. The next document is checked against the schema before it is written.
 */
export async function changeTeamOrder(
  store: FullDocumentStore,
  id: string,
  change: (doc: TeamOrderDoc) => TeamOrderDoc,
): Promise<TeamOrderDoc> {
  return store.transaction(async (tx) => {
    const current = await getDoc(tx, COLLECTIONS.teamOrders, id);
    if (!current) throw new AppError('not-found', MESSAGES.teamOrderNotFound);
    const next = teamOrderDocSchema.parse(change(current));
    tx.set(COLLECTIONS.teamOrders, id, next);
    return next;
  });
}

/**
 * The closed team order a paid order bought: the one whose id the lead's cart lines carried into
 * the order (`teamOrderId`), bought by its lead. Null for any other order.
 */
export async function teamOrderOfPaidOrder(
  store: FullDocumentStore,
  order: { owner: { kind: string; id: string }; teamOrderId?: string | null },
): Promise<StoredTeamOrder | null> {
  if (order.owner.kind !== 'user' || !order.teamOrderId) return null;
  const doc = await readTeamOrder(store, order.teamOrderId);
  if (!doc || doc.leadUid !== order.owner.id || doc.status === 'open') return null;
  return { id: order.teamOrderId, doc };
}

/** The team order a paid order bought (its `orderId`), or null. */
export async function teamOrderOfOrder(store: FullDocumentStore, orderId: string): Promise<StoredTeamOrder | null> {
  const page = await queryDocs(store, COLLECTIONS.teamOrders, { where: [['orderId', '==', orderId]], limit: 1 });
  const found = page.docs[0];
  return found ? { id: found.id, doc: found.data } : null;
}

/** The members' shipping e-mails are queued: a repeated shipment queues none again. */
export async function markTeamShippedNotices(store: FullDocumentStore, id: string): Promise<void> {
  await changeTeamOrder(store, id, (doc) =>
    doc.shippedNoticesAt ? doc : { ...doc, shippedNoticesAt: new Date().toISOString() },
  );
}

/** The team order is paid by that order: it leaves the lead's list of orders to pay, once. */
export async function markTeamOrderPaid(store: FullDocumentStore, id: string, orderId: string): Promise<void> {
  await changeTeamOrder(store, id, (doc) =>
    doc.status === 'paid' ? doc : { ...doc, status: 'paid', orderId, updatedAt: new Date().toISOString() },
  );
}

const operations = {
  createTeamOrder,
  readTeamOrder,
  findTeamOrderByToken,
  listTeamOrdersOfLead,
  listTeamOrders,
  changeTeamOrder,
  teamOrderOfPaidOrder,
  teamOrderOfOrder,
  markTeamShippedNotices,
  markTeamOrderPaid,
};

/** An operation with its store given: the caller passes the rest. */
type WithStore<F> = F extends (store: FullDocumentStore, ...args: infer A) => infer R ? (...args: A) => R : never;

export type TeamOrderRecords = { readonly [K in keyof typeof operations]: WithStore<(typeof operations)[K]> };

/** The team-order module bound to a process's full store: the one way its code reaches team orders. */
export function createTeamOrderRecords(store: FullDocumentStore): TeamOrderRecords {
  return Object.fromEntries(
    Object.entries(operations).map(([name, operation]) => [
      name,
      (...args: unknown[]) => (operation as (store: FullDocumentStore, ...rest: unknown[]) => unknown)(store, ...args),
    ]),
  ) as TeamOrderRecords;
}
