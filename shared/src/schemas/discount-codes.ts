import { z } from 'zod';
import { DISCOUNT_MAX_END_DAYS } from '../constants/index.js';
import { MESSAGES } from '../errors/index.js';
import { DISCOUNT_KINDS } from './discount.js';

// The studio's discount codes (docs/rules.md#what-a-merch-shopper-expects): the admin's new-code form and answers, and the
// stored documents of codes and of the uses checkouts reserve. What a shopper's cart carries is in
// discount.ts.

/**
 * What the studio's new-code form says of each wrong field: a sentence that starts with the
 * field's label as the form shows it, the same from the browser's check and from the API's.
 */
export const DISCOUNT_FIELD_MESSAGES = {
  code: 'Code: use 3 to 32 letters, digits or hyphens, without spaces, such as SUMMER-10',
  kind: 'Kind: choose percent off or amount off',
  value: 'Value: enter how much the code takes off',
  percent: 'Value: a percent discount is a whole number from 1 to 100',
  amount: 'Value: an amount off is in dollars and cents, above 0',
  minSubtotal: 'Minimum subtotal: enter dollars and cents above 0, or leave it empty',
  startsAt: 'Starts: enter a date, or leave it empty',
  endsAt: 'Ends after: enter a date, or leave it empty',
  endsBeforeStart: 'Ends after: choose a day after the start',
  endsInPast: 'Ends after: choose a day that has not passed',
  maxRedemptions: 'Redemption limit: enter a whole number from 1 to 1,000,000, or leave it empty',
} as const;
const M = DISCOUNT_FIELD_MESSAGES;

/** POST /api/admin/discounts */
export const createDiscountBodySchema = z
  .object({
    code: z
      .string({ error: M.code })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9-]{3,32}$/, { error: M.code }),
    kind: z.enum(DISCOUNT_KINDS, { error: M.kind }),
    /** Percent off (1 to 100) or dollars off (above 0). */
    value: z.number({ error: M.value }).positive({ error: M.value }),
    minSubtotal: z
      .number({ error: M.minSubtotal })
      .positive({ error: M.minSubtotal })
      .max(100_000, { error: M.minSubtotal })
      .multipleOf(0.01, { error: M.minSubtotal })
      .optional(),
    startsAt: z.iso.datetime({ offset: true, error: M.startsAt }).optional(),
    endsAt: z.iso.datetime({ offset: true, error: M.endsAt }).optional(),
    /** A day on the studio's calendar (YYYY-MM-DD): the code starts at that day's first moment there. */
    startsOn: z.iso.date({ error: M.startsAt }).optional(),
    /** A day on the studio's calendar (YYYY-MM-DD): the code runs to the end of that day there. */
    endsOn: z.iso.date({ error: M.endsAt }).optional(),
    maxRedemptions: z
      .number({ error: M.maxRedemptions })
      .int({ error: M.maxRedemptions })
      .min(1, { error: M.maxRedemptions })
      .max(1_000_000, { error: M.maxRedemptions })
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'percent' && (!Number.isInteger(body.value) || body.value < 1 || body.value > 100))
      ctx.addIssue({ code: 'custom', path: ['value'], message: M.percent });
    if (body.kind === 'amount' && (body.value > 100_000 || Math.round(body.value * 100) !== body.value * 100))
      ctx.addIssue({ code: 'custom', path: ['value'], message: M.amount });
    if (body.startsAt && body.startsOn)
      ctx.addIssue({ code: 'custom', path: ['startsOn'], message: 'Starts: give a day or a moment, not both' });
    if (body.endsAt && body.endsOn)
      ctx.addIssue({ code: 'custom', path: ['endsOn'], message: 'Ends after: give a day or a moment, not both' });
    if (body.startsAt && body.endsAt && Date.parse(body.endsAt) <= Date.parse(body.startsAt))
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: M.endsBeforeStart });
    // A code that has already ended could never be used (and Stripe refuses a past end date).
    if (body.endsAt && Date.parse(body.endsAt) <= Date.now())
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: M.endsInPast });
    // Stripe refuses a coupon ending more than 5 years ahead; said here before Stripe is asked.
    if (body.endsAt && Date.parse(body.endsAt) > Date.now() + DISCOUNT_MAX_END_DAYS * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: MESSAGES.discountEndTooFar });
  });
export type CreateDiscountBody = z.infer<typeof createDiscountBodySchema>;

/** PATCH /api/admin/discounts/:id */
export const updateDiscountBodySchema = z.object({ active: z.boolean() });
export const discountParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** The stored document `discounts/{id}`. */
export const discountDocSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  value: z.number(),
  minSubtotal: z.number().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxRedemptions: z.number().int().nullable(),
  /**
   * Uses of a limited code taken by open checkouts and paid orders together (see
   * `discountReservations`): a checkout takes one before its session opens, so no more sessions
   * than the limit can ever be paid. Absent on codes made before uses were reserved.
   */
  uses: z.number().int().nonnegative().optional(),
  active: z.boolean(),
  stripeCouponId: z.string(),
  stripePromotionCodeId: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  updatedAt: z.string(),
});
export type DiscountDoc = z.infer<typeof discountDocSchema>;

/** A code as the admin sees it: with the paid orders that used it. */
export const adminDiscountSchema = discountDocSchema.extend({
  redemptions: z.number().int().nonnegative(),
  /** The first and last day the code runs, on the studio's calendar (YYYY-MM-DD), as entered. */
  startsOn: z.string().nullable().optional(),
  endsOn: z.string().nullable().optional(),
});
export type AdminDiscount = z.infer<typeof adminDiscountSchema>;
export const adminDiscountResponseSchema = z.object({ discount: adminDiscountSchema });
/** A client locked out of trying codes again and again: someone is likely guessing codes. */
export const discountGuessAlertSchema = z.object({
  /** The client address as the rate limit keys it (an IPv6 client's /64). */
  client: z.string(),
  /** Lockouts in the last day. */
  lockouts: z.number().int().positive(),
  at: z.string(),
});
export type DiscountGuessAlert = z.infer<typeof discountGuessAlertSchema>;
export const adminDiscountListSchema = z.object({
  discounts: z.array(adminDiscountSchema),
  /** Newest first; absent from servers that keep none. */
  guessAlerts: z.array(discountGuessAlertSchema).optional(),
});

export const DISCOUNT_RESERVATION_STATUSES = ['held', 'redeemed', 'released'] as const;

/**
 * `discountReservations/{order id}`: one use of a limited code taken for one checkout. Held while
 * the session can be paid, redeemed once it is paid with the discount, released when it expires,
 * fails, is replaced or is paid without the discount.
 */
export const discountReservationDocSchema = z.object({
  code: z.string(),
  orderId: z.string(),
  /** The cart the checkout was opened for (`cartDiscounts` id), so its own use is not counted against it. */
  cart: z.string(),
  status: z.enum(DISCOUNT_RESERVATION_STATUSES),
  at: z.string(),
  updatedAt: z.string(),
  /** The client that opened the checkout (as the rate limit keys it): each holds only a few uses at once. */
  client: z.string().optional(),
  /** When the checkout lapses unpaid and the use comes back (its Stripe session's `expires_at`). */
  until: z.string().optional(),
});
export type DiscountReservationDoc = z.infer<typeof discountReservationDocSchema>;
