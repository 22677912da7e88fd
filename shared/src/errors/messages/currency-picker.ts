// The footer's currency picker's words (docs/rules.md#local-prices), apart from the other currency
// messages: every page's first script takes these, and only these.

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
