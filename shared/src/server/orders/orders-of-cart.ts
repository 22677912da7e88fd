import { CART_COLLECTIONS } from '../../domain/cart/index.js';
import type { Order } from '../../schemas/order.js';
import { COLLECTIONS, parseDoc } from '../collections/index.js';
import type { FullDocumentStore, FullTransaction } from '../store/index.js';
import { readOrder, updateOrder } from './order-documents.js';

// Orders whose lines are still in a cart (docs/rules.md#only-what-can-ship-is-sold): checked out and not yet paid, or paid
// with the bought lines not yet taken out. A new checkout of that cart must not sell those lines
// again, and a guest-to-user merge takes them along so the payment clears the cart they are in now.

const ORDERS_PER_CART_LIMIT = 100;

/** The cart an order was checked out from (the cart repository's CartLocation). */
type CartLocation = Pick<Order['cart'], 'collection' | 'id'>;

export function holdsCartLines(order: Order): boolean {
  return order.status === 'pending' || (order.status === 'paid' && !order.steps.cartCleared);
}

export async function openOrdersOfCart(store: FullDocumentStore, cart: CartLocation): Promise<Order[]> {
  const page = await store.query(COLLECTIONS.orders, {
    where: [
      ['cart.collection', '==', cart.collection],
      ['cart.id', '==', cart.id],
    ],
    limit: ORDERS_PER_CART_LIMIT,
  });
  return page.docs.map((doc) => parseDoc(COLLECTIONS.orders, doc.data)).filter(holdsCartLines);
}

/**
 * Inside a merge transaction: the guest cart's open orders now point at the user's cart. The
 * revision recorded is the user cart's revision before the merge, which the merge's write leaves
 * behind, so the purchase takes out only the bought lines and never empties the whole user cart.
 */
export async function moveOpenOrders(
  tx: FullTransaction,
  orderIds: readonly string[],
  from: CartLocation,
  to: { uid: string; revisionBeforeMerge: number },
): Promise<() => void> {
  const moving: string[] = [];
  for (const id of orderIds) {
    const order = await readOrder(tx, id);
    if (order && holdsCartLines(order) && order.cart.collection === from.collection && order.cart.id === from.id)
      moving.push(id);
  }
  // Reads first, then writes (a Firestore transaction's rule): the caller runs this after its reads.
  return () => {
    const updatedAt = new Date().toISOString();
    for (const id of moving)
      updateOrder(tx, id, {
        cart: { collection: CART_COLLECTIONS.user, id: to.uid, revision: to.revisionBeforeMerge },
        updatedAt,
      });
  };
}

/** Every order checked out from the cart, whatever its status (the abandoned-checkout e-mail's checks). */
export async function ordersOfCart(store: FullDocumentStore, cart: CartLocation): Promise<Order[]> {
  const page = await store.query(COLLECTIONS.orders, {
    where: [
      ['cart.collection', '==', cart.collection],
      ['cart.id', '==', cart.id],
    ],
    limit: ORDERS_PER_CART_LIMIT,
  });
  return page.docs.map((doc) => parseDoc(COLLECTIONS.orders, doc.data));
}
