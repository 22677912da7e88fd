import { act } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { KNOWN_CURRENCIES, DEFAULT_STORE_CURRENCIES } from '@shop/shared/domain/currency';
import { currencyMetaTag, currencyPickerHtml, currencyPickerState, withCurrencyPicker } from '@shop/shared/pages';
import { CurrencyPickerView } from '../../../src/components/layouts/currency-picker';

// docs/rules.md#local-prices: the server writes the footer's picker into every page in the shopper's
// currency (the build rendered it in USD); the app must render exactly that markup, or React would
// throw the server's page away and draw it again.

describe('the footer currency picker', () => {
  test('the server markup is what the app renders, in every currency', () => {
    for (const currency of KNOWN_CURRENCIES) {
      const state = currencyPickerState(currency, KNOWN_CURRENCIES);
      expect(renderToString(<CurrencyPickerView state={state} />)).toBe(currencyPickerHtml(state));
    }
  });

  test('the tax line says what the price includes', () => {
    const note = (currency: (typeof KNOWN_CURRENCIES)[number]) =>
      /class="currency-picker__note">([^<]*)</.exec(
        currencyPickerHtml(currencyPickerState(currency, DEFAULT_STORE_CURRENCIES)),
      )?.[1];
    expect(note('EUR')).toBe('Prices in euros include VAT.');
    expect(note('GBP')).toBe('Prices in pounds sterling include VAT.');
    expect(note('AUD')).toBe('Prices in Australian dollars include GST.');
    expect(note('USD')).toBe(
      'Prices in US dollars do not include sales tax; it is added at checkout where it applies.',
    );
    expect(note('CAD')).toBe(
      'Prices in Canadian dollars do not include sales tax; it is added at checkout where it applies.',
    );
  });

  describe('on a served page', () => {
    let root: HTMLElement;
    let hydrated: Root | undefined;
    beforeEach(() => {
      vi.resetModules();
      root = document.createElement('div');
      document.body.append(root);
    });
    afterEach(() => {
      act(() => hydrated?.unmount());
      hydrated = undefined;
      root.remove();
      document.head.querySelector('meta[name="shop-currency"]')?.remove();
    });

    test('a page the build rendered in USD, answered in euros, hydrates as it is', async () => {
      const euros = currencyPickerState('EUR', DEFAULT_STORE_CURRENCIES);
      const built = `<footer>${renderToString(<CurrencyPickerView state={currencyPickerState('USD', DEFAULT_STORE_CURRENCIES)} />)}</footer>`;
      root.innerHTML = withCurrencyPicker(built, euros);
      document.head.insertAdjacentHTML('beforeend', currencyMetaTag(euros));
      const { CurrencyPicker } = await import('../../../src/components/layouts/currency-picker');
      const recoverable = vi.fn();
      await act(async () => {
        hydrated = hydrateRoot(
          root,
          <footer>
            <CurrencyPicker />
          </footer>,
          { onRecoverableError: recoverable },
        );
      });
      expect(recoverable).not.toHaveBeenCalled();
      expect(root.querySelector('select')).toHaveValue('EUR');
      expect(root).toHaveTextContent('Prices in euros include VAT.');
    });
  });
});
