import { COLLECTIONS } from '@shop/shared/server/collections';
import type { DocumentStore } from '@shop/shared/server/store';
import type { Stripe } from '@shop/shared/server/stripe';

// Which order a Stripe session may change (DESIGN.md 12.2): the order whose stored session id is
// this session, whatever order id the event or the session's metadata name. The only other case
// is the lost-write recovery: a session the API created (its metadata names an order id) whose
// pending order was never stored; that id is free, so recording it there harms no other order.

export async function orderIdOfSession(store: DocumentStore, session: Stripe.Checkout.Session): Promise<string | null> {
  const page = await store.query(COLLECTIONS.orders, { where: [['sessionId', '==', session.id]], limit: 1 });
  if (page.docs.length) return page.docs[0].id;
  const named = session.metadata?.orderId;
  if (!named) return null;
  return (await store.get(COLLECTIONS.orders, named)) ? null : named;
}
