import { createHash } from 'node:crypto';
import { shippingOptionDisplayName, shippingOptionLabel } from '@shop/shared/domain/delivery';
import {
  DELIVERY_DAYS_METADATA,
  DELIVERY_PROMISE_METADATA,
  deliveryDaysValue,
  PRINTFUL_SHIPPING_METADATA,
  SHIPPING_KEY_METADATA,
  SHIPPING_NAME_METADATA,
} from '@shop/shared/domain/order';
import { toMinor } from '@shop/shared/domain/currency';
import type { ShippingRatesResponse } from '@shop/shared/schemas';
import type { Stripe } from '@shop/shared/providers/stripe';

// The quoted shipping options as Stripe Checkout parameters (docs/providers.md#stripe-checkout-sessions, docs/providers.md#printful-shipping-rates): the session ships only to the quoted country and offers the quoted options, each carrying
// Printful's method id in its metadata so the paid order is placed with what the shopper chose.

export { SHIPPING_KEY_METADATA };

/** Short digest of a quote: a session quoted otherwise is not reused for a new checkout. */
export function shippingKeyOf(quote: ShippingRatesResponse): string {
  const { destination, options, source } = quote;
  const text = JSON.stringify({ destination, source, options: options.map((o) => [o.id, o.amount, o.currency]) });
  return createHash('sha256').update(text).digest('base64url').slice(0, 24);
}

export function stripeShippingParams(
  quote: ShippingRatesResponse,
  automaticTax: boolean,
  taxBehavior: 'inclusive' | 'exclusive' = 'exclusive',
): Pick<Stripe.Checkout.SessionCreateParams, 'shipping_address_collection' | 'shipping_options' | 'automatic_tax'> {
  const country = quote.destination
    .country as Stripe.Checkout.SessionCreateParams.ShippingAddressCollection.AllowedCountry;
  return {
    shipping_address_collection: { allowed_countries: [country] },
    shipping_options: quote.options.map((option) => {
      // No `delivery_estimate`: the payment page would print it as "3-6 business days" counted on
      // Stripe's clock beside the promise's dates. The window travels in metadata instead.
      const days = deliveryDaysValue(option);
      return {
        shipping_rate_data: {
          type: 'fixed_amount',
          // The promise the cart and checkout showed, word for word, never the provider's own date note.
          display_name: shippingOptionDisplayName(option.name, option.arrives),
          // In the shopper's currency, converted with the prices' rate and tax (docs/rules.md#local-prices).
          fixed_amount: { amount: toMinor(option.amount, option.currency), currency: option.currency.toLowerCase() },
          ...(automaticTax ? { tax_behavior: taxBehavior } : {}),
          metadata: {
            [PRINTFUL_SHIPPING_METADATA]: option.id,
            [SHIPPING_NAME_METADATA]: shippingOptionLabel(option.name),
            ...(option.arrives ? { [DELIVERY_PROMISE_METADATA]: option.arrives } : {}),
            ...(days ? { [DELIVERY_DAYS_METADATA]: days } : {}),
          },
        },
      };
    }),
    ...(automaticTax ? { automatic_tax: { enabled: true } } : {}),
  };
}
