import { z } from 'zod';
import { CART_SCHEMA_VERSION } from '../constants/index.js';

// The stored cart document (docs/rules.md#entities): a signed-in user's carries userId, a guest's sessionId.

/** The document's schema for a given line schema (the API's answer flags unavailable lines). */
export function cartDocumentSchemaOf<Item extends z.ZodType>(item: Item) {
  const fields = {
    cartItems: z.array(item),
    itemCount: z.number().int(),
    totalItems: z.number().int(),
    totalPrice: z.number(),
    updatedAt: z.string(),
    version: z.literal(CART_SCHEMA_VERSION),
  };
  // The owner is a separate, small union so that the lines are parsed once, not once per owner kind.
  return z.intersection(
    z.object(fields),
    z.union([z.object({ userId: z.string() }), z.object({ sessionId: z.string() })]),
  );
}
