import { z } from 'zod';
import { CART_MAX_LINES } from '../constants/index.js';
import { cartDocumentSchemaOf } from './cart-document.js';
import { cartItemSchema } from './cart-item.js';
import { cartDiscountSchema } from './discount.js';
import { currencyCodeSchema } from './currency-code.js';

// Requests and responses of the cart routes (docs/contracts.md#http-api). Bodies name a product and a
// variant only: the server takes name, price and variant from the catalogue, so any price or
// name a client adds is dropped here. Quantity ranges are checked by the cart rules, which
// answer with the spec's message.

const quantity = z.number().int();
const variantChoice = z.string().trim().min(1).max(100).optional();

export const cartLineRequestSchema = z.object({
  productId: z.string().trim().min(1).max(200),
  quantity,
  size: variantChoice,
  color: variantChoice,
});
export type CartLineRequest = z.infer<typeof cartLineRequestSchema>;

/** POST /api/cart/items */
export const addCartItemBodySchema = cartLineRequestSchema;
export type AddCartItemBody = z.infer<typeof addCartItemBodySchema>;

/** PUT /api/cart: the whole cart; lines naming the same product, size and colour add up. */
export const replaceCartBodySchema = z.object({ items: z.array(cartLineRequestSchema).max(CART_MAX_LINES) });
export type ReplaceCartBody = z.infer<typeof replaceCartBodySchema>;

/** PATCH /api/cart/items/:itemId: zero or less removes the line. */
export const setCartItemQuantityBodySchema = z.object({ quantity });
export type SetCartItemQuantityBody = z.infer<typeof setCartItemQuantityBodySchema>;

export const cartItemParamsSchema = z.object({ itemId: z.string().min(1).max(200) });

/**
 * A line as the API answers it: flagged when its product or variant left the catalogue, or is not
 * sold in the answer's currency (docs/rules.md#local-prices), with the reason then. `price` stays
 * the stored US dollars; `unitAmount` is the price of one in the answer's currency, minor units.
 */
export const cartResponseItemSchema = cartItemSchema.extend({
  unavailable: z.boolean().optional(),
  unavailableReason: z.string().optional(),
  unitAmount: z.number().int().nonnegative().nullable().optional(),
});
export type CartResponseItem = z.infer<typeof cartResponseItemSchema>;

/**
 * Every cart route's answer: the stored cart document (docs/rules.md#entities), with an ETag header, and
 * the discount code applied to it with what it takes off the items (docs/rules.md#what-a-merch-shopper-expects).
 */
export const cartResponseSchema = z.intersection(
  cartDocumentSchemaOf(cartResponseItemSchema),
  z.object({
    /** Its `amountOff` is in the answer's currency (major units, as the lines' prices are written). */
    discount: cartDiscountSchema.optional(),
    /** The currency of `amounts` and each line's `unitAmount`: `?currency=`, else the cookie, else USD. */
    currency: currencyCodeSchema.optional(),
    /** Minor units of `currency`: what checkout will charge before shipping and any tax added on top. */
    amounts: z.object({ subtotal: z.number().int(), discount: z.number().int(), total: z.number().int() }).optional(),
    /** Why the cart is in US dollars rather than the asked currency (its rate is paused). */
    currencyNotice: z.string().optional(),
  }),
);
export type CartResponse = z.infer<typeof cartResponseSchema>;

/** A guest line (or the part of it) a sign-in merge could not keep under the line and cart caps. */
export const droppedCartLineSchema = z.object({
  productId: z.string(),
  name: z.string(),
  size: z.string(),
  color: z.string(),
  quantity: z.number().int().positive(),
});

/** POST /api/cart/merge: the merged cart, plus what did not fit (docs/rules.md#what-a-merch-shopper-expects), empty when all did. */
export const mergeCartResponseSchema = cartResponseSchema.and(z.object({ dropped: z.array(droppedCartLineSchema) }));
export type MergeCartResponse = z.infer<typeof mergeCartResponseSchema>;
