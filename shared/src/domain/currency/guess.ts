import { CURRENCIES, KNOWN_CURRENCIES, STORE_CURRENCY, type CurrencyCode } from './currencies.js';

// A first visit's currency (docs/rules.md#local-prices): from the country a trusted proxy names,
// else from the browser's languages (the region of "en-IE", "fr-CA"; a bare language only where
// it points at one currency), else US dollars. Only enabled currencies are guessed.

/** Bare languages spoken mostly in euro countries; "en", "fr" and "es" name no one currency. */
const EURO_LANGUAGES = new Set(['de', 'nl', 'it', 'fi', 'el', 'et', 'lv', 'lt', 'sk', 'sl', 'mt', 'ga', 'pt']);

/** The enabled currency of a country (ISO 3166 alpha-2), or null. */
export function currencyOfCountry(
  country: string | null | undefined,
  enabled: readonly CurrencyCode[],
): CurrencyCode | null {
  if (!country) return null;
  const upper = country.trim().toUpperCase();
  const code = KNOWN_CURRENCIES.find((c) => CURRENCIES[c].countries.includes(upper));
  return code && enabled.includes(code) ? code : null;
}

/** The country a language tag names by its region ("en-IE" -> "IE"), or null. */
export function countryOfLanguage(tag: string): string | null {
  const region = tag
    .split(/[-_]/)
    .slice(1)
    .find((part) => /^[A-Za-z]{2}$/.test(part));
  return region ? region.toUpperCase() : null;
}

export interface CurrencyGuessInput {
  /** The country a trusted proxy gave (CF-IPCountry and the like), when any. */
  country?: string | null;
  /** The browser's languages, most preferred first. */
  languages?: readonly string[];
  enabled: readonly CurrencyCode[];
}

export function guessCurrency({ country, languages = [], enabled }: CurrencyGuessInput): CurrencyCode {
  const byCountry = currencyOfCountry(country, enabled);
  if (byCountry) return byCountry;
  for (const tag of languages) {
    const region = countryOfLanguage(tag);
    if (region) {
      const byRegion = currencyOfCountry(region, enabled);
      if (byRegion) return byRegion;
      // A region the store does not price ("en-NZ") is an answer too: US dollars.
      return STORE_CURRENCY;
    }
    const language = tag.split(/[-_]/)[0]?.toLowerCase() ?? '';
    if (EURO_LANGUAGES.has(language) && enabled.includes('EUR')) return 'EUR';
  }
  return STORE_CURRENCY;
}

/** The country a shopper's tax note is about: the proxy's, else the first language region. */
export function guessCountry(country: string | null | undefined, languages: readonly string[] = []): string | null {
  if (country && /^[A-Za-z]{2}$/.test(country.trim())) return country.trim().toUpperCase();
  for (const tag of languages) {
    const region = countryOfLanguage(tag);
    if (region) return region;
  }
  return null;
}
