import { iso31662 } from 'iso-3166/2.js';

// ISO 3166-2 subdivisions (states, provinces, territories) of the countries Printful needs one
// for, from the `iso-3166` package (a maintained copy of the standard) rather than a hand-kept
// list. Codes are the part after the country ("OR" of "US-OR"): Printful's `state_code`.

export interface Subdivision {
  /** Without the country prefix: "OR", "ON", "NSW". */
  code: string;
  name: string;
}

const byCountry = new Map<string, readonly Subdivision[]>();

/** The subdivisions of `country` by name; empty for a country the data set has none for. */
export function subdivisionsOf(country: string): readonly Subdivision[] {
  const key = country.toUpperCase();
  let list = byCountry.get(key);
  if (!list) {
    // Built on first use, not at load: the table is large and most pages never ask for it.
    list = iso31662
      .filter((s) => s.parent === key)
      .map((s) => ({ code: s.code.slice(key.length + 1), name: s.name }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en'));
    byCountry.set(key, list);
  }
  return list;
}

/** Whether `code` (with or without the "US-" prefix, any case) is a subdivision of `country`. */
export function isSubdivisionOf(country: string, code: string): boolean {
  return subdivisionCode(country, code) !== null;
}

/** The bare code of a subdivision of `country` ("us-or" or "or" -> "OR"), or null. */
export function subdivisionCode(country: string, code: string): string | null {
  const upper = code.trim().toUpperCase();
  const prefix = `${country.toUpperCase()}-`;
  const bare = upper.startsWith(prefix) ? upper.slice(prefix.length) : upper;
  return subdivisionsOf(country).some((s) => s.code === bare) ? bare : null;
}
