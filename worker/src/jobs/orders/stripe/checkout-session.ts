import { UnrecoverableError } from 'bullmq';
import {
  DELIVERY_DAYS_METADATA,
  DELIVERY_PROMISE_METADATA,
  PRINTFUL_SHIPPING_METADATA,
  parseDeliveryDays,
  SHIPPING_NAME_METADATA,
  EXCHANGE_RATE_METADATA,
  orderItemFromLineItem,
  usdEquivalent,
} from '@shop/shared/domain/order';
import { STORE_CURRENCY, isKnownCurrency, toMajor, type CurrencyCode } from '@shop/shared/domain/currency';
import {
  postalCodeRequired,
  type OrderAmounts,
  type ShippingMethod,
  type ShippingRecipient,
} from '@shop/shared/schemas';
import type { PaidCheckout } from '@shop/shared/server/orders';
import { Stripe } from '@shop/shared/providers/stripe';

// The session as Stripe has it now (docs/providers.md#stripe-events: events arrive late, twice or out
// of order, so state is re-read rather than taken from the event).

export function isPaid(session: Stripe.Checkout.Session): boolean {
  return session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
}

export async function retrieveSession(stripe: Stripe, sessionId: string): Promise<Stripe.Checkout.Session> {
  try {
    return await stripe.checkout.sessions.retrieve(sessionId, {
      expand: ['line_items', 'shipping_cost.shipping_rate'],
    });
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
      throw new UnrecoverableError(`Stripe has no checkout session ${sessionId}`);
    }
    throw error;
  }
}

/** Every line item: the expanded first page, then the rest page by page. */
async function allLineItems(stripe: Stripe, session: Stripe.Checkout.Session): Promise<Stripe.LineItem[]> {
  const items = [...(session.line_items?.data ?? [])];
  let more = session.line_items?.has_more ?? false;
  while (more) {
    const page = await stripe.checkout.sessions.listLineItems(session.id, {
      limit: 100,
      starting_after: items[items.length - 1]?.id,
    });
    items.push(...page.data);
    more = page.has_more && page.data.length > 0;
  }
  return items;
}

function shippingOf(session: Stripe.Checkout.Session): ShippingRecipient | null {
  const details = session.collected_information?.shipping_details;
  const address = details?.address ?? session.customer_details?.address;
  const name = details?.name ?? session.customer_details?.name;
  if (!address?.line1 || !address.city || !address.country || !name) return null;
  // Stripe leaves the postal code empty where the country has none mandatory (an Irish shopper may
  // skip the Eircode); elsewhere an address without one cannot be delivered.
  if (!address.postal_code && postalCodeRequired(address.country)) return null;
  return {
    name,
    email: session.customer_details?.email ?? session.customer_email ?? null,
    address1: address.line1,
    address2: address.line2 || null,
    city: address.city,
    stateCode: address.state || null,
    countryCode: address.country,
    zip: address.postal_code || null,
  };
}

/** The session's currency; a session from before local prices (or an unknown one) reads as USD. */
function currencyOf(session: Stripe.Checkout.Session): CurrencyCode {
  const code = (session.currency ?? 'usd').toUpperCase();
  return isKnownCurrency(code) ? code : STORE_CURRENCY;
}

/** Stripe's own figures (docs/providers.md#stripe-checkout-sessions), in the session's currency's major units. */
function amountsOf(session: Stripe.Checkout.Session): OrderAmounts {
  const currency = currencyOf(session);
  const major = (minor: number | null | undefined) => toMajor(minor ?? 0, currency);
  return {
    subtotal: major(session.amount_subtotal),
    shipping: major(session.total_details?.amount_shipping ?? session.shipping_cost?.amount_subtotal),
    tax: major(session.total_details?.amount_tax),
    discount: major(session.total_details?.amount_discount),
    total: major(session.amount_total),
    currency,
  };
}

/**
 * A session paid in another currency: the rate the API priced it at (its metadata) and the
 * amounts in US dollars at that rate (docs/rules.md#local-prices).
 */
function localOf(session: Stripe.Checkout.Session, amounts: OrderAmounts): PaidCheckout['local'] {
  if (amounts.currency === STORE_CURRENCY) return undefined;
  const exchangeRate = Number(session.metadata?.[EXCHANGE_RATE_METADATA]);
  if (!Number.isFinite(exchangeRate) || exchangeRate <= 0) return undefined;
  return { exchangeRate, amountsUsd: usdEquivalent(amounts, exchangeRate) };
}

/** A bound of Stripe's delivery estimate, in the business days the checkout gave it in (else none). */
function businessDays(bound: Stripe.ShippingRate.DeliveryEstimate.Minimum | null | undefined): number | undefined {
  return bound?.unit === 'business_day' ? bound.value : undefined;
}

function shippingMethodOf(session: Stripe.Checkout.Session): ShippingMethod | null {
  const rate = session.shipping_cost?.shipping_rate;
  if (!rate || typeof rate === 'string') return null;
  const id = rate.metadata?.[PRINTFUL_SHIPPING_METADATA];
  if (!id) return null;
  // The window rides in metadata; sessions created before that carried it as Stripe's estimate.
  const carried = parseDeliveryDays(rate.metadata?.[DELIVERY_DAYS_METADATA]);
  const min = carried.minDeliveryDays ?? businessDays(rate.delivery_estimate?.minimum);
  const max = carried.maxDeliveryDays ?? businessDays(rate.delivery_estimate?.maximum);
  const promise = rate.metadata?.[DELIVERY_PROMISE_METADATA];
  return {
    id,
    name: rate.metadata?.[SHIPPING_NAME_METADATA] ?? rate.display_name ?? id,
    ...(promise ? { promise } : {}),
    ...(min !== undefined ? { minDeliveryDays: min } : {}),
    ...(max !== undefined ? { maxDeliveryDays: max } : {}),
  };
}

/** What a paid session says was bought, for how much, by whom and to where. */
export async function paidCheckoutOf(stripe: Stripe, session: Stripe.Checkout.Session): Promise<PaidCheckout> {
  const lineItems = await allLineItems(stripe, session);
  const amounts = amountsOf(session);
  const local = localOf(session, amounts);
  return {
    items: lineItems.map((li) =>
      orderItemFromLineItem(
        {
          description: li.description,
          quantity: li.quantity,
          metadata: li.metadata,
          price: li.price,
        },
        amounts.currency,
      ),
    ),
    totalPrice: amounts.total,
    email: session.customer_details?.email ?? session.customer_email ?? null,
    shipping: shippingOf(session),
    amounts,
    shippingMethod: shippingMethodOf(session),
    ...(local ? { local } : {}),
  };
}
