import { z } from 'zod';
import { currencyCodeSchema } from './currency-code.js';
import { ORDER_NUMBER_MAX_LENGTH, ORDER_NUMBER_PREFIX, QUOTE_EMAIL_MAX_LENGTH } from '../constants/index.js';
import { MESSAGES } from '../errors/index.js';
import {
  orderAmountsSchema,
  orderItemSchema,
  orderStatusSchema,
  shippingMethodSchema,
  shopperAddressSchema,
  shopperSecondChanceSchema,
  checkoutSessionIdSchema,
} from './order.js';

// The shopper's own view of one order (docs/rules.md#the-signed-in-shopper): what the guest lookup answers and what
// the confirmation page shows. It names the order by its human number only: no internal order
// id, no Stripe session, no Printful order, no cart line or provider variant ids.

const PREFIX_LETTERS = ORDER_NUMBER_PREFIX.replace(/-$/, '');
const TYPED_NUMBER = new RegExp(`^#?\\s*(?:${PREFIX_LETTERS}[\\s-]*)?(\\d+)$`);

/**
 * An order number as a shopper types it, in the form it is stored in: "10042", "#10042",
 * "cs10042" and "cs 10042" all name CS-10042. Anything else is left as typed (and checked).
 */
export function normaliseOrderNumber(typed: string): string {
  const trimmed = typed.trim().toUpperCase();
  const digits = TYPED_NUMBER.exec(trimmed)?.[1];
  return digits ? `${ORDER_NUMBER_PREFIX}${digits}` : trimmed;
}

/** POST /api/orders/lookup: the number from the confirmation e-mail and the address paid with. */
export const orderLookupBodySchema = z.object({
  number: z
    .string({ error: MESSAGES.orderNumberInvalid })
    .transform(normaliseOrderNumber)
    .pipe(
      z
        .string()
        .min(1, { error: MESSAGES.orderNumberInvalid })
        .max(ORDER_NUMBER_MAX_LENGTH, { error: MESSAGES.orderNumberInvalid })
        .regex(/^[A-Z0-9][A-Z0-9-]*$/, { error: MESSAGES.orderNumberInvalid }),
    ),
  email: z
    .string({ error: MESSAGES.orderLookupEmailInvalid })
    .trim()
    .max(QUOTE_EMAIL_MAX_LENGTH, { error: MESSAGES.orderLookupEmailInvalid })
    .pipe(z.email({ error: MESSAGES.orderLookupEmailInvalid })),
});
export type OrderLookupBody = z.infer<typeof orderLookupBodySchema>;

/** The key of the confirmation e-mail's link (`accessKey` on the order): 32 URL-safe characters. */
export const ORDER_ACCESS_KEY_PATTERN = /^[A-Za-z0-9_-]{32}$/;

const orderProofShape = orderLookupBodySchema.extend({
  email: orderLookupBodySchema.shape.email.optional(),
  key: z
    .string({ error: MESSAGES.orderLinkKeyInvalid })
    .regex(ORDER_ACCESS_KEY_PATTERN, {
      error: MESSAGES.orderLinkKeyInvalid,
    })
    .optional(),
});

/** Exactly one proof; none at all reads as the form's missing e-mail address. */
const oneProof = (body: { email?: string; key?: string; code?: string }) =>
  [body.email, body.key, body.code].filter((proof) => proof !== undefined).length === 1;

/**
 * The lookup's proof as the API takes it: the number with the e-mail address paid with (the form;
 * where the order stands only), with the key of the confirmation e-mail's link, or with the
 * one-time code e-mailed on request (docs/after-payment.md#who-may-change-an-order).
 */
export const orderLookupRequestSchema = orderProofShape
  .extend({
    code: z
      .string({ error: MESSAGES.orderCodeInvalid })
      .trim()
      .regex(/^\d{6}$/, { error: MESSAGES.orderCodeInvalid })
      .optional(),
  })
  .strict()
  .refine(oneProof, { error: MESSAGES.orderLookupEmailInvalid, path: ['email'] });
export type OrderLookupRequest = z.infer<typeof orderLookupRequestSchema>;

/** POST /api/orders/access-code: a one-time code for the number's order, e-mailed to its address. */
export const orderCodeRequestSchema = orderLookupBodySchema.strict();
export const orderCodeSentSchema = z.object({ message: z.string() });

/**
 * POST /api/orders/cancel: the order named as its buyer can name it, by the checkout session the
 * confirmation page holds or by its number and the e-mail link's key (number and e-mail address
 * are refused unless the signed-in shopper owns the order).
 */
export const orderCancelBodySchema = z.union([
  z.object({ sessionId: checkoutSessionIdSchema }).strict(),
  orderProofShape.strict().refine(oneProof, { error: MESSAGES.orderLookupEmailInvalid, path: ['email'] }),
]);
export type OrderCancelBody = z.infer<typeof orderCancelBodySchema>;

export const orderCancelResponseSchema = z.object({
  outcome: z.enum(['cancelled', 'requested']),
  /** What happened and what happens next, in one or two sentences. */
  message: z.string(),
});
export type OrderCancelResponse = z.infer<typeof orderCancelResponseSchema>;

export const trackingLinkSchema = z.object({
  carrier: z.string().nullable(),
  number: z.string(),
  url: z.string().nullable(),
});
export type TrackingLink = z.infer<typeof trackingLinkSchema>;

export const shopperOrderItemSchema = orderItemSchema.pick({
  productId: true,
  name: true,
  variantName: true,
  size: true,
  color: true,
  quantity: true,
  unitPrice: true,
  imageUrl: true,
});
export type ShopperOrderItem = z.infer<typeof shopperOrderItemSchema>;

export const shopperOrderSchema = z.object({
  number: z.string(),
  status: orderStatusSchema,
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  items: z.array(shopperOrderItemSchema),
  amounts: orderAmountsSchema.nullable(),
  totalPrice: z.number(),
  currency: currencyCodeSchema,
  refunded: z.number().nonnegative(),
  shippingMethod: shippingMethodSchema.pick({ name: true, promise: true }).nullable(),
  /** `none` before the print partner has it, then its status (draft, pending, inprocess, ...). */
  fulfilmentStatus: z.string(),
  tracking: z.array(trackingLinkSchema),
  /** `status` when named by number and e-mail only: no address, no e-mail, no change or cancel. */
  access: z.enum(['full', 'status']),
  /** Where the confirmation e-mail went. */
  email: z.string().nullable(),
  shippingAddress: shopperAddressSchema.nullable(),
  /** The team order this is the lead's purchase of, by its name (docs/rules.md#team-orders). */
  teamOrderTitle: z.string().optional(),
  secondChance: shopperSecondChanceSchema.optional(),
});
export type ShopperOrder = z.infer<typeof shopperOrderSchema>;

export const orderLookupResponseSchema = z.object({
  order: shopperOrderSchema,
  /** Answered to a right one-time code: the key of the order's e-mail link, so the page can act as the link does. */
  key: z.string().optional(),
});
export type OrderLookupResponse = z.infer<typeof orderLookupResponseSchema>;
