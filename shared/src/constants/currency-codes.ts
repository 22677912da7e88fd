// The currencies the store knows (docs/rules.md#local-prices), at the bottom layer so that the
// schemas of orders, carts and shipping can name an amount's currency, and without zod, since the
// footer's currency picker takes the currency table into every page's first script.

export const KNOWN_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY'] as const;
export type CurrencyCode = (typeof KNOWN_CURRENCIES)[number];
