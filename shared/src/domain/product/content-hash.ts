// A stable fingerprint of a document's content, used by the product sync to skip writes when
// nothing changed. Timestamps are left out at every depth: a product re-synced an hour later
// with the same content must hash the same. Pure JavaScript so the module stays browser-safe.

const TIMESTAMP_KEYS = new Set(['createdAt', 'updatedAt', 'syncedAt', 'created', 'updated', 'contentHash']);

function stableStringify(value: unknown, skip: ReadonlySet<string>): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map((v) => stableStringify(v, skip)).join(',')}]`;
  const record = value as Record<string, unknown>;
  const entries = Object.keys(record)
    .filter((key) => !skip.has(key) && record[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${stableStringify(record[key], skip)}`);
  return `{${entries.join(',')}}`;
}

/**
 * 64-bit hex digest (two mixed 32-bit lanes, cyrb53-style) of the key-sorted JSON form.
 * `includeTimestamps` keeps them, for fingerprints whose point is a timestamp (a list summary's
 * `updated`).
 */
export function contentHash(doc: unknown, options: { includeTimestamps?: boolean } = {}): string {
  const text = stableStringify(doc, options.includeTimestamps ? new Set() : TIMESTAMP_KEYS);
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h1 >>> 0).toString(16).padStart(8, '0') + (h2 >>> 0).toString(16).padStart(8, '0');
}
