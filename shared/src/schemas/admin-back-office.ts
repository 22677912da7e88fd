import { z } from 'zod';
import { REFUND_NOTE_MAX } from '../constants/index.js';
import { MESSAGES } from '../errors/index.js';
import { adminOrderSchema } from './order-events.js';
import { currencySalesSchema } from './admin-home.js';
import { orderChangeRecordSchema, shippingMethodSchema, shippingRecipientSchema } from './order.js';

// The studio's back office (docs/rules.md#the-back-office): one order in full with its actions, and the sales
// and margin report. The quotes inbox's shapes live beside the quote (quote.ts).

/** GET /api/admin/orders/:id: the list's order plus where it ships and links to both providers. */
export const adminOrderDetailSchema = adminOrderSchema.extend({
  shipping: shippingRecipientSchema.nullable(),
  shippingMethod: shippingMethodSchema.nullable(),
  links: z.object({ stripe: z.string().nullable(), printful: z.string().nullable() }),
  /** Printful's charge for it, when placed: US dollars, whatever the order was paid in. */
  printfulCost: z.number().nullable(),
  /** What is left to refund, in the order's currency (docs/rules.md#local-prices). */
  refundable: z.number().nonnegative(),
  /** The shopper's changes within the grace period, oldest first (docs/after-payment.md#changing-an-order-within-the-grace-period). */
  changes: z.array(orderChangeRecordSchema),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

export const adminOrderParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[\w-]+$/),
});

/** Stripe's own refund reasons (a refund's `reason`), in the order the dialog offers them. */
export const REFUND_REASONS = ['requested_by_customer', 'duplicate', 'fraudulent'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
export const REFUND_REASON_LABELS: Record<RefundReason, string> = {
  requested_by_customer: 'Requested by the customer',
  duplicate: 'Duplicate payment',
  fraudulent: 'Fraudulent',
};

const cents = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/**
 * POST /api/admin/orders/:id/refund: a part (US dollars, cents at most) or, without amount, all
 * that is left; Stripe's reason (default: requested by the customer), the studio's note kept on
 * the order, and whether the shopper is e-mailed about it (default: yes). Each wrong field is
 * answered with a sentence naming it.
 */
export const refundRequestSchema = z
  .object({
    amount: z
      .number({ error: MESSAGES.refundAmountInvalid })
      .positive({ error: MESSAGES.refundAmountInvalid })
      .max(1_000_000, { error: MESSAGES.refundAmountInvalid })
      .refine(cents, { error: MESSAGES.refundAmountInvalid })
      .optional(),
    reason: z.enum(REFUND_REASONS, { error: MESSAGES.refundReasonInvalid }).optional(),
    note: z
      .string({ error: MESSAGES.refundNoteTooLong(REFUND_NOTE_MAX) })
      .trim()
      .max(REFUND_NOTE_MAX, { error: MESSAGES.refundNoteTooLong(REFUND_NOTE_MAX) })
      .optional(),
    tellCustomer: z.boolean({ error: MESSAGES.refundTellCustomerInvalid }).optional(),
  })
  .nullish()
  .transform((body) => body ?? {});
export type RefundRequest = z.infer<typeof refundRequestSchema>;
export const refundAcceptedSchema = z.object({
  refund: z.object({ id: z.string(), amount: z.number(), status: z.string() }),
});
export type RefundAccepted = z.infer<typeof refundAcceptedSchema>;
export const resendAcceptedSchema = z.object({ queued: z.literal(true), jobId: z.string() });

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
export const monthSchema = z.string().regex(MONTH, { error: 'expected a month as YYYY-MM' });

/** GET /api/admin/reports/sales?from=YYYY-MM&to=YYYY-MM[&format=csv] */
export const salesReportQuerySchema = z.object({
  from: monthSchema.optional(),
  to: monthSchema.optional(),
  format: z.enum(['json', 'csv']).default('json'),
});
export type SalesReportQuery = z.infer<typeof salesReportQuerySchema>;

/** One month of paid orders, every amount in US dollars (docs/operations.md#operating-the-shop-from-the-admin). */
export const salesMonthSchema = z.object({
  month: z.string(),
  orders: z.number().int().nonnegative(),
  units: z.number().int().nonnegative(),
  revenue: z.number(),
  shipping: z.number(),
  tax: z.number(),
  discounts: z.number(),
  refunds: z.number(),
  printfulCost: z.number(),
  stripeFees: z.number(),
  net: z.number(),
});
export type SalesMonth = z.infer<typeof salesMonthSchema>;
export const SALES_MONTH_FIELDS = [
  'month',
  'orders',
  'units',
  'revenue',
  'shipping',
  'tax',
  'discounts',
  'refunds',
  'printfulCost',
  'stripeFees',
  'net',
] as const satisfies ReadonlyArray<keyof SalesMonth>;
/**
 * Orders paid from a cart the abandoned-checkout e-mail brought back (docs/recovery.md), in the
 * report's months, and their revenue as the months count it.
 */
export const recoveredSalesSchema = z.object({
  orders: z.number().int().nonnegative(),
  revenue: z.number(),
});
export type RecoveredSales = z.infer<typeof recoveredSalesSchema>;
export const salesReportSchema = z.object({
  months: z.array(salesMonthSchema),
  recovered: recoveredSalesSchema.optional(),
  /** What was paid in each currency over the range, with its US-dollar equivalent (docs/rules.md#local-prices). */
  byCurrency: z.array(currencySalesSchema).optional(),
});
export type SalesReport = z.infer<typeof salesReportSchema>;
/** The longest range one report covers. */
export const SALES_REPORT_MAX_MONTHS = 36;
