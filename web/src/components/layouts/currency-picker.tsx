import {
  CURRENCY_PICKER_ID,
  CURRENCY_PICKER_TEXT,
  currencyOptionLabel,
  type CurrencyPickerState,
} from '@shop/shared/pages';
import { pageCurrency } from '../../lib/catalog/page-currency';

// The footer's currency picker (docs/rules.md#local-prices): a GET form that works before the app
// (`?currency=` on the page, which the server keeps in the shop_currency cookie). Its markup is
// shared/src/pages/currency-picker.ts's currencyPickerHtml, which the server writes into every
// page in the shopper's currency; a test holds the two together so hydration adopts it. What it
// does once the app runs is loaded after the page is taken over (currency-picker-behaviour.ts).

export function CurrencyPickerView({ state }: { state: CurrencyPickerState }) {
  return (
    <form className="currency-picker" method="get">
      <div className="currency-picker__field">
        <label className="currency-picker__label" htmlFor={CURRENCY_PICKER_ID}>
          {CURRENCY_PICKER_TEXT.label}
        </label>
        <select
          className="currency-picker__select"
          id={CURRENCY_PICKER_ID}
          name={CURRENCY_PICKER_TEXT.param}
          defaultValue={state.currency}
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
      <p className="currency-picker__note">{state.note}</p>
    </form>
  );
}

/** The picker in the page's currency. */
export function CurrencyPicker() {
  return <CurrencyPickerView state={pageCurrency()} />;
}
