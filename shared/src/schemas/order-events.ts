import { z } from 'zod';
import { currencyCodeSchema } from './currency-code.js';
import {
  orderAmountsSchema,
  orderEventSchema,
  orderItemSchema,
  orderRefundSchema,
  orderStatusSchema,
  shippingMethodSchema,
  shopperAddressSchema,
  shopperSecondChanceSchema,
} from './order.js';
import { trackingLinkSchema } from './order-lookup.js';

// What happens to an order after payment (docs/rules.md#after-payment): the `orders` jobs that carry provider
// events to the worker, the notification jobs they cause, and the order lists of the shopper's
// account page and the studio's admin screen.

/** Printful order webhooks the worker applies to an order (docs/providers.md#printful-orders). */
export const PRINTFUL_ORDER_EVENT_TYPES = [
  'package_shipped',
  'package_returned',
  'order_failed',
  'order_canceled',
  'order_put_hold',
  'order_remove_hold',
] as const;
export type PrintfulOrderEventType = (typeof PRINTFUL_ORDER_EVENT_TYPES)[number];

/** Stripe refund and dispute events (docs/providers.md#stripe-refunds-and-disputes). */
export const STRIPE_PAYMENT_EVENT_TYPES = [
  'charge.refunded',
  'refund.created',
  'refund.updated',
  'charge.dispute.created',
] as const;
export type StripePaymentEventType = (typeof STRIPE_PAYMENT_EVENT_TYPES)[number];

export const printfulShipmentSchema = z.object({
  /** Printful's shipment id, when the event carries one; a shipment is one fact for the e-mails. */
  id: z.string().nullish(),
  carrier: z.string().nullable(),
  number: z.string(),
  /** Already reduced to an http(s) URL or null. */
  url: z.string().nullable(),
  shippedAt: z.string().nullable(),
});
export type PrintfulShipment = z.infer<typeof printfulShipmentSchema>;

/** Data of an `orders` job for one Printful order webhook delivery. */
export const printfulOrderEventJobDataSchema = z.object({
  /** Names the delivery (Printful v1 has no event id); retries of it carry the same one. */
  deliveryId: z.string().min(1),
  type: z.enum(PRINTFUL_ORDER_EVENT_TYPES),
  /** The webhook's `created` (unix seconds). */
  created: z.number().int().nonnegative(),
  /** `data.order.external_id`: our order id for orders this shop placed. */
  externalId: z.string().min(1),
  printfulOrderId: z.union([z.number(), z.string()]).nullable(),
  /** Printful's order status as the event reports it. */
  printfulStatus: z.string().nullable(),
  reason: z.string().nullable(),
  shipment: printfulShipmentSchema.nullable(),
});
export type PrintfulOrderEventJobData = z.infer<typeof printfulOrderEventJobDataSchema>;

/** Data of an `orders` job for one Stripe refund or dispute event; the worker re-reads Stripe. */
export const paymentEventJobDataSchema = z.object({
  eventId: z.string().min(1),
  eventType: z.enum(STRIPE_PAYMENT_EVENT_TYPES),
  /** The event's object id (ch_, re_ or dp_). */
  objectId: z.string().min(1),
  /** Only a pointer: the order is found from what Stripe answers for it, never from the event. */
  paymentIntent: z.string().nullable(),
  eventCreated: z.number().int(),
});
export type PaymentEventJobData = z.infer<typeof paymentEventJobDataSchema>;

/** Data of the `orders` job the studio's retry button adds. */
export const retryFulfilmentJobDataSchema = z.object({
  orderId: z.string().min(1),
  requestedBy: z.string(),
  requestedAt: z.string(),
});
export type RetryFulfilmentJobData = z.infer<typeof retryFulfilmentJobDataSchema>;

export const ORDER_ALERT_KINDS = [
  'refunded',
  'fulfilment-failed',
  'fulfilment-canceled',
  'fulfilment-on-hold',
  'fulfilment-repriced',
  'package-returned',
  'dispute',
  'cancel-impossible',
  'shipping-mismatch',
  'cancelled-in-grace',
  'cancel-requested',
  'order-changed',
  'cancel-accepted',
  'cancel-declined',
  // A held or failed order the studio sent to print after all (retry fulfilment): the shopper was told it was held.
  'hold-released',
] as const;
export type OrderAlertKind = (typeof ORDER_ALERT_KINDS)[number];

