import { z } from 'zod';
import { SHIPPING_COUNTRIES } from '../constants/index.js';
import { MESSAGES } from '../errors/index.js';

// Where an order ships and what shipping costs (DESIGN.md 12.1): the destination the cart page
// asks for, and the options GET /api/cart/shipping-rates answers and checkout offers on Stripe.

/** Printful needs a state for these countries (reference/providers-commerce.md A1). */
export const STATE_REQUIRED_COUNTRIES = ['US', 'CA', 'AU'] as const;
export const SHIPPING_OPTIONS_MAX = 5;

export function needsState(country: string): boolean {
  return (STATE_REQUIRED_COUNTRIES as readonly string[]).includes(country);
}

const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(max).optional(),
  );

export const shippingDestinationSchema = z
  .object(
    {
      country: z
        .string({ error: MESSAGES.shippingCountryUnsupported })
        .trim()
        .toUpperCase()
        .refine((c) => (SHIPPING_COUNTRIES as readonly string[]).includes(c), MESSAGES.shippingCountryUnsupported),
      state: optionalText(3)
        .transform((s) => s?.toUpperCase())
        .refine(
          (s) => s === undefined || /^[A-Z0-9]{1,3}$/.test(s),
          'A state is a code of 1 to 3 letters or digits, such as CA',
        ),
      zip: optionalText(12).refine(
        (z) => z === undefined || /^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/.test(z),
        'A postal code is 2 to 12 letters, digits, spaces or dashes',
      ),
    },
    { error: MESSAGES.shippingRequired },
  )
  .superRefine((d, ctx) => {
    if (needsState(d.country) && !d.state)
      ctx.addIssue({ code: 'custom', path: ['state'], message: MESSAGES.shippingStateRequired(d.country) });
  });
export type ShippingDestination = z.infer<typeof shippingDestinationSchema>;

export const shippingOptionSchema = z.object({
  /** Printful's shipping method id (STANDARD, ...), what the Printful order is sent with. */
  id: z.string().min(1),
  name: z.string(),
  /** In US dollars. */
  amount: z.number().nonnegative(),
  currency: z.literal('USD'),
  minDeliveryDays: z.number().int().optional(),
  maxDeliveryDays: z.number().int().optional(),
});
export type ShippingOption = z.infer<typeof shippingOptionSchema>;

/** GET /api/cart/shipping-rates: cheapest first, at most 5. */
export const shippingRatesResponseSchema = z.object({
  destination: z.object({ country: z.string(), state: z.string().optional(), zip: z.string().optional() }),
  options: z.array(shippingOptionSchema).max(SHIPPING_OPTIONS_MAX),
  source: z.enum(['printful', 'flat-rate']),
});
export type ShippingRatesResponse = z.infer<typeof shippingRatesResponseSchema>;
