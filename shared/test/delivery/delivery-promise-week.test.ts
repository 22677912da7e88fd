import { describe, expect, it } from 'vitest';
import { deliveryPromise } from '../../src/domain/delivery/index.js';
import { studioDate } from '../../src/domain/time/index.js';

// The delivery promise is counted in business days on the studio's calendar (STUDIO_TIMEZONE) and
// named on that calendar: whatever the hour, it never names a Saturday or a Sunday, and the days it
// names are exactly min and max business days after the studio's date of the quote.

const WEEKDAY = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun),/;

/** The weekday and date a promise names, one or two of them ("Arrives Wed, Dec 2 - Mon, Dec 7"). */
function namedDays(promise: string): string[] {
  return promise
    .replace(/^Arrives /, '')
    .split(' - ')
    .map((d) => d.trim());
}

/** Business days after `isoDate` (YYYY-MM-DD) on a plain calendar, counted by hand. */
function expectedDay(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    if (date.getUTCDay() !== 0 && date.getUTCDay() !== 6) left -= 1;
  }
  return new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    date,
  );
}

const WINDOWS = [
  { name: 'Flat Rate', minDeliveryDays: 3, maxDeliveryDays: 6 },
  { name: 'Express', minDeliveryDays: 1, maxDeliveryDays: 3 },
];

describe.each([
  ['America/Los_Angeles', '2026-11-23T00:00:00Z'],
  ['America/New_York', '2026-03-02T00:00:00Z'],
  ['Pacific/Auckland', '2026-06-01T00:00:00Z'],
  ['Europe/Berlin', '2026-10-19T00:00:00Z'],
])('the delivery promise in %s, at every hour of a week from %s', (zone, start) => {
  const hours = Array.from({ length: 24 * 7 }, (_, h) => new Date(Date.parse(start) + h * 3_600_000 + 50 * 60_000));

  it.each(WINDOWS)('$name never names a weekend day and counts from the studio date', (window) => {
    for (const now of hours) {
      const promise = deliveryPromise(window, now, zone);
      expect(promise, now.toISOString()).not.toBeNull();
      const days = namedDays(promise!);
      for (const day of days) expect(day, `${now.toISOString()}: ${promise}`).not.toMatch(/^(Sat|Sun),/);
      for (const day of days) expect(day).toMatch(WEEKDAY);
      const today = studioDate(now, zone);
      expect(days, `${now.toISOString()} (${today} in ${zone})`).toEqual([
        expectedDay(today, window.minDeliveryDays),
        expectedDay(today, window.maxDeliveryDays),
      ]);
    }
  });
});

it('promises Wed, Dec 2 - Mon, Dec 7 for Flat Rate at 5:50 PM on a Saturday in Portland', () => {
  // Sunday 01:50 UTC: counted on the UTC calendar this was "Tue, Dec 1 - Sun, Dec 6".
  const now = new Date('2026-11-29T01:50:00Z');
  expect(deliveryPromise({ minDeliveryDays: 3, maxDeliveryDays: 6 }, now, 'America/Los_Angeles')).toBe(
    'Arrives Wed, Dec 2 - Mon, Dec 7',
  );
  expect(deliveryPromise({ minDeliveryDays: 1, maxDeliveryDays: 3 }, now, 'America/Los_Angeles')).toBe(
    'Arrives Mon, Nov 30 - Wed, Dec 2',
  );
});
