// The studio's clock: every date the admin reads or enters is in the studio's own time zone
// (STUDIO_TIMEZONE, an IANA name), while everything stored stays in UTC. "Today" and "this month"
// on the admin home start at the studio's midnight, not at UTC's.

/** The studio's zone when the configuration names none (the studio is in Portland). */
export const DEFAULT_STUDIO_TIME_ZONE = 'America/Los_Angeles';

/** Whether `zone` is a time zone this runtime knows (an IANA name such as Europe/Berlin). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The studio's zone from a configuration (server config or public config), else the default. */
export function studioTimeZone(config?: { STUDIO_TIMEZONE?: unknown; studioTimeZone?: unknown } | null): string {
  const named = config?.STUDIO_TIMEZONE ?? config?.studioTimeZone;
  return typeof named === 'string' && named && isTimeZone(named) ? named : DEFAULT_STUDIO_TIME_ZONE;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClock(instant: Date, zone: string): WallClock {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** How far the zone's clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: Date, zone: string): number {
  const c = wallClock(instant, zone);
  const asUtc = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The UTC instant at which the zone's clock reads this date and time (daylight saving included). */
export function zonedTimeToUtc(
  date: { year: number; month: number; day: number; hour?: number; minute?: number },
  zone: string,
): Date {
  const wall = Date.UTC(date.year, date.month - 1, date.day, date.hour ?? 0, date.minute ?? 0);
  const first = wall - offsetAt(new Date(wall), zone);
  // Around a daylight-saving change the offset at the guess may differ from the offset at the answer.
  return new Date(wall - offsetAt(new Date(first), zone));
}

/** The studio's calendar date at `instant`, as YYYY-MM-DD. */
export function studioDate(instant: Date, zone: string): string {
  const c = wallClock(instant, zone);
  return `${c.year}-${String(c.month).padStart(2, '0')}-${String(c.day).padStart(2, '0')}`;
}

/** Where the studio's day and month containing `now` begin, as UTC ISO strings. */
export function studioPeriods(now: Date, zone: string): { dayStart: string; monthStart: string; month: string } {
  const c = wallClock(now, zone);
  return {
    dayStart: zonedTimeToUtc({ year: c.year, month: c.month, day: c.day }, zone).toISOString(),
    monthStart: zonedTimeToUtc({ year: c.year, month: c.month, day: 1 }, zone).toISOString(),
    month: `${c.year}-${String(c.month).padStart(2, '0')}`,
  };
}

/** The first instant of a studio calendar date (YYYY-MM-DD), as a UTC ISO string. */
export function studioDayStart(date: string, zone: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return zonedTimeToUtc({ year, month, day }, zone).toISOString();
}

/** The first instant after a studio calendar date (YYYY-MM-DD) ends, as a UTC ISO string. */
export function studioDayEnd(date: string, zone: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  return zonedTimeToUtc(
    { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() },
    zone,
  ).toISOString();
}

/** "Nov 26, 2026, 2:07 PM PST": a stored UTC time as the studio reads it, with the zone named. */
export function formatStudioDateTime(iso: string, zone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    dateStyle: 'medium',
    timeStyle: 'short',
  })
    .format(date)
    .concat(' ', zoneName(date, zone));
}

/** "Nov 26, 2026": a stored UTC time's date in the studio's zone. */
export function formatStudioDate(iso: string, zone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', { timeZone: zone, dateStyle: 'medium' }).format(date);
}

function zoneName(date: Date, zone: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' })
    .formatToParts(date)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? zone;
}
