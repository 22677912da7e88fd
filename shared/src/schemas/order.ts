import { z } from 'zod';
import { CART_COLLECTIONS } from './cart-collections.js';
import { shippingDestinationSchema } from './shipping.js';

// Orders (collection `orders`, docs/contracts.md#collections and docs/contracts.md#http-api) and the checkout routes' shapes.
// An order is recorded as pending when its checkout session is created and moves on with the
// Stripe events the worker processes: paid, failed, expired, then shipped.

export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'expired', 'shipped', 'refunded'] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** Whose cart the order came from: a signed-in user's uid or a guest id. */
export const orderOwnerSchema = z.object({ kind: z.enum(['user', 'guest']), id: z.string().min(1) });
export type OrderOwner = z.infer<typeof orderOwnerSchema>;

const providerIdSchema = z.union([z.string(), z.number()]).nullable();

export const orderItemSchema = z.object({
  /** The cart line it was bought from. */
  lineId: z.string(),
  productId: z.string(),
  name: z.string(),
  variantName: z.string().nullable(),
  size: z.string(),
  color: z.string(),
  quantity: z.number().int().positive(),
  /** Price of one, in US dollars, as charged. */
  unitPrice: z.number().nonnegative(),
  imageUrl: z.string().nullable(),
  /** Printful sync variant (what a Printful order line names) and catalogue variant. */
  syncVariantId: providerIdSchema,
  catalogVariantId: providerIdSchema,
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const trackingSchema = z.object({
  carrier: z.string().nullable(),
  number: z.string(),
  url: z.string().nullable(),
  shippedAt: z.string(),
});
export type Tracking = z.infer<typeof trackingSchema>;

export const fulfilmentSchema = z.object({
  provider: z.literal('printful'),
  /** Printful's order id once the order exists there. */
  orderId: z.union([z.number(), z.string()]).nullable(),
  /**
   * The external_id of that Printful order when it is not the order id: an order placed again
   * after Printful cancelled it (printfulExternalIdFor).
   */
  externalId: z.string().max(32).optional(),
  /** `none` before a Printful order exists; then Printful's order status (draft, pending, ...). */
  status: z.string().min(1),
  tracking: trackingSchema.optional(),
  /** Printful's reason for a failure, hold, cancellation or return, shown to the studio. */
  reason: z.string().nullable().optional(),
  /** What Printful charges the studio for the order (its `costs.total`, US dollars), once placed. */
  cost: z.number().nonnegative().nullable().optional(),
});
export type Fulfilment = z.infer<typeof fulfilmentSchema>;

export const shippingRecipientSchema = z.object({
  name: z.string(),
  email: z.string().nullable(),
  address1: z.string(),
  address2: z.string().nullable(),
  city: z.string(),
  stateCode: z.string().nullable(),
  countryCode: z.string(),
  /** Null where the country has no mandatory postal code and the shopper gave none (an Irish Eircode). */
  zip: z.string().nullable(),
});
export type ShippingRecipient = z.infer<typeof shippingRecipientSchema>;

/** Where the order goes, as shown back to the shopper who paid for it. */
export const shopperAddressSchema = shippingRecipientSchema.omit({ email: true });
export type ShopperAddress = z.infer<typeof shopperAddressSchema>;

/** What Stripe actually charged, in US dollars (docs/rules.md#money-at-checkout). */
export const orderAmountsSchema = z.object({
  subtotal: z.number().nonnegative(),
  shipping: z.number().nonnegative(),
  tax: z.number().nonnegative(),
  /** Taken off by a discount code (docs/rules.md#what-a-merch-shopper-expects); absent on orders recorded before codes existed. */
  discount: z.number().nonnegative().optional(),
  total: z.number().nonnegative(),
  currency: z.literal('USD'),
});
export type OrderAmounts = z.infer<typeof orderAmountsSchema>;

/**
 * The shipping option the shopper paid for; `id` is Printful's shipping method id. The delivery
 * window quoted with it (business days from payment) lets the confirmation say when it arrives;
 * absent on orders recorded before it was kept.
 */
export const shippingMethodSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  minDeliveryDays: z.number().int().nonnegative().optional(),
  maxDeliveryDays: z.number().int().nonnegative().optional(),
  /** The delivery promise the shopper read at checkout and on the payment page ("Arrives ..."). */
  promise: z.string().optional(),
});
export type ShippingMethod = z.infer<typeof shippingMethodSchema>;

