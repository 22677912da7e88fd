// Only what the picker shows (the currency table's own module, without zod): the layout's first
// script takes this module, which must stay small. The tax line comes with the state, written by
// the server (currencyPickerState), so the app carries no tax table.
import type { CurrencyCode } from '../domain/currency/currencies.js';
import { CURRENCY_QUERY_PARAM } from '../domain/currency/currency-cookie.js';
import { currencyPickerApply, currencyPickerLabel } from '../errors/messages/currency-picker.js';
import { escapeHtml } from './escape-html.js';

// The footer's currency picker (docs/rules.md#local-prices) on every page. The build renders the
// pages before anyone asks for them, so the server writes each answer's picker in the shopper's
// currency (withCurrencyPicker) and names that currency in the head (currencyMetaTag); the SPA
// reads the meta and renders the same markup (web's CurrencyPicker, held to currencyPickerHtml by
// a test), so hydration adopts it. It is a plain GET form: before any script, "Change" loads the
// page with `?currency=`, which the server keeps in the shop_currency cookie.

/** What the picker shows: the page's currency, the ones the store sells in, and the tax line. */
export interface CurrencyPickerState {
  currency: CurrencyCode;
  currencies: readonly CurrencyCode[];
  /** The footer's line on tax for `currency` (currencyPickerState writes it). */
  note: string;
}

/**
 * Where a page names no currency: US dollars alone, without a tax line
 * (every page the API answers names its own, with the line; the build's pages are rendered with
 * currencyPickerState's and rewritten per answer). The words stay out of the first script.
 */
export const DEFAULT_CURRENCY_PICKER: CurrencyPickerState = {
  currency: 'USD',
  currencies: ['USD'],
  note: '',
};

/** The select's id (its label's `for`). */
export const CURRENCY_PICKER_ID = 'shop-currency';
/** The form's opening, as React renders it: where the server finds the picker in a document. */
const PICKER_START = '<form class="currency-picker"';
const PICKER_END = '</form>';
/** The head's meta naming the page's currency (content) and the store's (data-currencies). */
export const CURRENCY_META_NAME = CURRENCY_PICKER_ID;

/** Short symbols, fixed here rather than asked of Intl, whose data differs between server and browser. */
const SYMBOLS: Readonly<Record<CurrencyCode, string>> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  CAD: '$',
  AUD: '$',
  JPY: '¥',
};

/** An option's text: "EUR €". */
export function currencyOptionLabel(code: CurrencyCode): string {
  return `${code} ${SYMBOLS[code]}`;
}

export const CURRENCY_PICKER_TEXT = {
  label: currencyPickerLabel,
  apply: currencyPickerApply,
  param: CURRENCY_QUERY_PARAM,
} as const;

/**
 * The picker's HTML, exactly as React renders web's CurrencyPicker for the same state (a test
 * holds the two together): any difference would make the page's first render replace it.
 */
export function currencyPickerHtml(state: CurrencyPickerState): string {
  const options = state.currencies
    .map(
      (code) =>
        `<option value="${code}"${code === state.currency ? ' selected=""' : ''}>${escapeHtml(currencyOptionLabel(code))}</option>`,
    )
    .join('');
  return (
    `${PICKER_START} method="get">` +
    `<div class="currency-picker__field"><label class="currency-picker__label" for="${CURRENCY_PICKER_ID}">${escapeHtml(currencyPickerLabel)}</label>` +
    `<select class="currency-picker__select" id="${CURRENCY_PICKER_ID}" name="${CURRENCY_QUERY_PARAM}">${options}</select>` +
    `<button type="submit" class="currency-picker__apply">${escapeHtml(currencyPickerApply)}</button></div>` +
    `<p class="currency-picker__note">${escapeHtml(state.note)}</p>` +
    PICKER_END
  );
}

/** The document with its picker (if it has one) showing the state. */
export function withCurrencyPicker(document: string, state: CurrencyPickerState): string {
  const start = document.indexOf(PICKER_START);
  if (start === -1) return document;
  const end = document.indexOf(PICKER_END, start);
  if (end === -1) return document;
  return document.slice(0, start) + currencyPickerHtml(state) + document.slice(end + PICKER_END.length);
}

/** The head's tag that tells the SPA which currency the page was rendered in (and its picker's list and tax line). */
export function currencyMetaTag(state: CurrencyPickerState): string {
  return `<meta name="${CURRENCY_META_NAME}" content="${state.currency}" data-currencies="${state.currencies.join(',')}" data-note="${escapeHtml(state.note)}" />`;
}

/**
 * Reads that tag's values back (the SPA, at start); the default state when absent. The server
 * wrote them, so they are taken as they are: the first script carries no list to check them with.
 */
export function parseCurrencyMeta(
  content: string | null,
  currencies: string | null,
  note: string | null,
): CurrencyPickerState {
  return content && currencies && note
    ? { currency: content as CurrencyCode, currencies: currencies.split(',') as CurrencyCode[], note }
    : DEFAULT_CURRENCY_PICKER;
}
