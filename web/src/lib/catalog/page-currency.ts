import {
  CURRENCY_META_NAME,
  DEFAULT_CURRENCY_PICKER,
  parseCurrencyMeta,
  type CurrencyPickerState,
} from '@shop/shared/pages';

// The currency this page was rendered in (docs/rules.md#local-prices). The server names it in the
// head (the shopper's `?currency=`, cookie or first guess) with the currencies the store sells in;
// the app reads it once and asks every catalogue read in it, so its prices match the page's
// whatever the cookie holds (or if the browser keeps no cookies). A change of currency loads a
// new page, so the value never changes while the app runs.

let current: CurrencyPickerState | null = null;

export function pageCurrency(): CurrencyPickerState {
  if (current) return current;
  if (typeof document === 'undefined') return DEFAULT_CURRENCY_PICKER;
  const meta = document.querySelector(`meta[name="${CURRENCY_META_NAME}"]`);
  // Without the server's note (the dev server alone), US dollars.
  current = parseCurrencyMeta(
    meta?.getAttribute('content') ?? null,
    meta?.getAttribute('data-currencies') ?? null,
    meta?.getAttribute('data-note') ?? null,
  );
  return current;
}

/** The server render's currency (one render at a time: renderToString runs to the end at once). */
export function setRenderCurrency(state: CurrencyPickerState | undefined): void {
  current = state ?? DEFAULT_CURRENCY_PICKER;
}
