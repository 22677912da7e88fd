import { z } from 'zod';
import { currencyCodeSchema } from './currency-code.js';
import { POSTAL_CODE_OPTIONAL_COUNTRIES, SHIPPING_COUNTRIES } from '../constants/index.js';
import { MESSAGES } from '../errors/index.js';
import { subdivisionCode } from './subdivisions.js';

// Where an order ships and what shipping costs (docs/rules.md#money-at-checkout): the destination the cart page
// asks for, and the options GET /api/cart/shipping-rates answers and checkout offers on Stripe.

/** Printful needs a state for these countries (docs/providers.md#printful-shipping-rates). */
export const STATE_REQUIRED_COUNTRIES = ['US', 'CA', 'AU'] as const;
export const SHIPPING_OPTIONS_MAX = 5;
/** A quoted option's id (Printful's method id, such as STANDARD or PRINTFUL_FAST) is far shorter. */
export const SHIPPING_OPTION_ID_MAX = 64;

export function needsState(country: string): boolean {
  return (STATE_REQUIRED_COUNTRIES as readonly string[]).includes(country);
}

/** Whether an address in `country` must carry a postal code (Stripe leaves it optional in some). */
export function postalCodeRequired(country: string): boolean {
  return !(POSTAL_CODE_OPTIONAL_COUNTRIES as readonly string[]).includes(country.toUpperCase());
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
      // Up to 6 so that "US-OR" is accepted as well as "OR"; checked against the country below.
      state: optionalText(6)
        .transform((s) => s?.toUpperCase())
        .refine(
          (s) => s === undefined || /^[A-Z0-9-]{1,6}$/.test(s),
          'A state is a code of 1 to 3 letters or digits, such as CA',
        ),
      // The street and town, when the shopper gave them (an order's address): Printful's v1
      // AddressInfo lists both as required for a rate quote.
      address1: optionalText(200),
      city: optionalText(100),
      zip: optionalText(12).refine(
        (z) => z === undefined || /^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/.test(z),
        'A postal code is 2 to 12 letters, digits, spaces or dashes',
      ),
    },
    { error: MESSAGES.shippingRequired },
  )
  .superRefine((d, ctx) => {
    if (!needsState(d.country)) {
      if (d.state !== undefined && !/^[A-Z0-9]{1,3}$/.test(d.state))
        ctx.addIssue({
          code: 'custom',
          path: ['state'],
          message: 'A state is a code of 1 to 3 letters or digits, such as CA',
        });
      return;
    }
    if (!d.state) ctx.addIssue({ code: 'custom', path: ['state'], message: MESSAGES.shippingStateRequired(d.country) });
    else if (subdivisionCode(d.country, d.state) === null)
      ctx.addIssue({ code: 'custom', path: ['state'], message: MESSAGES.shippingStateUnknown(d.country) });
  })
  // ISO 3166-2's "US-OR" and the bare "OR" are one destination: Printful's state_code is the latter.
  .transform((d) =>
    needsState(d.country) && d.state ? { ...d, state: subdivisionCode(d.country, d.state) ?? d.state } : d,
  );
export type ShippingDestination = z.infer<typeof shippingDestinationSchema>;

export const shippingOptionSchema = z.object({
  /** Printful's shipping method id (STANDARD, ...), what the Printful order is sent with. */
  id: z.string().min(1),
  name: z.string(),
  /** In `currency`, major units: US dollars as quoted, or converted for the shopper (docs/rules.md#local-prices). */
  amount: z.number().nonnegative(),
  currency: currencyCodeSchema,
  minDeliveryDays: z.number().int().optional(),
  maxDeliveryDays: z.number().int().optional(),
  /** "Arrives Tue, Dec 1 - Fri, Dec 4": the promise made with this quote, shown the same everywhere. */
  arrives: z.string().optional(),
});
export type ShippingOption = z.infer<typeof shippingOptionSchema>;

/** The checkout's pick among the quoted options: an option's `id` as GET /api/cart/shipping-rates gives it. */
export const shippingOptionIdSchema = z
  .string({ error: MESSAGES.shippingOptionInvalid(SHIPPING_OPTION_ID_MAX) })
  .trim()
  .min(1, MESSAGES.shippingOptionInvalid(SHIPPING_OPTION_ID_MAX))
  .max(SHIPPING_OPTION_ID_MAX, MESSAGES.shippingOptionInvalid(SHIPPING_OPTION_ID_MAX));

/** GET /api/cart/shipping-rates: cheapest first, at most 5. */
export const shippingRatesResponseSchema = z.object({
  destination: z.object({ country: z.string(), state: z.string().optional(), zip: z.string().optional() }),
  options: z.array(shippingOptionSchema).max(SHIPPING_OPTIONS_MAX),
  source: z.enum(['printful', 'flat-rate']),
});
export type ShippingRatesResponse = z.infer<typeof shippingRatesResponseSchema>;
