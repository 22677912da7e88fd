import { describe, expect, it } from 'vitest';
import {
  currencyMetaTag,
  currencyPickerHtml,
  currencyPickerState,
  DEFAULT_CURRENCY_PICKER,
  parseCurrencyMeta,
  withCurrencyPicker,
} from '../../src/pages/index.js';
import { DEFAULT_STORE_CURRENCIES } from '../../src/domain/currency/index.js';

// docs/rules.md#local-prices: the server writes each page's footer picker in the shopper's
// currency and names that currency in the head for the app.

const euros = currencyPickerState('EUR', DEFAULT_STORE_CURRENCIES);
const dollars = currencyPickerState('USD', DEFAULT_STORE_CURRENCIES);

describe('the currency picker in a page', () => {
  it('replaces the picker the build rendered, and only it', () => {
    const built = `<main><form class="search"></form></main><footer>${currencyPickerHtml(dollars)}<p>©</p></footer>`;
    const page = withCurrencyPicker(built, euros);
    expect(page).toBe(`<main><form class="search"></form></main><footer>${currencyPickerHtml(euros)}<p>©</p></footer>`);
    expect(page).toContain('<option value="EUR" selected="">EUR €</option>');
    expect(page).not.toContain('<option value="USD" selected="">');
    expect(page).toContain('Prices in euros include VAT.');
  });

  it('leaves a document without a picker (the shell) as it is', () => {
    const shell = '<div id="root"></div>';
    expect(withCurrencyPicker(shell, euros)).toBe(shell);
  });

  it('names the currency and its tax line in the head, and reads them back', () => {
    const tag = currencyMetaTag(euros);
    expect(tag).toBe(
      '<meta name="shop-currency" content="EUR" data-currencies="USD,EUR,GBP,CAD,AUD" data-note="Prices in euros include VAT." />',
    );
    expect(parseCurrencyMeta('EUR', 'USD,EUR,GBP,CAD,AUD', 'Prices in euros include VAT.')).toEqual(euros);
    expect(parseCurrencyMeta('USD', 'USD,EUR,GBP,CAD,AUD', dollars.note)).toEqual(dollars);
    // A page without the tag (the SPA's dev server alone): US dollars.
    expect(parseCurrencyMeta(null, null, null)).toBe(DEFAULT_CURRENCY_PICKER);
    expect(DEFAULT_CURRENCY_PICKER.currency).toBe('USD');
  });
});
