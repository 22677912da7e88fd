import { z } from 'zod';
import { CART_SCHEMA_VERSION } from '../../constants/index.js';
import { cartDocumentSchemaOf } from '../../schemas/cart-document.js';
import { cartItemSchema, type CartItem } from './cart-item.js';
import { cartTotals } from './cart-totals.js';

// The stored cart document (docs/rules.md#entities): a signed-in user's carries userId, a guest's sessionId.

export type CartOwner = { userId: string } | { sessionId: string };

export { CART_COLLECTIONS } from '../../schemas/cart-collections.js';
export { cartDocumentSchemaOf };
/** Stored beside a guest's cart document: when the guest last changed it (ISO), read by the cleanup job. */
export const GUEST_CART_ACTIVITY_FIELD = 'lastActivityAt';

export const cartDocumentSchema = cartDocumentSchemaOf(cartItemSchema);
export type CartDocument = z.infer<typeof cartDocumentSchema>;

/** Builds the document with its totals recomputed from the lines. */
export function buildCartDocument(items: readonly CartItem[], owner: CartOwner, now: Date = new Date()): CartDocument {
  return {
    cartItems: [...items],
    ...cartTotals(items),
    updatedAt: now.toISOString(),
    version: CART_SCHEMA_VERSION,
    ...owner,
  };
}
