import { mergeCartItems, type DroppedCartLine } from '../../domain/cart/index.js';
import {
  assertExpectedRevision,
  cartLocation,
  deleteCart,
  emptyCart,
  readCart,
  writeCart,
  type CartKey,
  type ExpectedRevisions,
  type StoredCart,
} from '../cart/cart-repository.js';
import type { FullDocumentStore } from '../store/index.js';
import { moveOpenOrders, openOrdersOfCart } from './orders-of-cart.js';

// The guest-to-user cart merge at sign-in, as one step of the order module: it crosses the cart and
// its open orders (docs/rules.md#only-what-can-ship-is-sold), so it lives here, where orders are
// written, and reaches the carts through the cart module (which knows nothing of orders).

/**
 * Moves a guest's lines into a user's cart and deletes the guest cart, atomically, taking the guest
 * cart's open orders along to the user's cart. Without a guest cart nothing changes, so repeating
 * the call after a success is harmless. What did not fit under the line and cart caps is answered
 * as `dropped`.
 */
export async function mergeGuestCart(
  store: FullDocumentStore,
  uid: string,
  guestId: string,
  expected: ExpectedRevisions,
): Promise<StoredCart & { dropped: DroppedCartLine[] }> {
  const userKey: CartKey = { kind: 'user', uid };
  const guestKey: CartKey = { kind: 'guest', guestId };
  const guestCart = cartLocation(guestKey);
  const openOrders = (await openOrdersOfCart(store, guestCart)).map((order) => order.id);
  return store.transaction(async (tx) => {
    const current = (await readCart(tx, userKey)) ?? emptyCart(userKey);
    const guest = await readCart(tx, guestKey);
    assertExpectedRevision(current.revision, expected);
    if (!guest) return { ...current, dropped: [] };
    const moveOrders = await moveOpenOrders(tx, openOrders, guestCart, {
      uid,
      revisionBeforeMerge: current.revision,
    });
    deleteCart(tx, guestKey);
    if (guest.document.cartItems.length === 0) return { ...current, dropped: [] };
    moveOrders();
    const { items, dropped } = mergeCartItems(current.document.cartItems, guest.document.cartItems);
    return { ...writeCart(tx, userKey, items, current.revision, new Date()), dropped };
  });
}
