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
/** A cart line whose variant the margin guard keeps off sale in the shopper's currency. */
export const variantOffSaleIn = (currencyName: string) =>
  `Not sold in ${currencyName} at the moment. Remove it, or switch to US dollars to buy it.`;
/** Checkout refused: the cart holds lines not sold in the shopper's currency (named). */
export const cartOffSaleIn = (currencyName: string, names: readonly string[]) =>
  `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} not sold in ${currencyName} at the moment. Remove ${names.length === 1 ? 'it' : 'them'}, or switch to US dollars.`;
/** Checkout refused: the total is under Stripe's smallest charge in the currency. */
export const belowCurrencyMinimum = (minimum: string) =>
  `Payments in this currency start at ${minimum}. Add something to your cart to check out.`;
/** An amount-off code: its amount is in US dollars, so it applies only to a payment in them. */
export const discountUsdOnly = 'This code takes US dollars off, so it works only when you pay in US dollars.';
