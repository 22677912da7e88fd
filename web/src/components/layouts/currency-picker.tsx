import { useRef, type FormEvent } from 'react';
import {
  CURRENCY_PICKER_ID,
  CURRENCY_PICKER_TEXT,
  currencyOptionLabel,
  currencyTaxLine,
  type CurrencyPickerState,
} from '@shop/shared/pages';
import { pageCurrency } from '../../lib/catalog/page-currency';

// The footer's currency picker (docs/rules.md#local-prices): a GET form that works before the app
// (`?currency=` on the page, which the server keeps in the shop_currency cookie). Its markup is
// shared/src/pages/currency-picker.ts's currencyPickerHtml, which the server writes into every
// page in the shopper's currency; a test holds the two together so hydration adopts it.
//
// A new currency loads the page again, at the same address: every price, the cart's included, is
// then rendered in it, and nothing cached in the old one is shown. A choice made with the mouse
// applies at once; one made with the arrow keys waits for "Change" (or Enter), so moving through
// the list does not load a page per step.

/** Keys that change a closed select's value as the shopper moves through it. */
const BROWSING_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

function go(currency: string): void {
  const url = new URL(window.location.href);
  url.searchParams.set(CURRENCY_PICKER_TEXT.param, currency);
  window.location.assign(url.href);
}

export function CurrencyPickerView({ state }: { state: CurrencyPickerState }) {
  const select = useRef<HTMLSelectElement>(null);
  const byKeyboard = useRef(false);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Keeps the page's other parameters (a search), which a plain GET form would drop.
    go(select.current?.value ?? state.currency);
  };
  return (
    <form className="currency-picker" method="get" data-testid="currency-picker" onSubmit={onSubmit}>
      <div className="currency-picker__field">
        <label className="currency-picker__label" htmlFor={CURRENCY_PICKER_ID}>
          {CURRENCY_PICKER_TEXT.label}
        </label>
        <select
          ref={select}
          className="currency-picker__select"
          id={CURRENCY_PICKER_ID}
          name={CURRENCY_PICKER_TEXT.param}
          defaultValue={state.currency}
          onKeyDown={(e) => {
            byKeyboard.current = BROWSING_KEYS.has(e.key) || (e.key.length === 1 && !e.ctrlKey && !e.metaKey);
            if (e.key === 'Enter') {
              e.preventDefault();
              go(e.currentTarget.value);
            }
          }}
          onPointerDown={() => {
            byKeyboard.current = false;
          }}
          onChange={(e) => {
            if (!byKeyboard.current && e.currentTarget.value !== state.currency) go(e.currentTarget.value);
          }}
        >
          {state.currencies.map((code) => (
            <option key={code} value={code}>
              {currencyOptionLabel(code)}
            </option>
          ))}
        </select>
        <button type="submit" className="currency-picker__apply">
          {CURRENCY_PICKER_TEXT.apply}
        </button>
      </div>
      <p className="currency-picker__note" data-testid="currency-tax-note">
        {currencyTaxLine(state.currency)}
      </p>
    </form>
  );
}

/** The picker in the page's currency. */
export function CurrencyPicker() {
  return <CurrencyPickerView state={pageCurrency()} />;
}
