// Local prices' messages (docs/rules.md#local-prices).

/** What a shopper reads when their currency's rate is too old (or missing) to sell in it. */
export const currencyPaused = (currencyName: string) =>
  `Prices in ${currencyName} are paused while we update our exchange rates. You can still shop and pay in US dollars.`;
/** A hand-set price with more decimals than its currency has (yen have none, euros two). */
export const priceDecimals = (currency: string, decimals: number) =>
  decimals === 0
    ? `Prices in ${currency} are whole numbers`
    : `Prices in ${currency} have at most ${decimals} decimals`;
/** A hand-set price or rate for a currency the store does not sell in. */
export const currencyNotEnabled = (currency: string) =>
  `The store does not sell in ${currency}; STORE_CURRENCIES names the ones it does`;
/** The admin asked for a refresh and the source could not be reached. */
export const ratesSourceDown = 'The exchange-rate source could not be read; the last good rates stay in use.';

/** The footer's currency picker: its label and the button that applies it before the app runs. */
export const currencyPickerLabel = 'Currency';
export const currencyPickerApply = 'Change';

/**
 * The footer's line on tax, for the shopper's currency: a price that includes VAT/GST says so (as
 * the law asks in the EU, the UK and Australia); a price before tax says the tax is added at
 * checkout where it applies (US sales tax, Canadian GST/HST).
 */
export const currencyTaxNote = (currencyName: string, taxName: string, included: boolean) =>
  included
    ? `Prices in ${currencyName} include ${taxName}.`
    : `Prices in ${currencyName} do not include ${taxName}; it is added at checkout where it applies.`;
