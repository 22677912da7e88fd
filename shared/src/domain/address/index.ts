// Country names in words, for people: "United States", not "US". Pure and browser-safe.

// Made on first use, not when the module loads: the cart page loads this code but shows a
// country only for a cart with lines, and Intl's locale data costs a phone tens of milliseconds.
let regionNames: Intl.DisplayNames | null | undefined;

/** The English name of an ISO 3166-1 alpha-2 country code; the code itself when none is known. */
export function countryName(code: string): string {
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
    } catch {
      regionNames = null;
    }
  }
  try {
    return regionNames?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