/** One Stripe refund of the order's payment (docs/rules.md#after-payment); amount in US dollars. */
export const orderRefundSchema = z.object({
  id: z.string(),
  amount: z.number().nonnegative(),
  status: z.string(),
  /** Stripe's reason for it, when it has one (requested_by_customer, duplicate, fraudulent...). */
  reason: z.string().optional(),
  /** The studio's note, for the studio only (docs/admin.md#refunds). */
  note: z.string().optional(),
  /** False when the studio chose not to e-mail the shopper about it; absent means they were told. */
  tellCustomer: z.literal(false).optional(),
});
export type OrderRefund = z.infer<typeof orderRefundSchema>;

/** One provider event applied to (or refused for) the order: the order's history for the studio. */
export const orderEventSchema = z.object({
  at: z.string(),
  source: z.enum(['stripe', 'printful', 'studio', 'shopper']),
  type: z.string(),
  /** The provider's event id when it has one, so a repeated delivery is recorded once. */
  eventId: z.string().nullable(),
  note: z.string().nullable(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

/**
 * The grace period before production (docs/after-payment.md#the-grace-period-before-production): the
 * paid order waits at Printful as a draft until `until`, then a scheduled job confirms it.
 */
export const orderHoldSchema = z.object({
  /** When the order goes to production unless it is cancelled first (ISO). */
  until: z.string(),
  /** When the order was released to Printful; null while it can still be cancelled. */
  releasedAt: z.string().nullable(),
});
export type OrderHold = z.infer<typeof orderHoldSchema>;

/**
 * The shopper's wish to cancel: `cancelled` within the grace period (refunded in full, nothing
 * made), or `requested` after it (the studio decides; `settledAt` once it has).
 */
export const orderCancellationSchema = z.object({
  kind: z.enum(['cancelled', 'requested']),
  at: z.string(),
  settledAt: z.string().nullable(),
  /** The studio's answer to a request: accepted (refunded in full) or declined (it is made); absent until then. */
  decision: z.enum(['accepted', 'declined']).optional(),
  /** Who answered it (the studio's e-mail). */
  decidedBy: z.string().optional(),
});
export type OrderCancellation = z.infer<typeof orderCancellationSchema>;

/**
 * One change the shopper made within the grace period (docs/after-payment.md#changing-an-order-within-the-grace-period):
 * a line's size or colour swapped, or the address corrected, with what it was and what it became.
 */
export const orderChangeRecordSchema = z.object({
  at: z.string(),
  /** The shopper, from the confirmation page, the order lookup or the e-mail's link. */
  by: z.literal('shopper'),
  via: z.enum(['confirmation', 'lookup', 'email-link']),
  kind: z.enum(['variant', 'address']),
  from: z.string(),
  to: z.string(),
  /** An address change's address before it: the change e-mail's undo link puts it back. */
  previousAddress: shippingRecipientSchema.optional(),
});
export type OrderChangeRecord = z.infer<typeof orderChangeRecordSchema>;

/** The stored order document `orders/{orderId}`. Timestamps are ISO strings. */
export const orderSchema = z.object({
  id: z.string(),
  /** Short human order number shown to shoppers and in e-mails (e.g. CS-10042). */
  number: z.string().optional(),
  status: orderStatusSchema,
  sessionId: z.string(),
  items: z.array(orderItemSchema),
  /** Null until Stripe reports what it charged. */
  amounts: orderAmountsSchema.nullable().optional(),
  shippingMethod: shippingMethodSchema.nullable().optional(),
  /** The team order the lead's cart was filled from (docs/rules.md#team-orders), when it was. */
  teamOrderId: z.uuid().optional(),
  /** That team order's name as it was at checkout, so the lead's pages and e-mails say whose order it is. */
  teamOrderTitle: z.string().optional(),
  /** The discount code the session carried (upper-case); redemptions count paid orders by it. */
  discountCode: z.string().nullable().optional(),
  refunds: z.array(orderRefundSchema).optional(),
  events: z.array(orderEventSchema).optional(),
  /** In US dollars; from the cart when pending, from what Stripe charged once paid. */
  totalPrice: z.number().nonnegative(),
  currency: z.literal('USD'),
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

/** POST /api/checkout/sessions: where to ship (required), both URLs optional and on the site's own origin. */
export const createCheckoutSessionBodySchema = z.object({
  shipping: shippingDestinationSchema,
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
  currency: z.literal('USD'),
  amounts: orderAmountsSchema.nullable(),
  shippingMethod: shippingMethodSchema.nullable(),
  fulfilment: fulfilmentSchema.pick({ provider: true, orderId: true, status: true }).extend({
    tracking: trackingSchema.omit({ shippedAt: true }).optional(),
  }),
  email: z.string().nullable(),
  shippingAddress: shopperAddressSchema.nullable(),
  /** When the payment was confirmed: the delivery window counts from it. */
  paidAt: z.string().nullable(),
  /** In US dollars, refunded so far: a part refund changes what the page says. */
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
