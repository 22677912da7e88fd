import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STUDIO_TIME_ZONE,
  formatStudioDateTime,
  studioDate,
  studioDayEnd,
  studioPeriods,
  studioTimeZone,
} from '@shop/shared/domain/time';

// The studio's day and month begin at its own midnight, daylight saving included.

describe("the studio's clock", () => {
  it("starts today and this month at Portland's midnight, across the end of daylight saving", () => {
    // 9 PM on Nov 26 in Portland is already Nov 27 in UTC.
    const now = new Date('2026-11-27T05:00:00.000Z');
    expect(studioDate(now, 'America/Los_Angeles')).toBe('2026-11-26');
    expect(studioPeriods(now, 'America/Los_Angeles')).toEqual({
      dayStart: '2026-11-26T08:00:00.000Z',
      // Nov 1 began in summer time (UTC-7); the clocks went back at 2 AM that night.
      monthStart: '2026-11-01T07:00:00.000Z',
      month: '2026-11',
    });
  });

  it('ends a date at the next midnight, also on the night clocks go forward', () => {
    expect(studioDayEnd('2026-12-31', 'America/Los_Angeles')).toBe('2027-01-01T08:00:00.000Z');
    expect(studioDayEnd('2027-03-13', 'America/Los_Angeles')).toBe('2027-03-14T08:00:00.000Z');
    expect(studioDayEnd('2027-03-14', 'America/Los_Angeles')).toBe('2027-03-15T07:00:00.000Z');
  });

  it('reads a stored time in the zone with its name, and falls back to Portland for no or a bad zone', () => {
    expect(formatStudioDateTime('2026-11-26T22:07:32.946Z', 'America/Los_Angeles')).toBe('Nov 26, 2026, 2:07 PM PST');
    expect(formatStudioDateTime('2026-11-26T22:07:32.946Z', 'Europe/Berlin')).toBe('Nov 26, 2026, 11:07 PM GMT+1');
    expect(studioTimeZone({ STUDIO_TIMEZONE: 'Europe/Berlin' })).toBe('Europe/Berlin');
    expect(studioTimeZone({ STUDIO_TIMEZONE: 'Mars/Olympus' })).toBe(DEFAULT_STUDIO_TIME_ZONE);
    expect(studioTimeZone(undefined)).toBe('America/Los_Angeles');
  });
});
