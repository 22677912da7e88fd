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
