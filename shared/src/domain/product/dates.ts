/**
 * Reads a stored date tolerantly and answers an ISO string: Date objects, ISO or other parseable
 * strings, epoch numbers (seconds or milliseconds) and Firestore Timestamps (`toDate()` or
 * `seconds`/`_seconds`). A missing or unreadable value becomes `now`, as the spec says.
 */
export function toIsoDate(value: unknown, now: Date = new Date()): string {
  const date = readDate(value);
  return (date ?? now).toISOString();
}

function readDate(value: unknown): Date | null {
  if (value instanceof Date) return valid(value);
  if (typeof value === 'string' && value.trim() !== '') return valid(new Date(value));
  // Printful and Firestore seconds are far below 1e11; JavaScript milliseconds far above.
  if (typeof value === 'number' && Number.isFinite(value)) return valid(new Date(value < 1e11 ? value * 1000 : value));
  if (value && typeof value === 'object') {
    const v = value as { toDate?: unknown; seconds?: unknown; _seconds?: unknown };
    if (typeof v.toDate === 'function') return readDate((v.toDate as () => unknown).call(value));
    const seconds = typeof v.seconds === 'number' ? v.seconds : v._seconds;
    if (typeof seconds === 'number') return valid(new Date(seconds * 1000));
  }
  return null;
}

function valid(date: Date): Date | null {
  return Number.isNaN(date.getTime()) ? null : date;
}
