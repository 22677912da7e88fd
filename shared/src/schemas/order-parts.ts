import { z } from 'zod';
import { currencyCodeSchema } from './currency-code.js';

// The parts of an order document (docs/contracts.md#collections): its lines, money, fulfilment,
// refunds, history and the grace period's records. The order itself is in order.ts.

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
  /** Price of one as charged, in the order's currency (major units). */
  unitPrice: z.number().nonnegative(),
  /**
   * Price of one in US dollars, the catalogue's, when the order was paid in another currency
   * (docs/rules.md#local-prices): what a size swap and Printful's retail price compare with.
   */
  unitPriceUsd: z.number().nonnegative().optional(),
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

/**
 * What Stripe actually charged (docs/rules.md#money-at-checkout), in `currency`'s major units: the
 * currency the shopper paid in (docs/rules.md#local-prices); orders from before local prices say USD.
 */
export const orderAmountsSchema = z.object({
  subtotal: z.number().nonnegative(),
  shipping: z.number().nonnegative(),
  tax: z.number().nonnegative(),
  /** Taken off by a discount code (docs/rules.md#what-a-merch-shopper-expects); absent on orders recorded before codes existed. */
  discount: z.number().nonnegative().optional(),
  total: z.number().nonnegative(),
  currency: currencyCodeSchema,
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

/** One Stripe refund of the order's payment (docs/rules.md#after-payment); amount in the order's currency. */
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
