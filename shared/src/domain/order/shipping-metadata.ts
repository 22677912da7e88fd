// Metadata keys the API writes on a Stripe session and the worker reads back after payment.

/** On each offered Stripe ShippingRate: Printful's shipping method id (STANDARD, ...). */
export const PRINTFUL_SHIPPING_METADATA = 'printful_shipping';
/** On each offered Stripe ShippingRate: the option's name without the promise ("Flat Rate"). */
export const SHIPPING_NAME_METADATA = 'shipping_name';
/** On each offered Stripe ShippingRate: the delivery promise the shopper was quoted ("Arrives ..."). */
export const DELIVERY_PROMISE_METADATA = 'delivery_promise';
/**
 * On each offered Stripe ShippingRate: the quoted window in business days ("3-6"). Carried here,
 * not as Stripe's `delivery_estimate`, which the payment page would show as "3-6 business days"
 * counted on its own clock beside the promise's dates, and disagree with them in the evening.
 */
export const DELIVERY_DAYS_METADATA = 'delivery_days';

/** "3-6" for a window of 3 to 6 days, undefined without one. */
export function deliveryDaysValue(window: { minDeliveryDays?: number; maxDeliveryDays?: number }): string | undefined {
  const min = window.minDeliveryDays && window.minDeliveryDays > 0 ? window.minDeliveryDays : undefined;
  const max = window.maxDeliveryDays && window.maxDeliveryDays > 0 ? window.maxDeliveryDays : undefined;
  if (min === undefined && max === undefined) return undefined;
  return `${min ?? max}-${max ?? min}`;
}

/** The window a `delivery_days` entry carries; empty for none or one we did not write. */
export function parseDeliveryDays(value: string | undefined): { minDeliveryDays?: number; maxDeliveryDays?: number } {
  const match = /^(\d{1,3})-(\d{1,3})$/.exec(value ?? '');
  return match ? { minDeliveryDays: Number(match[1]), maxDeliveryDays: Number(match[2]) } : {};
}
/** On the session: digest of the destination and rates it was created with. */
export const SHIPPING_KEY_METADATA = 'shippingQuote';
/** On the session: the quoted destination's country and state (`US/CA`, `GB/`), checked after payment. */
export const QUOTED_DESTINATION_METADATA = 'shippingDestination';

export interface QuotedPlace {
  country: string;
  /** Null when the quote named no state (countries that need none). */
  state: string | null;
}

export function quotedDestinationValue(destination: { country: string; state?: string }): string {
  return `${destination.country.toUpperCase()}/${destination.state?.toUpperCase() ?? ''}`;
}

/** Null for a session without the entry (created before it existed) or with one we did not write. */
export function parseQuotedDestination(value: string | undefined): QuotedPlace | null {
  const match = /^([A-Z]{2})\/([A-Z0-9]{0,3})$/.exec(value ?? '');
  return match ? { country: match[1], state: match[2] || null } : null;
}

export function placeName(place: { country: string; state: string | null }): string {
  return place.state ? `${place.state}, ${place.country}` : place.country;
}

/**
 * Was the order paid with an address the quote did not price (docs/rules.md#money-and-abuse)? Country always
 * counts; the state counts whenever the quote named one (US, CA and AU price by state). A paid
 * address without a country or state where one was quoted is a mismatch: it cannot be shown to
 * match.
 */
export function paidOutsideQuote(
  quoted: QuotedPlace,
  paid: { countryCode: string | null; stateCode: string | null } | null,
): boolean {
  if (!paid?.countryCode || paid.countryCode.toUpperCase() !== quoted.country) return true;
  if (quoted.state === null) return false;
  return (paid.stateCode ?? '').trim().toUpperCase() !== quoted.state;
}