/** Data of the shopper's and the studio's after-payment e-mails. */
export const orderAlertJobDataSchema = z.object({
  orderId: z.string().min(1),
  kind: z.enum(ORDER_ALERT_KINDS),
  /** What the provider said (Printful's reason, the refunded amount, the dispute's reason). */
  note: z.string().nullable(),
  /** The refund (re_...) an e-mail to the shopper is about. */
  refundId: z.string().nullable().optional(),
});
export type OrderAlertJobData = z.infer<typeof orderAlertJobDataSchema>;

/** One order in GET /api/orders: what the shopper may see of their own order. */
export const accountOrderSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  status: orderStatusSchema,
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  items: z.array(orderItemSchema.omit({ syncVariantId: true, catalogVariantId: true })),
  amounts: orderAmountsSchema.nullable(),
  totalPrice: z.number(),
  currency: currencyCodeSchema,
  refunded: z.number().nonnegative(),
  fulfilmentStatus: z.string(),
  tracking: z.array(trackingLinkSchema),
  // The history shows where each order went and how (docs/rules.md#the-signed-in-shopper); without them in the schema
  // the answer and the page's parse dropped them.
  shippingMethod: shippingMethodSchema.pick({ name: true, promise: true }).nullable(),
  email: z.string().nullable(),
  shippingAddress: shopperAddressSchema.nullable(),
  /** The team order this is the lead's purchase of, by its name (docs/rules.md#team-orders). */
  teamOrderTitle: z.string().optional(),
  secondChance: shopperSecondChanceSchema.optional(),
});
export type AccountOrder = z.infer<typeof accountOrderSchema>;
export const accountOrdersResponseSchema = z.object({ orders: z.array(accountOrderSchema) });
export type AccountOrdersResponse = z.infer<typeof accountOrdersResponseSchema>;

/** One order in GET /api/admin/orders: everything the studio needs to act on it. */
export const adminOrderSchema = accountOrderSchema.extend({
  owner: z.object({ kind: z.enum(['user', 'guest']), id: z.string() }),
  customerEmail: z.string().nullable(),
  /** The name the order ships to. */
  customerName: z.string().nullable(),
  stripeSessionId: z.string(),
  printfulOrderId: z.union([z.number(), z.string()]).nullable(),
  fulfilmentReason: z.string().nullable(),
  refunds: z.array(orderRefundSchema),
  events: z.array(orderEventSchema),
  /** Whether the retry button applies (a paid order whose Printful order failed or is missing). */
  canRetryFulfilment: z.boolean(),
  /** The discount code the order was paid with (docs/rules.md#what-a-merch-shopper-expects). */
  discountCode: z.string().nullable().optional(),
  /** The grace period's end while the order waits to go to print (the studio can end or extend it); null otherwise. */
  holdUntil: z.string().nullable().optional(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;
/** What a paid order may wait on the studio for (shared/domain/order's orderAttention). */
export const ORDER_ATTENTION_KINDS = ['held', 'failed', 'returned', 'cancel-requested'] as const;
export const orderAttentionSchema = z.enum(ORDER_ATTENTION_KINDS);

export const adminOrdersQuerySchema = z.object({
  status: orderStatusSchema.optional(),
  /** Only the orders waiting on the studio for this. */
  attention: orderAttentionSchema.optional(),
  /** Placed on or after this day / up to and including this day (YYYY-MM-DD, the studio's days). */
  from: z.iso.date({ error: 'From: enter a date' }).optional(),
  to: z.iso.date({ error: 'To: enter a date' }).optional(),
  /** Part of the order number, the e-mail or the name, in any case. */
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const adminOrdersResponseSchema = z.object({ orders: z.array(adminOrderSchema) });
export type AdminOrdersResponse = z.infer<typeof adminOrdersResponseSchema>;
/** POST /api/admin/orders/:id/hold: more minutes of grace period before the order goes to print. */
export const extendHoldBodySchema = z.object({
  minutes: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60),
});
/** The studio's "confirm now" and "extend hold": the hold's new end, and its release job. */
export const holdChangedResponseSchema = z.object({ holdUntil: z.string(), jobId: z.string() });
export type HoldChangedResponse = z.infer<typeof holdChangedResponseSchema>;

export const retryFulfilmentResponseSchema = z.object({ queued: z.literal(true), jobId: z.string() });
