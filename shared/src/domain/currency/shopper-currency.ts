import { parseCurrency, type CurrencyCode } from './currencies.js';
import { guessCountry, guessCurrency } from './guess.js';

// Which currency a request is priced in (docs/rules.md#local-prices): `?currency=` on any page
// (which the answer keeps in the `shop_currency` cookie), else that cookie, else the first guess
// from the proxy's country or the browser's languages, else USD. A currency the store does not
// sell in is ignored at each step, so the shopper ends on one it does (USD at worst).

/** Accept-Language's tags, most preferred first (q=0 left out; malformed entries skipped). */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((l) => l.weight > 0 && /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(l.tag))
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((l) => l.tag);
}

export interface ShopperCurrencyInput {
  query?: unknown;
  cookie?: unknown;
  /** The country a trusted proxy names, when there is one. */
  country?: string | null;
  acceptLanguage?: string | null;
  enabled: readonly CurrencyCode[];
}

export interface ShopperCurrency {
  currency: CurrencyCode;
  source: 'query' | 'cookie' | 'guess';
  /** The country the tax note is about, when one can be told. */
  country: string | null;
  /** Whether the answer should (re)write the cookie: a valid `?currency=` that differs from it. */
  remember: boolean;
}

export function shopperCurrency(input: ShopperCurrencyInput): ShopperCurrency {
  const languages = acceptedLanguages(input.acceptLanguage);
  const country = guessCountry(input.country, languages);
  const fromQuery = parseCurrency(input.query, input.enabled);
  const fromCookie = parseCurrency(input.cookie, input.enabled);
  if (fromQuery) return { currency: fromQuery, source: 'query', country, remember: fromQuery !== fromCookie };
  if (fromCookie) return { currency: fromCookie, source: 'cookie', country, remember: false };
  const guessed = guessCurrency({ country: input.country, languages, enabled: input.enabled });
  return { currency: guessed, source: 'guess', country, remember: false };
}
