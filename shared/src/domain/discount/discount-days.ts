import { studioDate, studioDayEnd, studioDayStart } from '../time/index.js';

// A code's dates are entered and read as days of the studio's calendar (STUDIO_TIMEZONE) and
// stored as UTC instants.

/**
 * A code's dates given as days of the studio's calendar, made instants: "ends on Dec 31" is the
 * end of Dec 31 where the studio is (midnight into Jan 1 there), not midnight UTC.
 */
export function discountWindowFromDays<
  T extends { startsAt?: string; endsAt?: string; startsOn?: string; endsOn?: string },
>(body: T, zone: string): Omit<T, 'startsOn' | 'endsOn'> {
  const { startsOn, endsOn, ...rest } = body;
  return {
    ...rest,
    ...(startsOn ? { startsAt: studioDayStart(startsOn, zone) } : {}),
    ...(endsOn ? { endsAt: studioDayEnd(endsOn, zone) } : {}),
  };
}

/** A stored code's first and last day on the studio's calendar, as the admin entered them. */
export function discountDays(
  discount: { startsAt: string | null; endsAt: string | null },
  zone: string,
): { startsOn: string | null; endsOn: string | null } {
  return {
    startsOn: discount.startsAt ? studioDate(new Date(discount.startsAt), zone) : null,
    // The end is the first moment after the last day: the day before it is the one entered.
    endsOn: discount.endsAt ? studioDate(new Date(Date.parse(discount.endsAt) - 1), zone) : null,
  };
}
