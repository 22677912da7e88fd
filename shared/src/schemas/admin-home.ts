import { z } from 'zod';
import { currencyCodeSchema } from './currency-code.js';
import { accountOrderSchema } from './order-events.js';
import { adminQuoteSchema } from './quote.js';

// The studio's admin home (/admin) and its customer pages: what the shop did today and this
// month, what waits on the studio, and who bought what.

/**
 * What was paid in one currency (docs/rules.md#local-prices): its own amount (major units, as
 * Stripe charged it) and that amount in US dollars at each order's rate.
 */
export const currencySalesSchema = z.object({
  currency: currencyCodeSchema,
  orders: z.number().int().nonnegative(),
  paid: z.number(),
  usd: z.number(),
});
export type CurrencySales = z.infer<typeof currencySalesSchema>;

/**
 * Sales over a period in the studio's time zone, in US dollars. The headline nets refunds, as a
 * shop's "total sales" does: `orders` leaves out orders refunded in full (counted in `refunded`),
 * `revenue` is what shoppers paid less what was given back; net is after refunds, tax, Printful and fees.
 */
export const salesFiguresSchema = z.object({
  orders: z.number().int().nonnegative(),
  revenue: z.number(),
  net: z.number(),
  /** Orders of the period refunded in full (cancelled within the grace period, or by the studio). */
  refunded: z.number().int().nonnegative(),
  /** Per currency paid in, US dollars first; present once a sale was paid in another currency. */
  byCurrency: z.array(currencySalesSchema).optional(),
});
export type SalesFigures = z.infer<typeof salesFiguresSchema>;

/** GET /api/admin/home */
export const adminHomeSchema = z.object({
  /** The studio's IANA time zone in which "today" and "this month" are counted. */
  timeZone: z.string(),
  /** The studio's date today (YYYY-MM-DD) and month (YYYY-MM). */
  date: z.string(),
  month: z.string(),
  today: salesFiguresSchema,
  thisMonth: salesFiguresSchema,
  waiting: z.object({
    held: z.number().int().nonnegative(),
    failed: z.number().int().nonnegative(),
    returned: z.number().int().nonnegative(),
    /** Shoppers who asked to cancel after the grace period (docs/after-payment.md#the-grace-period-before-production). */
    'cancel-requested': z.number().int().nonnegative(),
  }),
  newQuotes: z.number().int().nonnegative(),
  sync: z.object({
    /** The last sync's state (completed, failed, active...) or null when none has run. */
    state: z.string().nullable(),
    /** When it finished or, if still running, started. */
    at: z.string().nullable(),
    /** Why it failed, in words. */
    problem: z.string().nullable(),
  }),
  /** Variants not on sale because their price is below what Printful charges. */
  belowCost: z.number().int().nonnegative(),
});
export type AdminHome = z.infer<typeof adminHomeSchema>;

export const customerSummarySchema = z.object({
  key: z.string(),
  kind: z.enum(['account', 'guest']),
  name: z.string().nullable(),
  email: z.string().nullable(),
  orders: z.number().int().nonnegative(),
  spent: z.number(),
  firstOrderAt: z.string(),
  lastOrderAt: z.string(),
});
export type CustomerSummaryView = z.infer<typeof customerSummarySchema>;

/** GET /api/admin/customers?q= */
export const adminCustomersQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
});
export const adminCustomersResponseSchema = z.object({ customers: z.array(customerSummarySchema) });
export type AdminCustomersResponse = z.infer<typeof adminCustomersResponseSchema>;

export const adminCustomerParamsSchema = z.object({ key: z.string().min(3).max(400) });

/** GET /api/admin/customers/:key: one customer with their orders and quotes. */
export const adminCustomerSchema = z.object({
  customer: customerSummarySchema.extend({
    /** Every e-mail address their orders and quotes used. */
    emails: z.array(z.string()),
  }),
  orders: z.array(
    accountOrderSchema.pick({
      id: true,
      number: true,
      status: true,
      createdAt: true,
      totalPrice: true,
      currency: true,
      refunded: true,
      fulfilmentStatus: true,
    }),
  ),
  quotes: z.array(adminQuoteSchema.pick({ id: true, createdAt: true, status: true, services: true, budget: true })),
});
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;
