import { cartDiscountDocId } from '@shop/shared/domain/discount';
import { cartAfterPurchase } from '@shop/shared/domain/order';
import { orderSchema, type Order } from '@shop/shared/schemas';
import { cartKeyAt, readCart, writeCart } from '@shop/shared/server/cart';
import { COLLECTIONS } from '@shop/shared/server/collections';
import type { DocumentStore } from '@shop/shared/server/store';

// Step clearCart: the bought lines (and the discount code they used) leave the cart they came from (see cartAfterPurchase for what
// happens when the shopper changed the cart after checkout). The cart is written through the
// shared cart repository, so its revision moves on (the API's ETag) as on any cart change.

export type CartClearing = 'emptied' | 'trimmed' | 'no-cart' | 'already-done';

export async function clearPurchasedCart(store: DocumentStore, orderId: string): Promise<CartClearing> {
  return store.transaction(async (tx) => {
    const order: Order = orderSchema.parse(await tx.get(COLLECTIONS.orders, orderId));
    if (order.steps.cartCleared) return 'already-done';
    const key = cartKeyAt(order.cart);
    const cart = await readCart(tx, key);
    // The code was spent on this order: the cart does not carry it into the next one. (Every read
    // of a transaction comes before its writes, as Firestore requires.)
    const applied = order.discountCode ? await tx.get(COLLECTIONS.cartDiscounts, cartDiscountDocId(order.cart)) : null;
    const now = new Date();
    tx.update(COLLECTIONS.orders, orderId, {
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
