/**
 * Reads a price as docs/rules.md#entities says: a number, or a string such as "24.99";
 * anything unparseable, negative or missing becomes 0.
 */
export function parsePrice(value: unknown): number {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : NaN;
  return Number.isFinite(n) && n >= 0 ? n : 0;
}

/** Smallest and largest of the parseable prices; 0 and 0 when none parses. */
export function priceRangeOf(prices: unknown[]): { min: number; max: number } {
  const parsed = prices.map(parsePrice).filter((p) => p > 0);
  if (parsed.length === 0) return { min: 0, max: 0 };
  return { min: Math.min(...parsed), max: Math.max(...parsed) };
}
