import { z } from 'zod';

// Discount codes (docs/rules.md#what-a-merch-shopper-expects): the studio makes them, shoppers apply one to their cart, and
// Stripe holds each as a coupon with a promotion code. Money is in US dollars, as in the cart.
// Here what a shopper's cart carries; the admin's form, its answers and the stored codes are in
// discount-codes.ts, so a shopper's page never builds their schemas (each costs a phone's main
// thread at start-up).

/** 3 to 32 of A-Z, 0-9 and '-'; shoppers may type it in any case, so it is stored upper-case. */
export const discountCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{3,32}$/, 'A code is 3 to 32 letters, digits or hyphens');

export const DISCOUNT_KINDS = ['percent', 'amount'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** PUT /api/cart/discount */
export const applyDiscountBodySchema = z.object({ code: z.string().max(200) });

/**
 * Why a code the cart carries no longer applies: the refusal checkout would answer for it (404
 * not-found when it expired, was switched off or used up; 409 aborted below its minimum or the
 * margin), with the same message.
 */
export const cartDiscountRefusalSchema = z.object({
  code: z.enum(['not-found', 'aborted']),
  message: z.string(),
});
export type CartDiscountRefusal = z.infer<typeof cartDiscountRefusalSchema>;

/**
 * The code applied to a cart and what it takes off the items, in dollars. When the cart or the
 * code changed so that it no longer applies, `amountOff` is 0 and `refusal` says why; the code
 * stays with the cart and applies again once the cart qualifies.
 */
export const cartDiscountSchema = z.object({
  code: z.string(),
  amountOff: z.number().nonnegative(),
  refusal: cartDiscountRefusalSchema.optional(),
});
export type CartDiscount = z.infer<typeof cartDiscountSchema>;

/** `cartDiscounts/{cart collection}:{cart id}`: the code a cart carries until removed or bought. */
export const cartDiscountDocSchema = z.object({ code: z.string(), appliedAt: z.string() });
