import { z } from 'zod';

// The currencies the store knows (docs/rules.md#local-prices), here at the bottom layer so that
// order, cart and shipping schemas can name an amount's currency. What each one asks of amounts
// (Stripe's minimum, decimals, price points) is in domain/currency.

export const KNOWN_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY'] as const;
export type CurrencyCode = (typeof KNOWN_CURRENCIES)[number];
export const currencyCodeSchema = z.enum(KNOWN_CURRENCIES);
