import { z } from 'zod';
import { adminOrderSchema } from './order-events.js';
import { shippingMethodSchema, shippingRecipientSchema } from './order.js';

// The studio's back office (docs/rules.md#the-back-office): one order in full with its actions, and the sales
// and margin report. The quotes inbox's shapes live beside the quote (quote.ts).

/** GET /api/admin/orders/:id: the list's order plus where it ships and links to both providers. */
export const adminOrderDetailSchema = adminOrderSchema.extend({
  shipping: shippingRecipientSchema.nullable(),
  shippingMethod: shippingMethodSchema.nullable(),
  links: z.object({ stripe: z.string().nullable(), printful: z.string().nullable() }),
  /** Printful's charge for it, when placed. */
  printfulCost: z.number().nullable(),
  /** What is left to refund, in US dollars. */
  refundable: z.number().nonnegative(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

export const adminOrderParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[\w-]+$/),
});

/** POST /api/admin/orders/:id/refund: a part (US dollars, cents at most) or, without amount, all that is left. */
export const refundRequestSchema = z
  .object({
    amount: z
      .number()
      .positive()
      .max(1_000_000)
      .refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, {
        error: 'amount: at most two decimals (US dollars and cents)',
      })
      .optional(),
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
export const salesReportSchema = z.object({ months: z.array(salesMonthSchema) });
export type SalesReport = z.infer<typeof salesReportSchema>;
/** The longest range one report covers. */
export const SALES_REPORT_MAX_MONTHS = 36;
