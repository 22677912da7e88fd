// Documents as JSON text with Dates tagged as {"$date": ISO}, so they come back as Date objects.
// Used for SQLite rows and for query cursors of both adapters. An object whose only key is "$date"
// is therefore reserved: it reads back as a Date.

const DATE_KEY = '$date';
const DATE_MARKER = `"${DATE_KEY}"`;

export function encodeJson(value: unknown): string {
  // JSON.stringify hands the replacer the result of Date.toJSON, so look at the raw holder value.
  return JSON.stringify(value, function (this: Record<string, unknown>, key: string, replaced: unknown) {
    const raw = this[key];
    return raw instanceof Date ? { [DATE_KEY]: raw.toISOString() } : replaced;
  });
}

export function decodeJson<T = unknown>(text: string): T {
  // The reviver costs a callback per value; most documents hold no Date, so skip it for them.
  return text.includes(DATE_MARKER) ? JSON.parse(text, reviveDate) : JSON.parse(text);
}

function reviveDate(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const iso = (value as Record<string, unknown>)[DATE_KEY];
  return keys.length === 1 && keys[0] === DATE_KEY && typeof iso === 'string' ? new Date(iso) : value;
}
