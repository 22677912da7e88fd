import { z } from 'zod';
import { CART_COLLECTIONS } from './cart-collections.js';
import { shippingDestinationSchema, shippingOptionIdSchema } from './shipping.js';
import { currencyCodeSchema } from './currency-code.js';
import {
  fulfilmentSchema,
  orderAmountsSchema,
  orderCancellationSchema,
  orderChangeRecordSchema,
  orderEventSchema,
  orderHoldSchema,
  orderItemSchema,
  orderRefundSchema,
  shippingMethodSchema,
  shippingRecipientSchema,
  shopperAddressSchema,
  trackingSchema,
} from './order-parts.js';

// Orders (collection `orders`, docs/contracts.md#collections and docs/contracts.md#http-api) and the checkout routes' shapes.
// An order is recorded as pending when its checkout session is created and moves on with the
// Stripe events the worker processes: paid, failed, expired, then shipped.

export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'expired', 'shipped', 'refunded'] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** Whose cart the order came from: a signed-in user's uid or a guest id. */
export const orderOwnerSchema = z.object({ kind: z.enum(['user', 'guest']), id: z.string().min(1) });
export type OrderOwner = z.infer<typeof orderOwnerSchema>;

export * from './order-parts.js';

/** The stored order document `orders/{orderId}`. Timestamps are ISO strings. */
export const orderSchema = z.object({
  id: z.string(),
  /** Short human order number shown to shoppers and in e-mails (e.g. CS-10042). */
  number: z.string().optional(),
  status: orderStatusSchema,
  sessionId: z.string(),
  items: z.array(orderItemSchema),
  /** Null until Stripe reports what it charged; in the order's currency. */
  amounts: orderAmountsSchema.nullable().optional(),
  /** The same figures in US dollars at `exchangeRate`, for reports; absent on a US-dollar order. */
  amountsUsd: orderAmountsSchema.nullable().optional(),
  /** Units of the order's currency per US dollar at checkout (docs/rules.md#local-prices); absent for USD. */
  exchangeRate: z.number().positive().optional(),
  shippingMethod: shippingMethodSchema.nullable().optional(),
  /** The team order the lead's cart was filled from (docs/rules.md#team-orders), when it was. */
  teamOrderId: z.uuid().optional(),
  /** That team order's name as it was at checkout, so the lead's pages and e-mails say whose order it is. */
  teamOrderTitle: z.string().optional(),
  /** The discount code the session carried (upper-case); redemptions count paid orders by it. */
  discountCode: z.string().nullable().optional(),
  refunds: z.array(orderRefundSchema).optional(),
  events: z.array(orderEventSchema).optional(),
  /** In the order's currency; from the cart when pending, from what Stripe charged once paid. */
  totalPrice: z.number().nonnegative(),
  /** What the shopper paid in (docs/rules.md#local-prices); orders from before local prices are USD. */
  currency: currencyCodeSchema.default('USD'),
  owner: orderOwnerSchema,
  /** The cart it was checked out from, and that cart's revision at checkout. */
  cart: z.object({
    collection: z.enum([CART_COLLECTIONS.user, CART_COLLECTIONS.guest]),
    id: z.string(),
    revision: z.number().int().nonnegative(),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
  paidAt: z.string().nullable(),
  customerEmail: z.string().nullable(),
  shipping: shippingRecipientSchema.nullable(),
  fulfilment: fulfilmentSchema,
  /** Absent on orders confirmed at once (ORDER_GRACE_MINUTES=0, or paid before the grace period existed). */
  hold: orderHoldSchema.nullable().optional(),
  cancellation: orderCancellationSchema.nullable().optional(),
  /** The shopper's changes within the grace period, oldest first. */
  changes: z.array(orderChangeRecordSchema).optional(),
  /**
   * The random key of the confirmation e-mail's link: with the order number it opens the order
   * without an account, as the number and e-mail address do. Set when the hold starts.
   */
  accessKey: z.string().optional(),
  /** Fulfilment steps already done, so a retried or duplicated job skips them. */
  steps: z.object({
    cartCleared: z.boolean(),
    confirmationQueued: z.boolean(),
    shippedNoticeQueued: z.boolean(),
  }),
});
export type Order = z.infer<typeof orderSchema>;

/** Stripe Checkout Session ids: hard to guess, so enough to read that one order's status. */
export const checkoutSessionIdSchema = z.string().regex(/^cs_(test|live)_[A-Za-z0-9]{10,250}$/, {
  error: 'Expected a Stripe Checkout Session id such as cs_test_...',
});

/**
 * POST /api/checkout/sessions: where to ship (required), the shipping option the shopper picked
 * (optional: the cheapest otherwise; the server prices it from its own quote), both URLs optional
 * and on the site's own origin. Anything else in the body (an amount, say) is dropped unread.
 */
export const createCheckoutSessionBodySchema = z.object({
  shipping: shippingDestinationSchema,
  shippingOption: shippingOptionIdSchema.optional(),
  successUrl: z.url().max(2000).optional(),
  cancelUrl: z.url().max(2000).optional(),
});
export type CreateCheckoutSessionBody = z.infer<typeof createCheckoutSessionBodySchema>;

export const checkoutSessionResponseSchema = z.object({ id: z.string(), url: z.url() });
export type CheckoutSessionResponse = z.infer<typeof checkoutSessionResponseSchema>;

/**
 * What the shopper may still do about a paid order: until when it can be cancelled (null once it
 * has gone to production), and whether it was cancelled or a cancellation asked of the studio.
 */
/** A size and colour a held line could be swapped to: another sellable variant of the same product. */
export const lineChoiceSchema = z.object({
  size: z.string(),
  color: z.string(),
  /** Price of one, in US dollars, as sold now. */
  price: z.number().nonnegative(),
  /** Only a choice at the price paid can be swapped to; another price means cancelling and ordering again. */
  samePrice: z.boolean(),
});
export type LineChoice = z.infer<typeof lineChoiceSchema>;

export const shopperSecondChanceSchema = z.object({
  changeableUntil: z.string().nullable(),
  cancellation: z.enum(['cancelled', 'requested']).nullable(),
  /** How many changes the order has had: a change is sent with it, so two at once cannot both apply. */
  changes: z.number().int().nonnegative().optional(),
  /** The studio's answer to a request to cancel, once it has one. */
  decision: z.enum(['accepted', 'declined']).nullable().optional(),
  /** While it can be changed: for each line (by position), the other sizes and colours on sale now. */
  lineChoices: z.array(z.array(lineChoiceSchema)).optional(),
});
export type ShopperSecondChance = z.infer<typeof shopperSecondChanceSchema>;

/**
 * GET /api/orders/by-session/:sessionId: what the confirmation page shows. The session id comes
 * back only to the browser that paid (Stripe's redirect), so it also reads where the order goes
 * and where its e-mail went.
 */
export const orderStatusResponseSchema = z.object({
  id: z.string(),
  number: z.string().optional(),
  status: orderStatusSchema,
  items: z.array(orderItemSchema.omit({ syncVariantId: true, catalogVariantId: true })),
  totalPrice: z.number(),
  currency: currencyCodeSchema,
  amounts: orderAmountsSchema.nullable(),
  shippingMethod: shippingMethodSchema.nullable(),
  fulfilment: fulfilmentSchema.pick({ provider: true, orderId: true, status: true }).extend({
    tracking: trackingSchema.omit({ shippedAt: true }).optional(),
  }),
  email: z.string().nullable(),
  shippingAddress: shopperAddressSchema.nullable(),
  /** When the payment was confirmed: the delivery window counts from it. */
  paidAt: z.string().nullable(),
  /** In the order's currency, refunded so far: a part refund changes what the page says. */
  refunded: z.number().nonnegative().optional(),
  /** The team order this is the lead's purchase of, by its name. */
  teamOrderTitle: z.string().optional(),
  secondChance: shopperSecondChanceSchema.optional(),
});
export type OrderStatusResponse = z.infer<typeof orderStatusResponseSchema>;

/** Data of the `orders` queue's grace-period jobs: release (confirm at Printful) and cancel. */
export const orderGraceJobDataSchema = z.object({ orderId: z.string().min(1) });
export type OrderGraceJobData = z.infer<typeof orderGraceJobDataSchema>;

/** Data of an `orders` job (one per Stripe event); the worker re-reads the session from Stripe. */
export const orderJobDataSchema = z.object({
  eventId: z.string(),
  eventType: z.string(),
  sessionId: z.string(),
  /** From the session's metadata; null for a session this shop did not create. */
  orderId: z.string().nullable(),
  /** The event's creation time (unix seconds). */
  eventCreated: z.number().int(),
});
export type OrderJobData = z.infer<typeof orderJobDataSchema>;

/** Data of the `order-confirmation` and `order-shipped` notification jobs. */
export const orderNotificationJobDataSchema = z.object({ orderId: z.string() });
export type OrderNotificationJobData = z.infer<typeof orderNotificationJobDataSchema>;
