import { cartDiscountDocId } from '../../domain/discount/index.js';
import { cartAfterPurchase } from '../../domain/order/index.js';
import type { Fulfilment, Order } from '../../schemas/order.js';
import { cartKeyAt, readCart, writeCart } from '../cart/cart-repository.js';
import { COLLECTIONS } from '../collections/index.js';
import type { FullDocumentStore } from '../store/index.js';
import { readOrder, updateOrder } from './order-documents.js';

// The fulfilment job's steps after payment, recorded on the order so a retried or repeated job
// does each once: the cart cleared, the e-mails queued, Printful's order placed.

type Steps = Order['steps'];

/** The stored order, which a step of its own job expects to exist. */
async function orderOfStep(reader: Parameters<typeof readOrder>[0], orderId: string): Promise<Order> {
  const order = await readOrder(reader, orderId);
  if (!order) throw new Error(`order ${orderId} is not stored`);
  return order;
}

/** Records a done step on the order as it is now (other steps may have been recorded meanwhile). */
export async function markStepDone(store: FullDocumentStore, orderId: string, step: keyof Steps): Promise<void> {
  await store.transaction(async (tx) => {
    const order = await orderOfStep(tx, orderId);
    if (order.steps[step]) return;
    updateOrder(tx, orderId, {
      steps: { ...order.steps, [step]: true },
      updatedAt: new Date().toISOString(),
    });
  });
}

/** Printful's order id, status and cost (for the sales report); tracking recorded by a shipment is kept. */
export async function recordFulfilment(
  store: FullDocumentStore,
  orderId: string,
  printful: Pick<Fulfilment, 'orderId' | 'status' | 'cost'>,
): Promise<Order> {
  return store.transaction(async (tx) => {
    const order = await orderOfStep(tx, orderId);
    if (order.status === 'shipped') return order;
    const fulfilment: Fulfilment = {
      ...order.fulfilment,
      orderId: printful.orderId,
      status: printful.status,
      cost: printful.cost ?? order.fulfilment.cost ?? null,
    };
    const updated: Order = { ...order, fulfilment, updatedAt: new Date().toISOString() };
    updateOrder(tx, orderId, { fulfilment, updatedAt: updated.updatedAt });
    return updated;
  });
}

export type CartClearing = 'emptied' | 'trimmed' | 'no-cart' | 'already-done';

/**
 * Step clearCart: the bought lines (and the discount code they used) leave the cart they came
 * from (see cartAfterPurchase for what happens when the shopper changed the cart after checkout).
 * The cart is written through the shared cart repository, so its revision moves on (the API's
 * ETag) as on any cart change.
 */
export async function clearPurchasedCart(store: FullDocumentStore, orderId: string): Promise<CartClearing> {
  return store.transaction(async (tx) => {
    const order = await orderOfStep(tx, orderId);
    if (order.steps.cartCleared) return 'already-done';
    const key = cartKeyAt(order.cart);
    const cart = await readCart(tx, key);
    // The code was spent on this order: the cart does not carry it into the next one. (Every read
    // of a transaction comes before its writes, as Firestore requires.)
    const applied = order.discountCode ? await tx.get(COLLECTIONS.cartDiscounts, cartDiscountDocId(order.cart)) : null;
    const now = new Date();
    updateOrder(tx, orderId, {
      steps: { ...order.steps, cartCleared: true },
      updatedAt: now.toISOString(),
    });
    if (applied?.code === order.discountCode) tx.delete(COLLECTIONS.cartDiscounts, cartDiscountDocId(order.cart));
    if (!cart) return 'no-cart';

    const unchanged = cart.revision === order.cart.revision;
    writeCart(tx, key, cartAfterPurchase(cart.document.cartItems, order.items, unchanged), cart.revision, now);
    return unchanged ? 'emptied' : 'trimmed';
  });
}
