import { z } from 'zod';
import {
  CART_COLLECTIONS,
  GUEST_CART_ACTIVITY_FIELD,
  buildCartDocument,
  savedCartItemSchema,
  type CartItem,
} from '@shop/shared/domain/cart';
import { cartAfterPurchase } from '@shop/shared/domain/order';
import { ORDERS_COLLECTION, orderSchema, type Order } from '@shop/shared/schemas';
import type { DocumentStore } from '@shop/shared/server/store';

// Step clearCart: the bought lines leave the cart they came from (see cartAfterPurchase for what
// happens when the shopper changed the cart after checkout). The cart is written the way the
// API's cart repository stores it: the spec's cart document plus `revision` (+1 on every write,
// so the API's ETag moves on) and, for guests, the activity time the cleanup job reads.

export type CartClearing = 'emptied' | 'trimmed' | 'no-cart' | 'already-done';

const storedCartSchema = z.object({
  cartItems: z.array(z.unknown()).catch([]),
  revision: z.number().int().nonnegative().catch(0),
});

function readLines(raw: unknown[]): CartItem[] {
  return raw.flatMap((line) => {
    const parsed = savedCartItemSchema.safeParse(line);
    return parsed.success ? [parsed.data] : [];
  });
}

export async function clearPurchasedCart(store: DocumentStore, orderId: string): Promise<CartClearing> {
  return store.transaction(async (tx) => {
    const order: Order = orderSchema.parse(await tx.get(ORDERS_COLLECTION, orderId));
    if (order.steps.cartCleared) return 'already-done';
    const { collection, id, revision } = order.cart;
    const stored = await tx.get(collection, id);
    const now = new Date().toISOString();
    tx.update(ORDERS_COLLECTION, orderId, { steps: { ...order.steps, cartCleared: true }, updatedAt: now });
    if (!stored) return 'no-cart';

    const cart = storedCartSchema.parse(stored);
    const unchanged = cart.revision === revision;
    const lines = cartAfterPurchase(readLines(cart.cartItems), order.items, unchanged);
    const owner = collection === CART_COLLECTIONS.user ? { userId: id } : { sessionId: id };
    tx.set(collection, id, {
      ...buildCartDocument(lines, owner, new Date(now)),
      revision: cart.revision + 1,
      ...(collection === CART_COLLECTIONS.guest ? { [GUEST_CART_ACTIVITY_FIELD]: now } : {}),
    });
    return unchanged ? 'emptied' : 'trimmed';
  });
}
