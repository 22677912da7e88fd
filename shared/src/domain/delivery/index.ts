// Delivery estimates in words (docs/rules.md#what-a-merch-shopper-expects): "Arrives Fri, Nov 28 - Mon, Dec 1" in the
// shopper's locale, from a quote's delivery days. The one formatter the product page, cart,
// checkout and confirmation use. Pure and browser-safe.

export interface DeliveryWindow {
  minDeliveryDays?: number;
  maxDeliveryDays?: number;
}

/**
 * Printful's Flat Rate (STANDARD) to the US in business days, as its rates answer it (and the
 * sandbox with it): the product page's estimate before the shopper has named a destination. The
 * cart and checkout show the quote for the actual address.
 */
export const US_STANDARD_DELIVERY: Readonly<Required<DeliveryWindow>> = { minDeliveryDays: 3, maxDeliveryDays: 6 };

/** The calendar date (YYYY-MM-DD, Gregorian) the clock of `timeZone` reads at `instant`. */
function calendarDate(instant: Date, timeZone: string): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' })
    .formatToParts(instant)
    .reduce<Record<string, number>>((all, part) => ({ ...all, [part.type]: Number(part.value) }), {});
  return { year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1 };
}

/**
 * `from` plus `days` business days (Printful counts working days; weekends are skipped), counted
 * on the calendar of `timeZone`: the day `from` falls on there, then each following weekday. The
 * answer is that calendar day at noon UTC, so formatting it with `timeZone: 'UTC'` names the same
 * day whatever the reader's zone (counting on UTC's calendar and naming the day in another zone
 * moved every evening's promise a day early, onto weekends).
 */
export function addBusinessDays(from: Date, days: number, timeZone = 'UTC'): Date {
  const start = calendarDate(from, timeZone);
  const date = new Date(Date.UTC(start.year, start.month - 1, start.day, 12));
  let left = Math.max(0, Math.trunc(days));
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const day = date.getUTCDay();
    if (day !== 0 && day !== 6) left -= 1;
  }
  return date;
}

/**
 * "Arrives Fri, Nov 28 - Mon, Dec 1" (or one date when the window is one day), in `locale`,
 * business days counted on the calendar of `timeZone` (UTC unless named); null when the quote has
 * no delivery days.
 */
export function formatDeliveryEstimate(
  window: DeliveryWindow,
  options: { now?: Date; locale?: string | string[]; timeZone?: string } = {},
): string | null {
  const min = window.minDeliveryDays ?? window.maxDeliveryDays;
  const max = window.maxDeliveryDays ?? window.minDeliveryDays;
  if (min === undefined || max === undefined) return null;
  const now = options.now ?? new Date();
  const zone = options.timeZone ?? 'UTC';
  // The days are already the zone's calendar days (at noon UTC): named as they are.
  const format = new Intl.DateTimeFormat(options.locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const first = format.format(addBusinessDays(now, Math.min(min, max), zone));
  const last = format.format(addBusinessDays(now, Math.max(min, max), zone));
  return first === last ? `Arrives ${first}` : `Arrives ${first} - ${last}`;
}

/** A shipping option's name without the provider's own date note ("Flat Rate (Estimated delivery: 11-28-12-01)"). */
export function shippingOptionLabel(name: string): string {
  return name.replace(/\s*\((?:estimated delivery|delivery)[^)]*\)\s*$/i, '').trim() || name;
}

/**
 * The one delivery promise of a quoted option, made when the shopper is quoted and carried from
 * there to the payment page's shipping option, the order, the confirmation and the e-mails:
 * "Arrives Tue, Dec 1 - Fri, Dec 4" in US English, the days counted in the studio's time zone.
 */
export function deliveryPromise(window: DeliveryWindow, now: Date, studioTimeZone: string): string | null {
  return formatDeliveryEstimate(window, { now, locale: 'en-US', timeZone: studioTimeZone });
}

/** The payment page's name of a shipping option: its label and the promise, "Flat Rate: Arrives ...". */
export function shippingOptionDisplayName(name: string, promise: string | undefined): string {
  const label = shippingOptionLabel(name);
  return promise ? `${label}: ${promise}` : label;
}

export * from './shipping-choice.js';
