import { CURRENCIES, type CurrencyCode } from '../domain/currency/currencies.js';
import { CURRENCY_NAMES } from '../domain/currency/names.js';
import { currencyTaxNote } from '../errors/messages/currency-picker.js';
import type { CurrencyPickerState } from './currency-picker.js';

// The picker's state for a page (docs/rules.md#local-prices), written by the server, which knows
// each currency's tax: the app reads it from the page's head and needs no tax table of its own.

/** The footer's tax line for the currency: what a price in it includes. */
export function currencyTaxLine(code: CurrencyCode): string {
  const info = CURRENCIES[code];
  return currencyTaxNote(CURRENCY_NAMES[code].many, info.taxName, info.taxInclusive);
}

export function currencyPickerState(currency: CurrencyCode, currencies: readonly CurrencyCode[]): CurrencyPickerState {
  return { currency, currencies, note: currencyTaxLine(currency) };
}
