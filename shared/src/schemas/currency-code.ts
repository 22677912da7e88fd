import { z } from 'zod';
import { KNOWN_CURRENCIES } from '../constants/currency-codes.js';

// An amount's currency in the schemas (docs/rules.md#local-prices); what each one asks of amounts
// (Stripe's minimum, decimals, price points) is in domain/currency.

export { KNOWN_CURRENCIES, type CurrencyCode } from '../constants/currency-codes.js';
export const currencyCodeSchema = z.enum(KNOWN_CURRENCIES);
